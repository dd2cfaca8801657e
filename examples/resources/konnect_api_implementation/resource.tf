# The orders API is implemented by the gateway service of this configuration.
resource "konnect_api_implementation" "orders" {
  api_id = konnect_api.orders.id
  service_reference = {
    service = {
      control_plane_id = konnect_gateway_control_plane.payments.id
      id               = konnect_gateway_service.orders.id
    }
  }
}
