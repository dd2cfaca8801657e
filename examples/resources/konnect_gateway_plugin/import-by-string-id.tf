# An imported plugin's config holds every key Konnect returns; write the keys you want to
# manage in jsonencode(...) and the rest follow Konnect.
import {
  to = konnect_gateway_plugin.orders_rate_limit
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f"
}
