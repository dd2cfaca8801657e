# An AWS outbound resolver: the network's data planes resolve corp.internal through your
# DNS servers. Its name and dns_config change in place.
resource "konnect_cloud_gateway_private_dns" "corp" {
  network_id = konnect_cloud_gateway_network.us_east.id
  name       = "corp resolver"

  private_dns_attachment_config = {
    aws_private_dns_resolver_attachment_config = {
      kind = "aws-outbound-resolver"
      dns_config = {
        "corp.internal" = { remote_dns_server_ip_addresses = ["10.100.0.2", "10.100.0.3"] }
      }
    }
  }
}

# An AWS private hosted zone associated with the network.
resource "konnect_cloud_gateway_private_dns" "zone" {
  network_id = konnect_cloud_gateway_network.us_east.id
  name       = "internal zone"

  private_dns_attachment_config = {
    aws_private_hosted_zone_attachment_config = {
      kind           = "aws-private-hosted-zone-attachment"
      hosted_zone_id = "Z0123456789ABCDEFGHIJ"
    }
  }
}
