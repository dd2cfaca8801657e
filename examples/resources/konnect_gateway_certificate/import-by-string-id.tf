import {
  to = konnect_gateway_certificate.example
  id = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
}
