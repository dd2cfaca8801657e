# By name (or set `id` instead).
data "konnect_gateway_control_plane" "payments" {
  name = "payments"
}
