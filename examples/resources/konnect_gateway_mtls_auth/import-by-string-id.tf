import {
  to = konnect_gateway_mtls_auth.checkout
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f/4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8"
}
