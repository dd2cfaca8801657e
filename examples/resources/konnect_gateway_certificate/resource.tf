resource "konnect_gateway_certificate" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  cert             = file("${path.module}/certs/api.example.com.crt")
  key              = file("${path.module}/certs/api.example.com.key") # sensitive: never shown in plans
  tags             = ["team:payments"]

  # An alternate pair of another key type (for example ECDSA next to RSA) is optional;
  # cert_alt and key_alt go together.
  # cert_alt = file("${path.module}/certs/api.example.com.ecdsa.crt")
  # key_alt  = file("${path.module}/certs/api.example.com.ecdsa.key")
}
