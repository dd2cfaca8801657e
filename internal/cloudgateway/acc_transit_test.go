package cloudgateway_test

import (
	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
)

// transitGatewayBlock is an AWS transit gateway attachment on the row's network, its
// cidr_blocks to fill in.
const transitGatewayBlock = `network_id = konnect_cloud_gateway_network.net.id
  aws_transit_gateway = {
    name        = "to-corp"
    cidr_blocks = %s
    transit_gateway_attachment_config = {
      kind               = "aws-transit-gateway-attachment"
      transit_gateway_id = "tgw-0123456789abcdef0"
      ram_share_arn      = "arn:aws:ram:us-east-2:123456789012:resource-share/corp"
    }
  }`

// privateDNSBlock is an AWS outbound resolver on the row's network, its name to fill in.
const privateDNSBlock = `network_id = konnect_cloud_gateway_network.net.id
  name       = %s
  private_dns_attachment_config = {
    aws_private_dns_resolver_attachment_config = {
      kind = "aws-outbound-resolver"
      dns_config = {
        "corp.internal" = { remote_dns_server_ip_addresses = ["10.0.0.2"] }
      }
    }
  }`

func init() {
	kindRows[cloudgateway.TransitGatewayKind.TypeName] = acctest.KindRow{
		Deps:      configurationDeps,
		Block:     transitGatewayBlock,
		Update:    &acctest.KindUpdate{Attr: "aws_transit_gateway.cidr_blocks", Field: "cidr_blocks", Values: [2]any{[]any{"10.1.0.0/16"}, []any{"10.2.0.0/16"}}, UI: []any{"10.3.0.0/16"}},
		NoKept:    "Konnect's PATCH of an AWS transit gateway takes its cidr_blocks only: there is nothing else someone could set",
		NoRemoval: "an AWS transit gateway's only optional attribute, dns_config, cannot change in place (a removal replaces it)",
		UpdatedAt: true,
	}
	kindRows[cloudgateway.PrivateDNSKind.TypeName] = acctest.KindRow{
		Deps:      configurationDeps,
		Block:     privateDNSBlock,
		Update:    &acctest.KindUpdate{Attr: "name", Values: [2]any{"dns-a", "dns-b"}, UI: "dns-ui"},
		NoKept:    "Konnect's PATCH of a resolver carries what the plan changes, and a resolver has nothing else someone could set",
		NoRemoval: "a private DNS's optional name has no default in Konnect to go back to",
		UpdatedAt: true,
	}
}
