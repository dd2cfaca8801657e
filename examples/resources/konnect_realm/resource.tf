# Consumers that the gateways of two control planes authenticate centrally.
resource "konnect_realm" "partners" {
  name                   = "partners"
  allowed_control_planes = [konnect_gateway_control_plane.payments.id, konnect_gateway_control_plane.orders.id]
  consumer_groups        = ["partners"]
  ttl                    = 10
  negative_ttl           = 5
}

# The key-auth plugin of a control plane the realm allows finds its consumers there.
resource "konnect_gateway_plugin" "key_auth" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "key-auth"
  config = jsonencode({
    identity_realms = [{ id = konnect_realm.partners.id, region = "us", scope = "realm" }]
  })
}
