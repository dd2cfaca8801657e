resource "konnect_gateway_control_plane" "edge" {
  name          = "edge"
  cloud_gateway = true
}

# A managed cache beside the control plane's data planes (about 15 minutes to provision:
# the apply waits until it is ready). A larger tier later is an in-place update.
resource "konnect_cloud_gateway_addon" "cache" {
  name = "edge-cache"
  owner = {
    control_plane = {
      control_plane_id  = konnect_gateway_control_plane.edge.id
      control_plane_geo = "us"
    }
  }
  config = {
    managed_cache = {
      capacity_config = {
        tiered = { tier = "small" }
      }
    }
  }
}
