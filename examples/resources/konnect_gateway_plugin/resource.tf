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
