package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

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
