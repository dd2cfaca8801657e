# One per organization and region. Destroying it disables it and empties its destination.
resource "konnect_audit_log" "this" {
  enabled                  = true
  audit_log_destination_id = konnect_audit_log_destination.siem.id
}
