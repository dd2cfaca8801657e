resource "konnect_api" "orders" {
  name        = "orders"
  version     = "v1"
  description = "Create, pay and track orders."
  labels      = { team = "shop" }
  attributes  = jsonencode({ domains = ["web", "mobile"] })
}
