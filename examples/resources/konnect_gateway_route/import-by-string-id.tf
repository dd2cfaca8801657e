import {
  to = konnect_gateway_route.orders
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/4a7b2c9d-1e3f-4a5b-8c6d-7e8f9a0b1c2d"
}
