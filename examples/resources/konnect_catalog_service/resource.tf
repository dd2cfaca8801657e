# A service of the Service Catalog, with the catalog's custom fields about it.
resource "konnect_catalog_service" "orders" {
  name         = "orders"
  display_name = "Orders"
  description  = "Takes and tracks customer orders."
  custom_fields = jsonencode({
    owner     = "team-orders"
    tier      = null # a field the catalog defines, not filled in yet
    dashboard = { name = "Orders dashboard", link = "https://dashboards.example.com/orders" }
  })
  labels = {
    env = "prod"
  }
}
