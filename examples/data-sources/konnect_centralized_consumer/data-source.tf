# By username in its realm (or set `id` instead).
data "konnect_centralized_consumer" "acme" {
  realm_id = data.konnect_realm.partners.id
  username = "acme"
}
