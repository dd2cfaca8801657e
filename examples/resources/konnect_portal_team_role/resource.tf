# The partners team may read the documentation of the orders API, in the US region.
resource "konnect_portal_team_role" "partners_orders_viewer" {
  portal_id        = konnect_portal.developers.id
  team_id          = konnect_portal_team.partners.id
  role_name        = "API Viewer"
  entity_type_name = "Services"
  entity_id        = "18ee2573-dd86-4fc8-9c4f-3e4a3e3d5b0e" # the API's id
  entity_region    = "us"
}
