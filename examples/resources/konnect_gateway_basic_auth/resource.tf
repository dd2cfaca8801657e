variable "checkout_password" {
  type      = string
  sensitive = true
}

# Konnect stores the password hashed; Terraform keeps the one it wrote.
resource "konnect_gateway_basic_auth" "checkout" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  consumer_id      = konnect_gateway_consumer.checkout.id
  username         = "checkout-web"
  password         = var.checkout_password
}
