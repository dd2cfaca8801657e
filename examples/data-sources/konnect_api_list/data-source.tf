# Every API of the organization (every page).
data "konnect_api_list" "all" {}

# Only the versions of one API (Konnect's filter).
data "konnect_api_list" "orders" {
  filter = {
    name = { eq = "orders" }
  }
}

output "order_api_versions" {
  value = { for a in data.konnect_api_list.orders.data : a.version => a.slug }
}
