# <control_plane_id>/<partial id or name>
terraform import konnect_gateway_partial.redis "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/shared-redis"
