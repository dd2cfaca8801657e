resource "konnect_gateway_sni" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "api.example.com" # or a wildcard: "*.example.com"
  certificate      = { id = konnect_gateway_certificate.example.id }
  tags             = ["team:payments"]
}
