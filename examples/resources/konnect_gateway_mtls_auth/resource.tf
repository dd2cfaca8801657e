# Changing any attribute replaces the credential: Konnect cannot edit one in place.
resource "konnect_gateway_mtls_auth" "checkout" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  consumer_id      = konnect_gateway_consumer.checkout.id
  subject_name     = "checkout.payments.example.com"
  ca_certificate   = { id = konnect_gateway_ca_certificate.internal.id }
}
