# A traditional route: matches on methods, hosts, paths and headers.
resource "konnect_gateway_route" "orders" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "orders"
  service          = { id = konnect_gateway_service.orders.id }
  protocols        = ["https"]
  methods          = ["GET", "POST"]
  hosts            = ["api.example.com"]
  paths            = ["/orders"]
  headers          = { x-api-version = ["2"] }
  strip_path       = false
  tags             = ["team:payments"]
  # Attributes left unset (regex_priority, path_handling, …) follow whatever Konnect holds.
}

# An expression route: `expression` and `priority` instead of the matching attributes.
resource "konnect_gateway_route" "orders_v3" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "orders-v3"
  service          = { id = konnect_gateway_service.orders.id }
  expression       = "http.path ^= \"/v3/orders\" && http.method == \"GET\""
  priority         = 100
}
