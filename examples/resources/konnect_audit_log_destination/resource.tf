variable "siem_token" {
  type      = string
  sensitive = true
}

# Where the organization's (and portals') audit logs go.
resource "konnect_audit_log_destination" "siem" {
  name                  = "siem"
  endpoint              = "https://siem.example.com/konnect"
  log_format            = "json"
  skip_ssl_verification = false
  # Write-only (Terraform 1.11+, OpenTofu 1.11+): never kept in state. Increment the
  # version to send a new token. Older CLIs: authorization = var.siem_token.
  authorization_wo         = "Bearer ${var.siem_token}"
  authorization_wo_version = 1
}
