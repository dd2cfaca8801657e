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

# The APIs whose `team` label is one of these (Konnect's filter[labels.team][oeq]).
data "konnect_api_list" "billing_or_shop" {
  filter = {
    labels = { team = { oeq = "billing,shop" } }
  }
}
