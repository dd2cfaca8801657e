# Konnect's predefined roles, for one entity type (leave entity_type_name out for all).
data "konnect_roles" "control_planes" {
  entity_type_name = "Control Planes"
}

output "control_plane_roles" {
  value = { for r in data.konnect_roles.control_planes.roles : r.role_name => r.description }
}

# Grant a team every control plane role whose name ends in "Admin".
resource "konnect_team" "gateway_admins" {
  name = "gateway-admins"
}

resource "konnect_team_role" "admin_roles" {
  for_each         = toset([for r in data.konnect_roles.control_planes.roles : r.role_name if endswith(r.role_name, "Admin")])
  team_id          = konnect_team.gateway_admins.id
  entity_type_name = data.konnect_roles.control_planes.entity_type_name
  entity_id        = "*"
  entity_region    = "*"
  role_name        = each.key
}
