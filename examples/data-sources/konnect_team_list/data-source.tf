# Every team of the organization, Konnect's predefined teams included (every page).
data "konnect_team_list" "all" {}

# Only the teams whose name contains "platform" (Kong's filter; `eq` for an exact name).
data "konnect_team_list" "platform" {
  filter = {
    name = { contains = "platform" }
  }
}

output "predefined_teams" {
  value = [for t in data.konnect_team_list.all.data : t.name if t.system_team]
}

output "platform_team_ids" {
  value = { for t in data.konnect_team_list.platform.data : t.name => t.id }
}
