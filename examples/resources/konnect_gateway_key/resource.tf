# A key given as JWK; the JWK's kid must equal kid.
resource "konnect_gateway_key" "example" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  kid              = "signing-2026-12"
  name             = "signing-2026-12"
  jwk              = jsonencode(jsondecode(file("${path.module}/keys/signing-2026-12.jwk.json"))) # sensitive
  set              = { id = konnect_gateway_key_set.example.id }
}

# The same as PEM (jwk and pem are mutually exclusive; pem is sensitive as a whole).
resource "konnect_gateway_key" "pem" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  kid              = "verify-2026-12"
  set              = { id = konnect_gateway_key_set.example.id }
  pem = {
    private_key = file("${path.module}/keys/verify-2026-12.key")
    public_key  = file("${path.module}/keys/verify-2026-12.pub")
  }
}
