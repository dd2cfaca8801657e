# By name (or set `id` instead).
data "konnect_realm" "partners" {
  name = "partners"
}
