# A portal by name (or set `id` instead).
data "konnect_portal" "developers" {
  name = "developers"
}

# With the filter argument of Kong's provider: it must match exactly one portal.
data "konnect_portal" "public" {
  filter = {
    name                   = { contains = "public" }
    authentication_enabled = false
  }
}

output "developer_portal_domain" {
  value = data.konnect_portal.developers.canonical_domain
}
