import {
  to = konnect_gateway_vault.example
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/9d4e5f6a-7b8c-4d9e-9f0a-2b3c4d5e6f7a"
}
