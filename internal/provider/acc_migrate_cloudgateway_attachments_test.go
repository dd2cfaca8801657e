package provider

import (
	"context"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A network's transit gateway and private DNS in TestMigrateAccFromKong, recorded as Kong's
// provider (kong/konnect v3.19.0) writes them: the configured kind's attribute as
// configuration gave it, every other kind's null, and Konnect's answer under the kind's
// `…_response` attribute (which this provider does not have: `state replace-provider`
// leaves it behind).

var kongTransitGatewayAttrs = []string{"aws_resource_endpoint_gateway", "aws_resource_endpoint_gateway_response", "aws_transit_gateway",
	"aws_transit_gateway_response", "aws_vpc_peering_gateway", "aws_vpc_peering_gateway_response", "azure_transit_gateway",
	"azure_transit_gateway_response", "azure_vhub_peering_gateway", "azure_vhub_peering_gateway_response", "created_at", "entity_version",
	"gcp_vpc_peering_transit_gateway", "gcpvpc_peering_gateway_response", "id", "name", "network_id", "state", "updated_at"}

var kongPrivateDNSAttrs = []string{"aws_private_dns_resolver_response", "aws_private_hosted_zone_response", "azure_private_dns_resolver_response",
	"azure_private_hosted_zone_response", "created_at", "entity_version", "gcp_private_hosted_zone_response", "id", "name", "network_id",
	"private_dns_attachment_config", "state", "updated_at"}

// addKongAttachments attaches an AWS transit gateway and an AWS outbound resolver to the
// network networkID (konnect_cloud_gateway_network.edge), records them as Kong's provider
// would after a refresh, and returns this provider's configuration of them and an edit of
// each for the first round (they depend on the network, whose edit comes later).
func addKongAttachments(t *testing.T, e *konnectEnv, state *kongStateFile, networkID string) kongSameNamed {
	t.Helper()
	base := "/v2/cloud-gateways/networks/" + networkID
	attach := func(collection string, body konnect.Object) (konnect.Object, string) {
		t.Helper()
		var created konnect.Object
		if _, err := e.client.Do(context.Background(), http.MethodPost, base+"/"+collection, nil, body, &created); err != nil {
			t.Fatal(err)
		}
		path := base + "/" + collection + "/" + created["id"].(string)
		obj := e.get(path) // ready: the mock provisions at the next request
		if obj["state"] != "ready" {
			t.Fatalf("%s is %v, want ready", path, obj["state"])
		}
		obj["created_at"], obj["updated_at"] = kongTime(t, obj["created_at"]), kongTime(t, obj["updated_at"])
		return obj, path
	}
	attachment := map[string]any{"kind": "aws-transit-gateway-attachment", "transit_gateway_id": "tgw-0123456789abcdef0",
		"ram_share_arn": "arn:aws:ram:us-east-2:123456789012:resource-share/corp"}
	tgw, tgwPath := attach("transit-gateways", konnect.Object{"name": "to-corp", "cidr_blocks": []any{"10.100.0.0/16"}, "transit_gateway_attachment_config": attachment})
	response := map[string]any{"id": tgw["id"], "name": tgw["name"], "state": tgw["state"], "state_metadata": nil, "entity_version": tgw["entity_version"],
		"created_at": tgw["created_at"], "updated_at": tgw["updated_at"], "cidr_blocks": tgw["cidr_blocks"], "dns_config": []any{},
		"transit_gateway_attachment_config": tgw["transit_gateway_attachment_config"]}
	state.add("konnect_cloud_gateway_transit_gateway", "corp", tgw, map[string]any{"network_id": networkID,
		"aws_transit_gateway":          map[string]any{"name": "to-corp", "cidr_blocks": []any{"10.100.0.0/16"}, "dns_config": nil, "transit_gateway_attachment_config": attachment},
		"aws_transit_gateway_response": response})

	dnsConfig := map[string]any{"corp.internal": map[string]any{"remote_dns_server_ip_addresses": []any{"10.100.0.2"}}}
	resolver := map[string]any{"kind": "aws-outbound-resolver", "dns_config": dnsConfig}
	dns, dnsPath := attach("private-dns", konnect.Object{"name": "corp", "private_dns_attachment_config": resolver})
	state.add("konnect_cloud_gateway_private_dns", "corp", dns, map[string]any{"network_id": networkID,
		"private_dns_attachment_config": map[string]any{"aws_private_dns_resolver_attachment_config": resolver, "aws_private_hosted_zone_attachment_config": nil,
			"azure_private_dns_resolver_attachment_config": nil, "azure_private_hosted_zone_attachment_config": nil, "gcp_private_hosted_zone_attachment_config": nil},
		"aws_private_dns_resolver_response": map[string]any{"id": dns["id"], "name": dns["name"], "state": dns["state"], "state_metadata": dns["state_metadata"],
			"entity_version": dns["entity_version"], "created_at": dns["created_at"], "updated_at": dns["updated_at"], "private_dns_attachment_config": resolver}})

	return kongSameNamed{
		edits: []kongMigrationEdit{
			{round: 1, address: "konnect_cloud_gateway_transit_gateway.corp", typeName: "konnect_cloud_gateway_transit_gateway",
				attr: "aws_transit_gateway.cidr_blocks", do: func() { e.edit(tgwPath, set("cidr_blocks", []any{"10.200.0.0/16"})) }},
			{round: 1, address: "konnect_cloud_gateway_private_dns.corp", typeName: "konnect_cloud_gateway_private_dns",
				attr: "name", do: func() { e.edit(dnsPath, set("name", "corp-ui")) }},
		},
		config: `
resource "konnect_cloud_gateway_transit_gateway" "corp" {
  network_id = konnect_cloud_gateway_network.edge.id
  aws_transit_gateway = {
    name        = "to-corp"
    cidr_blocks = ["10.100.0.0/16"]
    transit_gateway_attachment_config = {
      kind               = "aws-transit-gateway-attachment"
      transit_gateway_id = "tgw-0123456789abcdef0"
      ram_share_arn      = "arn:aws:ram:us-east-2:123456789012:resource-share/corp"
    }
  }
}

resource "konnect_cloud_gateway_private_dns" "corp" {
  network_id = konnect_cloud_gateway_network.edge.id
  name       = "corp"
  private_dns_attachment_config = {
    aws_private_dns_resolver_attachment_config = {
      kind       = "aws-outbound-resolver"
      dns_config = { "corp.internal" = { remote_dns_server_ip_addresses = ["10.100.0.2"] } }
    }
  }
}
`,
	}
}
