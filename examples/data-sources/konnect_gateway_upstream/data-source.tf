data "konnect_gateway_upstream" "orders" {
  control_plane_id = data.konnect_gateway_control_plane.payments.id
  name             = "orders.upstream"
}
