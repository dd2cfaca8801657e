variable "cluster_cert_key" {
  type      = string
  sensitive = true
}

resource "konnect_gateway_control_plane" "serverless" {
  name         = "serverless"
  cluster_type = "CLUSTER_TYPE_SERVERLESS"
}

resource "konnect_serverless_cloud_gateway" "this" {
  control_plane = {
    id     = konnect_gateway_control_plane.serverless.id
    prefix = "518da50bf7" # the first label of the control plane's endpoint
    region = "us"
  }
  cluster_cert = file("${path.module}/cluster.crt")
  # Write-only (Terraform 1.11+, OpenTofu 1.11+): never kept in state. Konnect has no update:
  # a new version replaces the gateway. Older CLIs: cluster_cert_key = var.cluster_cert_key.
  cluster_cert_key_wo         = var.cluster_cert_key
  cluster_cert_key_wo_version = 1
  labels = {
    env = "test"
  }
}
