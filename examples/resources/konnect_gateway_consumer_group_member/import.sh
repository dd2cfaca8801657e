# <control_plane_id>/<consumer_group_id>/<consumer_id> (ids, not names)
terraform import konnect_gateway_consumer_group_member.checkout_gold "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f"
