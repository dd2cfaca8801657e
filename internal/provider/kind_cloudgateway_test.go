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
}
