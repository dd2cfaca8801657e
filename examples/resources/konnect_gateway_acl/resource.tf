# Allowed by an `acl` plugin with config = jsonencode({ allow = ["payments-api"] }).
resource "konnect_gateway_acl" "checkout_payments" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  consumer_id      = konnect_gateway_consumer.checkout.id
  group            = "payments-api"
}
