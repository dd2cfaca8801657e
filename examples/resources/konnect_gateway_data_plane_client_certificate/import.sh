# <control_plane_id>/<certificate id>
terraform import konnect_gateway_data_plane_client_certificate.edge "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/5f6a7b8c-9d0e-4f1a-b2c3-d4e5f6a7b8c9"
