# <control_plane_id>/<consumer_id>/<key-auth id>
terraform import konnect_gateway_key_auth.checkout "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f/8e9f0a1b-2c3d-4e5f-8a6b-7c8d9e0f1a2b"
