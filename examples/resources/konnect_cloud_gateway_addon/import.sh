terraform import konnect_cloud_gateway_addon.cache "550e8400-e29b-41d4-a716-446655440000"
