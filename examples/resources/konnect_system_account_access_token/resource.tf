# Konnect shows the token once, when it is created: state keeps it (sensitive), and no
# later plan makes a new one. Changing expires_at replaces the token.
resource "konnect_system_account_access_token" "ci" {
  account_id = konnect_system_account.ci.id
  name       = "ci-pipeline"
  expires_at = "2030-01-31T00:00:00Z"
}

# Hand it to the pipeline's secret store, for example:
output "ci_token" {
  value     = konnect_system_account_access_token.ci.token
  sensitive = true
}
