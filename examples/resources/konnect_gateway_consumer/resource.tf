resource "konnect_gateway_consumer" "checkout" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  username         = "checkout-web"
  custom_id        = "crm-4711" # set username, custom_id or both
  tags             = ["team:checkout"]
}
