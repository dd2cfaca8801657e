import {
  to = konnect_gateway_control_plane_membership.all
  id = "7b8c9d0e-1f2a-4b3c-84d5-e6f7a8b9c0d1"
}
