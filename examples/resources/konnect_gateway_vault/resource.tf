# Secrets from the data plane's environment, referenced as {vault://app-env/<name>}.
resource "konnect_gateway_vault" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "env" # the vault type: env, aws, gcp, hcv, azure, konnect, conjur
  prefix           = "app-env"
  description      = "Secrets from the gateway's environment (APP_*)"
  config           = jsonencode({ prefix = "APP_" })
}

# A HashiCorp Vault: its token is a secret, kept in config_secrets (sensitive,
# merged into config on every write) rather than in config, which plans and logs show.
variable "hcv_token" {
  type      = string
  sensitive = true
}

resource "konnect_gateway_vault" "hcv" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "hcv"
  prefix           = "corp-vault"
  config = jsonencode({
    host        = "vault.internal"
    port        = 8200
    protocol    = "https"
    mount       = "secret"
    kv          = "v2"
    auth_method = "token"
  })
  config_secrets = jsonencode({ token = var.hcv_token })
}
