package cloudgateway

import (
	"context"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// The transit gateway's API against the mock family alone: the engine sees Konnect's object
// under the attribute of its kind, without what provisioning reports (the attachment's id, a
// resource config's state); an update sends Konnect's PATCH of that kind.
func TestTransitGatewayAPIShapes(t *testing.T) {
	srv := httptest.NewServer(cloudgateway.New(mockcore.Env{}, cloudgateway.Options{}))
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var network konnect.Object
	if _, err := cl.Do(ctx, "POST", "/v2/cloud-gateways/networks", nil, konnect.Object{"name": "n", "cloud_gateway_provider_account_id": cloudgateway.SeededProviderAccount("aws"),
		"region": "us-east-2", "availability_zones": []any{"use2-az1"}, "cidr_block": "10.0.0.0/16"}, &network); err != nil {
		t.Fatal(err)
	}
	api := TransitGatewayKind.API
	parents := map[string]string{"network_id": network["id"].(string)}
	create := func(shape string, fields map[string]any) konnect.Object {
		t.Helper()
		obj, _, err := api.Create(ctx, cl, parents, konnect.Object{shape: fields})
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := api.Get(ctx, cl, engine.Address{Parents: parents, ID: obj["id"].(string)}) // ready now
		if err != nil || got["state"] != "ready" {
			t.Fatalf("%s: %v %v", shape, got, err)
		}
		return got
	}
	tgwConfig := map[string]any{"kind": "aws-transit-gateway-attachment", "transit_gateway_id": "tgw-1", "ram_share_arn": "arn:1"}
	tgw := create("aws_transit_gateway", map[string]any{"name": "tgw", "cidr_blocks": []any{"10.1.0.0/16"}, "transit_gateway_attachment_config": tgwConfig})
	want := map[string]any{"name": "tgw", "cidr_blocks": []any{"10.1.0.0/16"}, "transit_gateway_attachment_config": tgwConfig}
	if !reflect.DeepEqual(tgw["aws_transit_gateway"], want) || tgw["cidr_blocks"] != nil {
		t.Errorf("a ready AWS transit gateway as the engine sees it: %v", tgw)
	}
	patched, _, err := api.Update(ctx, cl, engine.Address{Parents: parents, ID: tgw["id"].(string)},
		konnect.Object{"aws_transit_gateway": map[string]any{"name": "tgw", "cidr_blocks": []any{"10.2.0.0/16"}, "transit_gateway_attachment_config": tgwConfig}}, tgw, "")
	if err != nil || !reflect.DeepEqual(patched["aws_transit_gateway"].(map[string]any)["cidr_blocks"], []any{"10.2.0.0/16"}) {
		t.Errorf("cidr_blocks patched: %v %v", patched, err)
	}
	rc := []any{map[string]any{"domain_name": "db.corp", "resource_config_id": "rcfg-1"}}
	endpoint := create("aws_resource_endpoint_gateway", map[string]any{"name": "rep",
		"transit_gateway_attachment_config": map[string]any{"kind": "aws-resource-endpoint-attachment", "ram_share_arn": "arn:2", "resource_config": rc}})
	cfg := endpoint["aws_resource_endpoint_gateway"].(map[string]any)["transit_gateway_attachment_config"].(map[string]any)
	if !reflect.DeepEqual(cfg["resource_config"], rc) {
		t.Errorf("a resource endpoint's resource_config without its state: %v", cfg["resource_config"])
	}
	if _, _, err := api.Create(ctx, cl, parents, konnect.Object{}); err == nil {
		t.Error("a create without a kind's attribute was sent")
	}
}
