# One per organization. Destroying it puts Konnect's defaults back.
resource "konnect_authentication_settings" "this" {
  basic_auth_enabled      = true
  konnect_mapping_enabled = true
  idp_mapping_enabled     = false
}
