package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	mockcgw "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// cloudGatewayFixtures creates one object of each Dedicated Cloud Gateways kind for
// TestPlanShortcutEveryKindAfterImport, with the import id of each.
func cloudGatewayFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	var network konnect.Object
	if _, err := client.Do(context.Background(), http.MethodPost, "/v2/cloud-gateways/networks", nil, konnect.Object{"name": "fast-path",
		"cloud_gateway_provider_account_id": mockcgw.SeededProviderAccount("aws"), "region": "us-east-2",
		"availability_zones": []any{"use2-az1"}, "cidr_block": "10.0.0.0/16"}, &network); err != nil {
		t.Fatalf("network: %v", err)
	}
	ids[cloudgateway.NetworkKind.TypeName] = fmt.Sprintf(`{"id":%q}`, network["id"])
	var cp, cfg konnect.Object
	if _, err := client.Do(context.Background(), http.MethodPost, "/v2/control-planes", nil, konnect.Object{"name": "fast-path-dcgw", "cloud_gateway": true}, &cp); err != nil {
		t.Fatalf("control plane: %v", err)
	}
	if _, err := client.Do(context.Background(), http.MethodPut, "/v2/cloud-gateways/configurations", nil, konnect.Object{"control_plane_id": cp["id"],
		"control_plane_geo": "us", "version": "3.10", "dataplane_groups": []any{map[string]any{"provider": "aws", "region": "us-east-2",
			"cloud_gateway_network_id": network["id"], "autoscale": map[string]any{"kind": "autopilot", "base_rps": 100}}}}, &cfg); err != nil {
		t.Fatalf("configuration: %v", err)
	}
	ids[cloudgateway.ConfigurationKind.TypeName] = fmt.Sprintf(`{"id":%q}`, cfg["id"])
	attachmentFixtures(t, client, ids, network["id"].(string))
}

// attachmentFixtures attaches a transit gateway and a private DNS to the network of
// cloudGatewayFixtures, with the import id of each in Kong's form.
func attachmentFixtures(t *testing.T, client *konnect.Client, ids map[string]string, networkID string) {
	t.Helper()
	for typ, c := range map[string]struct {
		collection string
		body       konnect.Object
	}{
		cloudgateway.TransitGatewayKind.TypeName: {"transit-gateways", konnect.Object{"name": "fast-path", "cidr_blocks": []any{"10.10.0.0/16"},
			"transit_gateway_attachment_config": map[string]any{"kind": "aws-transit-gateway-attachment", "transit_gateway_id": "tgw-1", "ram_share_arn": "arn:aws:ram::1:resource-share/x"}}},
		cloudgateway.PrivateDNSKind.TypeName: {"private-dns", konnect.Object{"name": "fast-path",
			"private_dns_attachment_config": map[string]any{"kind": "aws-private-hosted-zone-attachment", "hosted_zone_id": "Z123"}}},
	} {
		var obj konnect.Object
		if _, err := client.Do(context.Background(), http.MethodPost, "/v2/cloud-gateways/networks/"+networkID+"/"+c.collection, nil, c.body, &obj); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		ids[typ] = fmt.Sprintf(`{"id":%q,"network_id":%q}`, obj["id"], networkID)
	}
}
