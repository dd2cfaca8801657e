resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "orders"
  protocol         = "https"
  host             = "orders.internal.example.com"
  port             = 443
  path             = "/v1"
  read_timeout     = 30000
  tls_verify       = true
  tags             = ["team:payments"]
  # Names the upstream's certificate may carry besides host.
  tls_sans = {
    dnsnames = ["orders.example.com"]
  }
  # Attributes left unset (retries, connect_timeout, …) follow whatever Konnect holds.
}

# A service that keeps the id it has in a decK file: Konnect creates it under this id
# (a UUID). Changing the id replaces the service; removing it keeps the service and its id.
resource "konnect_gateway_service" "billing" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  id               = "5b1d4e5a-8c0e-4f57-9c4e-2f7d1a3b6c90"
  name             = "billing"
  host             = "billing.internal.example.com"
}
