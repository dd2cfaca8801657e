resource "konnect_system_account_team" "ci_platform" {
  team_id    = konnect_team.platform.id
  account_id = konnect_system_account.ci.id
}
