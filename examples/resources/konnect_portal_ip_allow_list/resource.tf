# Konnect enforces the list while the portal has sipr_enabled = true.
resource "konnect_portal_ip_allow_list" "office" {
  portal_id   = konnect_portal.developers.id
  allowed_ips = ["192.0.2.0/24", "2001:db8::/32"]
}
