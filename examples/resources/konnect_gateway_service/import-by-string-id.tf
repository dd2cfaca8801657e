import {
  to = konnect_gateway_service.orders
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/5b1c0a2e-8f3d-4c6b-9e1a-7d2f0c4b8a6e"
}
