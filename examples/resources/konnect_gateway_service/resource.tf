resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "orders"
  protocol         = "https"
  host             = "orders.internal.example.com"
  port             = 443
  path             = "/v1"
  read_timeout     = 30000
  tags             = ["team:payments"]
  # Attributes left unset (retries, connect_timeout, …) follow whatever Konnect holds.
}
