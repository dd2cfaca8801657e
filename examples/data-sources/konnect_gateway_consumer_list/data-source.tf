variable "control_plane_id" {
  type = string
}

data "konnect_gateway_consumer_list" "vip" {
  control_plane_id = var.control_plane_id
  tags             = ["vip"]
}

output "vip_usernames" {
  value = [for c in data.konnect_gateway_consumer_list.vip.data : c.username]
}

# One consumer by its exact username.
data "konnect_gateway_consumer_list" "alice" {
  control_plane_id = var.control_plane_id
  username         = "alice"
}
