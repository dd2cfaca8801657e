# <control_plane_id>/<config store id>
terraform import konnect_gateway_config_store.app "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/6a7b8c9d-0e1f-4a2b-83c4-d5e6f7a8b9c0"
