# A machine client. Without client_secret or client_secret_wo, Konnect generates the
# secret and shows it once: it is then kept in state (sensitive) in client_secret.
resource "konnect_identity_auth_server_client" "billing" {
  auth_server_id        = konnect_identity_auth_server.orders.id
  name                  = "billing"
  grant_types           = ["client_credentials"]
  response_types        = ["token"]
  allow_scopes          = [konnect_identity_auth_server_scope.orders_read.id]
  access_token_duration = 600
}

# Pass the generated secret on, for example to a secret store.
output "billing_client_secret" {
  value     = konnect_identity_auth_server_client.billing.client_secret
  sensitive = true
}

variable "reports_secret" {
  type      = string
  sensitive = true
}

# A client whose secret you choose, kept out of state (Terraform 1.11+, OpenTofu 1.11+):
# increment the version to send a new secret. Older CLIs: client_secret = var.reports_secret.
resource "konnect_identity_auth_server_client" "reports" {
  auth_server_id           = konnect_identity_auth_server.orders.id
  name                     = "reports"
  grant_types              = ["client_credentials"]
  response_types           = ["token"]
  allow_all_scopes         = true
  client_secret_wo         = var.reports_secret
  client_secret_wo_version = 1
}
