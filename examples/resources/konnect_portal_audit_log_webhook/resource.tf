# The portal's audit logs go to one of the organization's audit log destinations.
resource "konnect_portal_audit_log_webhook" "developers" {
  portal_id                = konnect_portal.developers.id
  enabled                  = true
  audit_log_destination_id = "9cb77dc2-ff99-4d47-84ab-7c5c1b3ef939"
}
