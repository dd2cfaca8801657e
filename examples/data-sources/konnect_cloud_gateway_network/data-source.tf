# A network by its name.
data "konnect_cloud_gateway_network" "us_east" {
  name = "us-east-2"
}

# The same with Kong's filter (exactly one network must match).
data "konnect_cloud_gateway_network" "ready" {
  filter = {
    name  = { eq = "us-east-2" }
    state = { eq = "ready" }
  }
}

output "vpc" {
  value = data.konnect_cloud_gateway_network.us_east.provider_metadata.vpc_id
}
