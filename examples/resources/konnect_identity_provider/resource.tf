variable "oidc_client_secret" {
  type      = string
  sensitive = true
}

resource "konnect_identity_provider" "okta" {
  type       = "oidc"
  login_path = "acme"
  enabled    = true
  config = {
    oidc_identity_provider_config = {
      issuer_url = "https://acme.okta.com/oauth2/default"
      client_id  = "0oa1b2c3d4e5f6g7h8i9"
      # Konnect never returns it: state keeps it (sensitive). To keep it out of state and plan
      # files too (Terraform 1.11+, OpenTofu 1.11+), use the top-level client_secret_wo instead:
      # see resource-write-only.tf next to this file.
      client_secret = var.oidc_client_secret
      scopes        = ["openid", "email", "profile"]
      claim_mappings = {
        email  = "email"
        groups = "groups"
        name   = "name"
      }
    }
  }
}

# A SAML provider: Konnect computes the URLs to give the identity provider.
resource "konnect_identity_provider" "saml" {
  type       = "saml"
  login_path = "acme-saml"
  config = {
    saml_identity_provider_config = {
      idp_metadata_url = "https://acme.okta.com/app/exk1a2b3c4/sso/saml/metadata"
    }
  }
}

output "saml_acs_url" {
  value = konnect_identity_provider.saml.config.saml_identity_provider_config.callback_url
}
