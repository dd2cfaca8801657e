# <control_plane_id>/<key id or name>
terraform import konnect_gateway_key.example "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/signing-2026-12"
