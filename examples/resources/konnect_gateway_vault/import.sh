# <control_plane_id>/<vault id or prefix>
terraform import konnect_gateway_vault.example "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/app-env"
