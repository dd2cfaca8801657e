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

# Without a vault, the secret goes in config_secrets (sensitive, merged into config on
# every write), or config_secrets_wo with config_secrets_wo_version (Terraform 1.11+ or
# OpenTofu 1.11+: never in state).
variable "cache_redis_password" {
  type      = string
  sensitive = true
}

resource "konnect_gateway_partial" "cache_redis" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "cache-redis"
  type             = "redis-ce"
  config = jsonencode({
    host = "cache.internal"
    port = 6379
  })
  config_secrets = jsonencode({ password = var.cache_redis_password })
}
