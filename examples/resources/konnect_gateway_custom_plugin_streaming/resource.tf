# A custom plugin streamed to the data planes: its schema and its handler. A
# konnect_gateway_plugin of its name can then be created, its config checked at plan
# against this schema.
resource "konnect_gateway_custom_plugin_streaming" "greeter" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "greeter"
  schema           = file("${path.module}/greeter/schema.lua")
  handler          = file("${path.module}/greeter/handler.lua")
}

resource "konnect_gateway_plugin" "greeter" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = konnect_gateway_custom_plugin_streaming.greeter.name
  config           = jsonencode({ greeting = "hello" })
}
