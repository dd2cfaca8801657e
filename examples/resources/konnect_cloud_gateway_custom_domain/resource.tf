resource "konnect_gateway_control_plane" "edge" {
  name          = "edge"
  cloud_gateway = true
}

# Konnect provisions the domain's certificate once its two CNAME records point at Konnect:
# the apply waits until it is ready.
resource "konnect_cloud_gateway_custom_domain" "api" {
  control_plane_id  = konnect_gateway_control_plane.edge.id
  control_plane_geo = "us"
  domain            = "api.example.com"
}
