resource "konnect_portal" "developers" {
  name                    = "developers"
  display_name            = "Acme APIs"
  description             = "Every API our partners can use."
  authentication_enabled  = true
  rbac_enabled            = true
  auto_approve_developers = false
  default_api_visibility  = "private"
  default_page_visibility = "public"
  labels = {
    team = "platform"
  }

  # "true" deletes the portal even while it publishes APIs (and its developers with it).
  force_destroy = "false"
}
