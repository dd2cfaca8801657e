resource "konnect_portal_team" "partners" {
  portal_id            = konnect_portal.developers.id
  name                 = "partners"
  description          = "Developers of our partner companies."
  can_own_applications = true
}
