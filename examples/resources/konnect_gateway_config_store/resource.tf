resource "konnect_gateway_config_store" "app" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "app-secrets"
}

# A vault that reads it: {vault://app/<key>}
resource "konnect_gateway_vault" "app" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "konnect"
  prefix           = "app"
  config           = jsonencode({ config_store_id = konnect_gateway_config_store.app.id })
}
