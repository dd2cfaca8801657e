data "konnect_gateway_service" "orders" {
  control_plane_id = data.konnect_gateway_control_plane.payments.id
  name             = "orders"
}
