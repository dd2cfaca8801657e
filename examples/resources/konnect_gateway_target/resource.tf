resource "konnect_gateway_target" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  upstream_id      = konnect_gateway_upstream.example.id
  target           = "10.0.12.7:8443" # host:port; the port is required
  weight           = 100
  tags             = ["team:payments"]
}
