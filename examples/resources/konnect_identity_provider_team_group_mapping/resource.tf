resource "konnect_team" "tech_leads" {
  name = "Tech Leads"
}

# Users the identity provider puts in the group "tech-leads" are members of the team.
resource "konnect_identity_provider_team_group_mapping" "tech_leads" {
  identity_provider_id = konnect_identity_provider.okta.id
  team_id              = konnect_team.tech_leads.id
  group                = "tech-leads"
}
