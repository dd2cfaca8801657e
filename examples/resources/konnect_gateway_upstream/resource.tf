resource "konnect_gateway_upstream" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "orders.upstream"
  algorithm        = "consistent-hashing"
  hash_on          = "header"
  hash_on_header   = "x-customer-id"
  slots            = 1000
  tags             = ["team:payments"]

  # Only what you set is managed; every other health-check setting takes Konnect's
  # default and follows Konnect.
  healthchecks = {
    active = {
      type      = "https"
      http_path = "/healthz"
      healthy   = { interval = 5, successes = 2 }
      unhealthy = { interval = 5, http_failures = 3 }
    }
    passive = {
      unhealthy = { http_failures = 5, timeouts = 3 }
    }
  }
}
