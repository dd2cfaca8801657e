# The platform team may administer the payments control plane, in the US region.
resource "konnect_team_role" "platform_payments_admin" {
  team_id          = konnect_team.platform.id
  role_name        = "Admin"
  entity_type_name = "Control Planes"
  entity_id        = konnect_gateway_control_plane.payments.id
  entity_region    = "us"
}
