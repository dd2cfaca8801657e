# <control_plane_id>/<plugin id or instance_name>
terraform import konnect_gateway_plugin.orders_rate_limit "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/orders-rate-limit"
