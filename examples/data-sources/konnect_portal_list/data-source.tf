# Every portal of the organization (every page).
data "konnect_portal_list" "all" {}

# Only the portals with role-based access control (Kong's filter).
data "konnect_portal_list" "rbac" {
  filter = {
    rbac_enabled = true
  }
}

output "portal_domains" {
  value = { for p in data.konnect_portal_list.all.data : p.name => p.canonical_domain }
}
