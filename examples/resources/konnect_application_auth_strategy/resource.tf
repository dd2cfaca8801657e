# Applications authenticate with API keys, valid 90 days.
resource "konnect_application_auth_strategy" "keys" {
  key_auth = {
    name         = "partner-keys"
    display_name = "API keys"
    configs = {
      key_auth = {
        key_names = ["apikey"]
        ttl       = { value = 90, unit = "days" }
      }
    }
  }
}

# Applications authenticate with OpenID Connect client credentials.
resource "konnect_application_auth_strategy" "oidc" {
  openid_connect = {
    name         = "partner-oidc"
    display_name = "OpenID Connect"
    configs = {
      openid_connect = {
        issuer           = "https://issuer.example.com/default"
        credential_claim = ["client_id"]
        scopes           = ["openid"]
        auth_methods     = ["client_credentials"]
      }
    }
  }
}
