# An AWS transit gateway, shared with Konnect's account through AWS RAM, attached to a
# network. The create waits until the network is ready, then until the attachment is
# (or waits for you to accept it in AWS).
resource "konnect_cloud_gateway_transit_gateway" "corp" {
  network_id = konnect_cloud_gateway_network.us_east.id

  aws_transit_gateway = {
    name        = "us-east-2 to corp"
    cidr_blocks = ["10.100.0.0/16", "172.16.0.0/12"]
    transit_gateway_attachment_config = {
      kind               = "aws-transit-gateway-attachment"
      transit_gateway_id = "tgw-0123456789abcdef0"
      ram_share_arn      = "arn:aws:ram:us-east-2:123456789012:resource-share/7ab6f1a4-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
    }
    dns_config = [{
      domain_proxy_list              = ["corp.internal"]
      remote_dns_server_ip_addresses = ["10.100.0.2"]
    }]
  }
}

# A GCP VPC peering instead: one kind per resource.
resource "konnect_cloud_gateway_transit_gateway" "analytics" {
  network_id = konnect_cloud_gateway_network.us_east.id

  gcp_vpc_peering_transit_gateway = {
    name = "analytics"
    transit_gateway_attachment_config = {
      kind            = "gcp-vpc-peering-attachment"
      peer_project_id = "analytics-prod"
      peer_vpc_name   = "analytics-vpc"
    }
  }
}
