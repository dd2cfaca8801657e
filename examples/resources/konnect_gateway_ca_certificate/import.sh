# <control_plane_id>/<CA certificate id>
terraform import konnect_gateway_ca_certificate.example "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/7b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e"
