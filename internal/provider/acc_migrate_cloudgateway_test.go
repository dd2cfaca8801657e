package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// The Dedicated Cloud Gateways in TestMigrateAccFromKong: a network, created in the mock and
// recorded in a Kong-format state as Kong's provider (kong/konnect v3.19.0) writes it: every
// attribute Konnect returned, provider_metadata as an object, no `timeouts` (Kong's types
// have none) and no record of its provisioning.

// kongCloudGatewayAttrs are the attributes of Kong's cloud gateway types.
var kongCloudGatewayAttrs = map[string][]string{
	"konnect_cloud_gateway_network": {"availability_zones", "cidr_block", "cloud_gateway_provider_account_id", "configuration_reference_count",
		"created_at", "default", "entity_version", "id", "name", "provider_metadata", "region", "transit_gateway_count", "updated_at"},
}

func init() {
	for typ, attrs := range kongCloudGatewayAttrs {
		kongAttrs[typ] = attrs
	}
}

// addKongCloudGateway creates a network in the mock, records it in state as Kong's provider
// would have after a refresh (ready), and returns this provider's configuration of it.
func addKongCloudGateway(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	account := cloudgateway.SeededProviderAccount("aws")
	var created konnect.Object
	if _, err := e.client.Do(ctx, http.MethodPost, "/v2/cloud-gateways/networks", nil, konnect.Object{"name": "edge", "cloud_gateway_provider_account_id": account,
		"region": "us-east-2", "availability_zones": []any{"use2-az1", "use2-az2"}, "cidr_block": "10.0.0.0/16"}, &created); err != nil {
		t.Fatal(err)
	}
	path := "/v2/cloud-gateways/networks/" + created["id"].(string)
	network := e.get(path) // ready: the mock provisions at the next request
	if network["state"] != "ready" {
		t.Fatalf("network %s is %v, want ready", path, network["state"])
	}
	network["created_at"], network["updated_at"] = kongTime(t, network["created_at"]), kongTime(t, network["updated_at"])
	state.add("konnect_cloud_gateway_network", "edge", network, nil)
	var s kongSameNamed
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_cloud_gateway_network.edge", typeName: "konnect_cloud_gateway_network",
		attr: "name", do: func() { e.edit(path, set("name", "edge-ui")) }})
	s.config = fmt.Sprintf(`
resource "konnect_cloud_gateway_network" "edge" {
  name                              = "edge"
  cloud_gateway_provider_account_id = %q
  region                            = "us-east-2"
  availability_zones                = ["use2-az1", "use2-az2"]
  cidr_block                        = "10.0.0.0/16"
}
`, account)
	return s
}
