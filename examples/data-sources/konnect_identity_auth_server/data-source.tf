# An auth server by its name (or by id).
data "konnect_identity_auth_server" "orders" {
  name = "orders"
}

output "orders_issuer" {
  value = data.konnect_identity_auth_server.orders.issuer
}
