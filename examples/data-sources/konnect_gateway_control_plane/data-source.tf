# By name (or set `id` instead).
data "konnect_gateway_control_plane" "payments" {
  name = "payments"
}

# With the filter arguments of Kong's provider: it must match exactly one control plane,
# unless `sort` says which comes first.
data "konnect_gateway_control_plane" "newest_payments" {
  filter = {
    name = { contains = "payments" }
  }
  filter_labels = "env:prod"
  sort          = "created_at desc"
}
