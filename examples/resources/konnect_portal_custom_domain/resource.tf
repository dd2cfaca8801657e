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
#
# With Terraform 1.11+ or OpenTofu 1.11+, the top-level custom_private_key_wo keeps the key out
# of state and plan files: it is sent with the certificate when the domain is created and
# whenever custom_private_key_wo_version changes. A renewed certificate needs a new version:
#
# resource "konnect_portal_custom_domain" "developers" {
#   portal_id = konnect_portal.developers.id
#   hostname  = "developers.example.com"
#   enabled   = true
#   ssl = {
#     domain_verification_method = "custom_certificate"
#     custom_certificate         = file("developers.example.com.crt")
#   }
#   custom_private_key_wo         = var.developers_key # an ephemeral variable
#   custom_private_key_wo_version = 1
# }
