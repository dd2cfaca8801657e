# An API by slug, unique in the organization (or set `id` instead).
data "konnect_api" "payments" {
  slug = "payments-v2"
}

# By name: several versions of an API may share it, and exactly one must match.
data "konnect_api" "orders" {
  name = "orders"
}

# With the filter argument: it must match exactly one API.
data "konnect_api" "orders_v2" {
  filter = {
    name    = { eq = "orders" }
    version = { eq = "v2" }
  }
}

output "payments_api_id" {
  value = data.konnect_api.payments.id
}
