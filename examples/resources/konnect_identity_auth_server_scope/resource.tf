resource "konnect_identity_auth_server_scope" "orders_read" {
  auth_server_id      = konnect_identity_auth_server.orders.id
  name                = "orders:read"
  description         = "Read orders"
  include_in_metadata = true
}
