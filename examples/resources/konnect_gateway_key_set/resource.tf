resource "konnect_gateway_key_set" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "jwt-signing"
  tags             = ["team:payments"]
}
