resource "konnect_system_account" "ci" {
  name        = "ci"
  description = "Applies the gateway configuration from CI."
}
