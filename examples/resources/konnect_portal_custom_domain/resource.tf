# Konnect obtains the certificate once the CNAME record points at the portal's default domain.
resource "konnect_portal_custom_domain" "developers" {
  portal_id = konnect_portal.developers.id
  hostname  = "developers.example.com"
  enabled   = true
  ssl = {
    domain_verification_method = "http"
  }
}

# With a certificate of your own (the key stays sensitive):
#
# resource "konnect_portal_custom_domain" "developers" {
#   portal_id = konnect_portal.developers.id
#   hostname  = "developers.example.com"
#   enabled   = true
#   ssl = {
#     domain_verification_method = "custom_certificate"
#     custom_certificate         = file("developers.example.com.crt")
#     custom_private_key         = file("developers.example.com.key")
#   }
# }
