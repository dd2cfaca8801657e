# A consumer of the partners realm, in the realm's consumer groups and its own.
resource "konnect_centralized_consumer" "acme" {
  realm_id        = konnect_realm.partners.id
  username        = "acme"
  custom_id       = "crm-4200"
  type            = "proxy"
  consumer_groups = ["gold"]
  tags            = ["partner"]
}
