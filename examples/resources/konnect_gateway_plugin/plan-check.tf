data "konnect_gateway_control_plane" "payments" {
  name = "payments"
}

resource "konnect_gateway_plugin" "orders_rate_limit" {
  control_plane_id = data.konnect_gateway_control_plane.payments.id
  name             = "rate-limiting"
  config = jsonencode({
    minuet = 100
    policy = "locl"
  })
}
