data "konnect_gateway_control_plane_list" "prod" {
  labels = { env = "prod" }
}

output "prod_control_plane_ids" {
  value = [for cp in data.konnect_gateway_control_plane_list.prod.data : cp.id]
}

# Kong's provider's arguments work unchanged: every filter set must hold.
data "konnect_gateway_control_plane_list" "hybrid_payments" {
  filter = {
    name         = { contains = "payments" }
    cluster_type = { eq = "CLUSTER_TYPE_HYBRID" }
  }
  filter_labels = "env:prod,team" # env is prod, and a team label is set
}

output "hybrid_payments_endpoints" {
  value = { for cp in data.konnect_gateway_control_plane_list.hybrid_payments.data : cp.name => cp.config.control_plane_endpoint }
}
