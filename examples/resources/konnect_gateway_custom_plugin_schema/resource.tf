# The schema of a custom plugin; a konnect_gateway_plugin of its name can then be created.
resource "konnect_gateway_custom_plugin_schema" "greeter" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  lua_schema       = file("${path.module}/greeter/schema.lua")
}

resource "konnect_gateway_plugin" "greeter" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = konnect_gateway_custom_plugin_schema.greeter.name
  config           = jsonencode({ greeting = "hello" })
}
