resource "konnect_api_publication" "orders_developers" {
  api_id     = konnect_api.orders.id
  portal_id  = konnect_portal.developers.id
  visibility = "public"
}
