# With Terraform 1.11+ or OpenTofu 1.11+, config_secrets_wo keeps the secret out of
# state and plan files too: it is sent on create and whenever
# config_secrets_wo_version changes.
variable "oidc_client_secret" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "konnect_gateway_plugin" "oidc" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "openid-connect"
  service          = { id = konnect_gateway_service.orders.id }
  config = jsonencode({
    issuer    = "https://idp.example.com/.well-known/openid-configuration"
    client_id = ["orders"]
  })
  config_secrets_wo = jsonencode({
    client_secret = [var.oidc_client_secret]
  })
  config_secrets_wo_version = 1 # change it to send a new secret
}
