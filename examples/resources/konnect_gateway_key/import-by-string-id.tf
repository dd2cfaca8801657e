import {
  to = konnect_gateway_key.example
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/2f6a7b8c-9d0e-4f1a-9b2c-4d5e6f7a8b9c"
}
