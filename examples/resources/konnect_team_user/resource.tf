# Users join Konnect by invitation: look one up by email, then put them in a team.
data "konnect_user" "jane" {
  email = "jane.doe@example.com"
}

resource "konnect_team_user" "platform_jane" {
  team_id = konnect_team.platform.id
  user_id = data.konnect_user.jane.id
}
