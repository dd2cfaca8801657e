resource "konnect_gateway_consumer_group" "gold" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "gold"
  tags             = ["tier:gold"]
}

# Plugins can target the whole group.
resource "konnect_gateway_plugin" "gold_rate_limit" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "rate-limiting"
  consumer_group   = { id = konnect_gateway_consumer_group.gold.id }
  config           = jsonencode({ minute = 1000 })
}
