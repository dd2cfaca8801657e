# A control plane is imported by its id.
terraform import konnect_gateway_control_plane.payments "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a"
