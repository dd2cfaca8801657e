# Secrets from the data plane's environment, referenced as {vault://app-env/<name>}.
resource "konnect_gateway_vault" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "env" # the vault type: env, aws, gcp, hcv, azure, konnect, conjur
  prefix           = "app-env"
  description      = "Secrets from the gateway's environment (APP_*)"
  config           = jsonencode({ prefix = "APP_" })
}
