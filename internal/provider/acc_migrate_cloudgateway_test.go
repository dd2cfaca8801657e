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
	"konnect_cloud_gateway_configuration": {"api_access", "control_plane_geo", "control_plane_id", "created_at", "dataplane_groups",
		"entity_version", "id", "kind", "updated_at", "version"},
	"konnect_cloud_gateway_transit_gateway": kongTransitGatewayAttrs, // acc_migrate_cloudgateway_attachments_test.go
	"konnect_cloud_gateway_private_dns":     kongPrivateDNSAttrs,
}

func init() {
	for typ, attrs := range kongCloudGatewayAttrs {
		kongAttrs[typ] = attrs
	}
}

// addKongCloudGateway creates a network in the mock, records it in state as Kong's provider
// would have after a refresh (ready), with a configuration of the control plane cpID
// (konnect_gateway_control_plane.prod) running on it, and returns this provider's
// configuration of them.
func addKongCloudGateway(t *testing.T, e *konnectEnv, state *kongStateFile, cpID string) kongSameNamed {
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
	// A configuration: Kong keeps each data-plane group with what Konnect reports of it, and
	// its autoscale under the strategy's attribute.
	var cfg konnect.Object
	if _, err := e.client.Do(ctx, http.MethodPut, "/v2/cloud-gateways/configurations", nil, konnect.Object{"control_plane_id": cpID,
		"control_plane_geo": "us", "version": "3.10", "dataplane_groups": []any{map[string]any{"provider": "aws", "region": "us-east-2",
			"cloud_gateway_network_id": created["id"], "autoscale": map[string]any{"kind": "autopilot", "base_rps": 100},
			"environment": []any{map[string]any{"name": "KONG_LOG_LEVEL", "value": "info"}}}}}, &cfg); err != nil {
		t.Fatal(err)
	}
	cfgPath := "/v2/cloud-gateways/configurations/" + cfg["id"].(string)
	cfg = e.get(cfgPath)
	var groups []any
	for _, g := range cfg["dataplane_groups"].([]any) {
		m := g.(map[string]any)
		if m["state"] != "ready" {
			t.Fatalf("data-plane group %v is %v, want ready", m["id"], m["state"])
		}
		as := m["autoscale"].(map[string]any)
		groups = append(groups, map[string]any{"id": m["id"], "provider": m["provider"], "region": m["region"], "state": m["state"],
			"cloud_gateway_network_id": m["cloud_gateway_network_id"], "environment": m["environment"],
			"private_ip_addresses": m["private_ip_addresses"], "egress_ip_addresses": m["egress_ip_addresses"],
			"created_at": kongTime(t, m["created_at"]), "updated_at": kongTime(t, m["updated_at"]),
			"autoscale": map[string]any{"configuration_data_plane_group_autoscale_static": nil,
				"configuration_data_plane_group_autoscale_autopilot": map[string]any{"kind": as["kind"], "base_rps": as["base_rps"], "max_rps": nil}}})
	}
	state.add("konnect_cloud_gateway_configuration", "edge", cfg, map[string]any{"dataplane_groups": groups,
		"created_at": kongTime(t, cfg["created_at"]), "updated_at": kongTime(t, cfg["updated_at"])})
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_cloud_gateway_configuration.edge", typeName: "konnect_cloud_gateway_configuration",
		attr: "version", do: func() { e.edit(cfgPath, set("version", "3.11")) }})
	// the network is the configuration's: its edit goes in the round after the configuration's
	s.edits[0].round = 2
	attached := addKongAttachments(t, e, state, created["id"].(string)) // acc_migrate_cloudgateway_attachments_test.go
	s.edits = append(s.edits, attached.edits...)
	s.config = fmt.Sprintf(`
resource "konnect_cloud_gateway_network" "edge" {
  name                              = "edge"
  cloud_gateway_provider_account_id = %q
  region                            = "us-east-2"
  availability_zones                = ["use2-az1", "use2-az2"]
  cidr_block                        = "10.0.0.0/16"
}

resource "konnect_cloud_gateway_configuration" "edge" {
  control_plane_id  = konnect_gateway_control_plane.prod.id
  control_plane_geo = "us"
  version           = "3.10"
  dataplane_groups = [{
    provider                 = "aws"
    region                   = "us-east-2"
    cloud_gateway_network_id = konnect_cloud_gateway_network.edge.id
    autoscale = {
      configuration_data_plane_group_autoscale_autopilot = { kind = "autopilot", base_rps = 100 }
    }
    environment = [{ name = "KONG_LOG_LEVEL", value = "info" }]
  }]
}
`, account) + attached.config
	return s
}
