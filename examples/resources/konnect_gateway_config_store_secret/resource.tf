# Konnect never returns the value: Terraform keeps what it wrote, and sees a change made in
# Konnect only as the secret having changed, not its value.
resource "konnect_gateway_config_store_secret" "db_password" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  config_store_id  = konnect_gateway_config_store.app.id
  key              = "db-password"
  value            = var.db_password # sensitive
}
