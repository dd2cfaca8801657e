# The portal's audit logs go to one of the organization's audit log destinations.
resource "konnect_portal_audit_log_webhook" "developers" {
  portal_id                = konnect_portal.developers.id
  enabled                  = true
  audit_log_destination_id = konnect_audit_log_destination.siem.id
}
