# By name (or set `id` instead).
data "konnect_catalog_service" "orders" {
  name = "orders"
}
