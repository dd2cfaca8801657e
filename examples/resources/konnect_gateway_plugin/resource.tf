# Rate limiting for one service. Konnect fills in the plugin's other settings
# (limit_by, fault_tolerant, …); Terraform tracks only the keys written here.
resource "konnect_gateway_plugin" "orders_rate_limit" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "rate-limiting"
  instance_name    = "orders-rate-limit"
  service          = { id = konnect_gateway_service.orders.id }
  # Only requests under /v1/checkout count (an expression evaluated per request).
  condition = "http.path ^= \"/v1/checkout\""
  config = jsonencode({
    minute = 100
    policy = "local"
  })
  tags = ["team:payments"]
}

# config is checked when the plan is made, against the plugin's schema that the control
# plane serves: a mistake fails the plan, one error per problem naming its path
# (config.minuet), before anything is written. The resource's page shows the errors in
# "Configuration checked at plan".

# A plugin with a secret. First choice: a vault reference in config
# ("{vault://…}"), resolved by the data plane: no secret reaches Terraform at all.
# Where the secret must come from Terraform, put it in config_secrets: a sensitive
# JSON document of the same shape as config, merged into it on every write. Plans
# and logs never show it; a change made in Konnect shows as "(a different secret)".
variable "redis_password" {
  type      = string
  sensitive = true
}

resource "konnect_gateway_plugin" "orders_redis_rate_limit" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "rate-limiting"
  instance_name    = "orders-redis-rate-limit"
  route            = { id = konnect_gateway_route.orders.id }
  config = jsonencode({
    minute = 1000
    policy = "redis"
    redis = {
      host     = "redis.internal"
      username = "{vault://env/redis-user}" # a vault reference stays in config
    }
  })
  config_secrets = jsonencode({
    redis = { password = var.redis_password }
  })
}

# With Terraform 1.11+ or OpenTofu 1.11+, config_secrets_wo keeps a secret out of state and
# plan files too: see resource-write-only.tf next to this file.

# A global plugin (no scope) that runs before rate limiting.
resource "konnect_gateway_plugin" "correlation_id" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "correlation-id"
  config           = jsonencode({ header_name = "X-Request-ID" })
  ordering = {
    before = { access = ["rate-limiting"] }
    after  = { access = [] }
  }
}
