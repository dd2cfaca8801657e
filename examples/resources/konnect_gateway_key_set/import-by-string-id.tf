import {
  to = konnect_gateway_key_set.example
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/1e5f6a7b-8c9d-4e0f-8a1b-3c4d5e6f7a8b"
}
