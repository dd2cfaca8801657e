# Shared Redis settings; plugins link to it through their partials.
resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "shared-redis"
  type             = "redis-ee"
  config = jsonencode({
    host     = "redis.internal"
    port     = 6379
    password = "{vault://env/redis-password}" # a vault reference keeps the secret out of state
  })
}
