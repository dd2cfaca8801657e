# Every system account of the organization (every page).
data "konnect_system_account_list" "all" {}

# Only the accounts Terraform can manage whose name starts with "ci-" (Kong's filter: `name`
# and `description` take `eq` or `contains`; every filter set must hold).
data "konnect_system_account_list" "ci" {
  filter = {
    name            = { contains = "ci-" }
    konnect_managed = false
  }
}

output "ci_accounts" {
  value = { for a in data.konnect_system_account_list.ci.data : a.name => a.id }
}
