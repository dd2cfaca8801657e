# A claim that tokens asking for the orders:read scope carry.
resource "konnect_identity_auth_server_claim" "team" {
  auth_server_id    = konnect_identity_auth_server.orders.id
  name              = "team"
  value             = "orders"
  include_in_token  = true
  include_in_scopes = [konnect_identity_auth_server_scope.orders_read.id]
}
