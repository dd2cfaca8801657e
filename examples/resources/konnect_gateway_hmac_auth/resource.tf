# Konnect generates the secret when `secret` is unset; read it from state (it is sensitive).
resource "konnect_gateway_hmac_auth" "checkout" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  consumer_id      = konnect_gateway_consumer.checkout.id
  username         = "checkout-hmac"
}
