# Tokens signed by the checkout service with its RSA key; `iss` must equal `key`.
resource "konnect_gateway_jwt" "checkout" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  consumer_id      = konnect_gateway_consumer.checkout.id
  key              = "https://checkout.example.com"
  algorithm        = "RS256"
  rsa_public_key   = file("${path.module}/checkout-jwt.pub.pem")
}
