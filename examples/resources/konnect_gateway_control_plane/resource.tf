resource "konnect_gateway_control_plane" "payments" {
  name         = "payments"
  description  = "Gateways of the payments team"
  cluster_type = "CLUSTER_TYPE_CONTROL_PLANE"
  auth_type    = "pinned_client_certs"
  labels = {
    team = "payments"
    env  = "prod"
  }
}
