# With Terraform 1.11+ or OpenTofu 1.11+, the top-level client_secret_wo keeps the OIDC client
# secret out of state and plan files too (instead of
# config.oidc_identity_provider_config.client_secret): it is sent on create and whenever
# client_secret_wo_version changes, alone in the PATCH (Konnect keeps the rest of config).
variable "okta_client_secret" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "konnect_identity_provider" "okta" {
  type       = "oidc"
  login_path = "acme"
  enabled    = true
  config = {
    oidc_identity_provider_config = {
      issuer_url = "https://acme.okta.com/oauth2/default"
      client_id  = "0oa1b2c3d4e5f6g7h8i9"
    }
  }
  client_secret_wo         = var.okta_client_secret
  client_secret_wo_version = 1 # change it to send a new secret
}
