# By name (or set `id` instead).
data "konnect_system_account" "ci" {
  name = "ci"
}

# With the filter argument of Kong's provider: it must match exactly one system account.
data "konnect_system_account" "integration" {
  filter = {
    description     = { contains = "integration" }
    konnect_managed = true
  }
}
