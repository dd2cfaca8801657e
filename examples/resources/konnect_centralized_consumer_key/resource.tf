# A key whose secret Konnect generates: Konnect shows it once, and `secret` keeps it
# (sensitive, in the state file) to pass on to the consumer.
resource "konnect_centralized_consumer_key" "acme" {
  realm_id    = konnect_realm.partners.id
  consumer_id = konnect_centralized_consumer.acme.id
  type        = "new"
}

output "acme_key" {
  value     = konnect_centralized_consumer_key.acme.secret
  sensitive = true
}

variable "acme_legacy_key" {
  type      = string
  sensitive = true
}

# A legacy key with a secret of your own. Write-only (Terraform 1.11+, OpenTofu 1.11+): never
# kept in state; a new version replaces the key. Older CLIs: secret = var.acme_legacy_key.
resource "konnect_centralized_consumer_key" "acme_legacy" {
  realm_id          = konnect_realm.partners.id
  consumer_id       = konnect_centralized_consumer.acme.id
  type              = "legacy"
  secret_wo         = var.acme_legacy_key
  secret_wo_version = 1
}
