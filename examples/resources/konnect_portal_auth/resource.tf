# Developers log in with an email and a password; portal admins assign them to teams.
resource "konnect_portal_auth" "developers" {
  portal_id               = konnect_portal.developers.id
  basic_auth_enabled      = true
  konnect_mapping_enabled = true
  idp_mapping_enabled     = false
}
