import {
  to = konnect_gateway_upstream.example
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/0c6f1d2a-3b4e-4f5a-8b6c-7d8e9f0a1b2c"
}
