import {
  to = konnect_gateway_custom_plugin_streaming.greeter
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/greeter"
}
