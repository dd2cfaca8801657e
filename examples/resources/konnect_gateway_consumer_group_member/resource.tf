# Changing either id replaces the membership: Konnect can only add and remove members.
resource "konnect_gateway_consumer_group_member" "checkout_gold" {
  control_plane_id  = konnect_gateway_control_plane.payments.id
  consumer_group_id = konnect_gateway_consumer_group.gold.id
  consumer_id       = konnect_gateway_consumer.checkout.id
}
