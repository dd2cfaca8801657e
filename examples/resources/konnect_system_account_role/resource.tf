# CI may deploy to every control plane, in every region.
resource "konnect_system_account_role" "ci_deployer" {
  account_id       = konnect_system_account.ci.id
  role_name        = "Deployer"
  entity_type_name = "Control Planes"
  entity_id        = "*"
  entity_region    = "*"
}
