resource "konnect_gateway_data_plane_client_certificate" "edge" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  cert             = file("${path.module}/edge-dp.crt")
  title            = "edge data planes"
}
