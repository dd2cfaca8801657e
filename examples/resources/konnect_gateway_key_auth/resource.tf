# Konnect generates the key when `key` is unset; read it from state (it is sensitive).
resource "konnect_gateway_key_auth" "checkout" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  consumer_id      = konnect_gateway_consumer.checkout.id
  ttl              = 7776000 # 90 days
  tags             = ["team:checkout"]
}
