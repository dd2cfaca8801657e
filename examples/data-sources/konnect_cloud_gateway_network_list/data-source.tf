# Every network of the organization that is ready for configurations (every page).
data "konnect_cloud_gateway_network_list" "ready" {
  filter = {
    state = { eq = "ready" }
  }
}

output "ready_networks" {
  value = { for n in data.konnect_cloud_gateway_network_list.ready.data : n.name => n.id }
}
