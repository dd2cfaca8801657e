# <control_plane_id>/<custom plugin id or name>
terraform import konnect_gateway_custom_plugin_streaming.greeter "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/greeter"

# Kong's official provider format is accepted too.
terraform import konnect_gateway_custom_plugin_streaming.greeter '{"control_plane_id":"9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a","id":"5b1c0a2e-8f3d-4c6b-9e1a-7d2f0c4b8a6e"}'
