# One of Konnect's predefined teams, by name (or set `id` instead).
data "konnect_team" "org_admins" {
  name = "Organization Admin"
}

# With the filter argument of Kong's provider: it must match exactly one team.
data "konnect_team" "portal_admins" {
  filter = {
    name = { eq = "Portal Admin" }
  }
}

# Put a system account in a predefined team.
resource "konnect_system_account" "ci" {
  name        = "ci"
  description = "Runs the pipelines"
}

resource "konnect_system_account_team" "ci_admins" {
  team_id    = data.konnect_team.org_admins.id
  account_id = konnect_system_account.ci.id
}
