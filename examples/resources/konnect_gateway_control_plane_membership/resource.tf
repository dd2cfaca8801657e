resource "konnect_gateway_control_plane" "all" {
  name         = "all-regions"
  cluster_type = "CLUSTER_TYPE_CONTROL_PLANE_GROUP"
}

# The whole member set of the group: a member added or removed in Konnect is a change the
# guards report, like any other edit made in Konnect.
resource "konnect_gateway_control_plane_membership" "all" {
  control_plane_id = konnect_gateway_control_plane.all.id
  members = [
    { id = konnect_gateway_control_plane.eu.id },
    { id = konnect_gateway_control_plane.us.id },
  ]
}
