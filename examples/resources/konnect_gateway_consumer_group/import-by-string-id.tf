import {
  to = konnect_gateway_consumer_group.gold
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"
}
