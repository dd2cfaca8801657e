resource "konnect_gateway_control_plane" "edge" {
  name          = "edge"
  cluster_type  = "CLUSTER_TYPE_CONTROL_PLANE"
  cloud_gateway = true
}

# The apply waits until every data-plane group is ready; the destroy tears the
# configuration down and waits until Konnect holds none.
resource "konnect_cloud_gateway_configuration" "edge" {
  control_plane_id  = konnect_gateway_control_plane.edge.id
  control_plane_geo = "us"
  version           = "3.10"
  api_access        = "private+public"

  dataplane_groups = [{
    provider                 = "aws"
    region                   = "us-east-2"
    cloud_gateway_network_id = konnect_cloud_gateway_network.us_east.id
    autoscale = {
      configuration_data_plane_group_autoscale_autopilot = {
        kind     = "autopilot"
        base_rps = 100
      }
    }
    # Returned by Konnect and kept in state: no secrets here.
    environment = [{ name = "KONG_LOG_LEVEL", value = "info" }]
  }]
}
