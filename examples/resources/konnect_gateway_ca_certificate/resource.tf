resource "konnect_gateway_ca_certificate" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  cert             = <<-EOT
    -----BEGIN CERTIFICATE-----
    MIIB...your CA certificate...
    -----END CERTIFICATE-----
  EOT
  tags             = ["internal-ca"]
}

# Services verify their upstream against it:
#   ca_certificates = [konnect_gateway_ca_certificate.example.id]
