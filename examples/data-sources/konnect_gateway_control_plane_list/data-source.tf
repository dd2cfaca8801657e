data "konnect_gateway_control_plane_list" "prod" {
  labels = { env = "prod" }
}

output "prod_control_plane_ids" {
  value = [for cp in data.konnect_gateway_control_plane_list.prod.control_planes : cp.id]
}
