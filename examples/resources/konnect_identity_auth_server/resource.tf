# An OAuth 2.0 authorization server run by Konnect (Kong Identity).
resource "konnect_identity_auth_server" "orders" {
  name              = "orders"
  audience          = "api://orders"
  description       = "Tokens for the orders API"
  signing_algorithm = "RS256"
  trusted_origins   = ["https://shop.example.com"]
  labels = {
    team = "orders"
  }
}
