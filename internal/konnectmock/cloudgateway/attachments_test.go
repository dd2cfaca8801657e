package cloudgateway

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func awsTransitGateway(name string) map[string]any {
	return map[string]any{"name": name, "cidr_blocks": []any{"10.10.0.0/16"},
		"dns_config": []any{map[string]any{"remote_dns_server_ip_addresses": []any{"10.10.0.2"}, "domain_proxy_list": []any{"corp.internal"}}},
		"transit_gateway_attachment_config": map[string]any{"kind": "aws-transit-gateway-attachment",
			"transit_gateway_id": "tgw-0123456789abcdef0", "ram_share_arn": "arn:aws:ram:us-east-2:123456789012:resource-share/abc"}}
}

// TestTransitGatewayWaitsForItsNetwork: a create on a network still initializing is refused
// (400), once it is ready accepted; the transit gateway provisions on the clock, counts in
// the network's transit_gateway_count, takes a PATCH of its cidr_blocks only, and goes
// through terminating to gone.
func TestTransitGatewayWaitsForItsNetwork(t *testing.T) {
	m := newMock(t, time.Minute)
	netID := m.do("POST", "/v2/cloud-gateways/networks", networkBody("net"), 201)["id"].(string)
	tgws := "/v2/cloud-gateways/networks/" + netID + "/transit-gateways"
	m.do("POST", tgws, awsTransitGateway("tgw"), 400)
	if m.f.RefusedNotReady() != 1 {
		t.Fatalf("refused creates: %d", m.f.RefusedNotReady())
	}
	m.clock.Advance(time.Minute)
	tgw := m.do("POST", tgws, awsTransitGateway("tgw"), 201)
	if tgw["state"] != "initializing" || tgw["entity_version"] != 1.0 {
		t.Fatalf("created: %v", tgw)
	}
	m.do("POST", tgws, awsTransitGateway("tgw"), 409)
	path := tgws + "/" + tgw["id"].(string)
	m.clock.Advance(time.Minute)
	got := m.do("GET", path, nil, 200)
	cfg := got["transit_gateway_attachment_config"].(map[string]any)
	if got["state"] != "ready" || got["entity_version"] != 2.0 || !strings.HasPrefix(cfg["attachment_id"].(string), "tgw-attach-") {
		t.Fatalf("ready: %v", got)
	}
	if n := m.do("GET", "/v2/cloud-gateways/networks/"+netID, nil, 200); n["transit_gateway_count"] != 1.0 {
		t.Fatalf("transit_gateway_count: %v", n["transit_gateway_count"])
	}
	patched := m.do("PATCH", path, map[string]any{"cidr_blocks": []any{"10.20.0.0/16"}}, 200)
	if patched["entity_version"] != 3.0 || patched["cidr_blocks"].([]any)[0] != "10.20.0.0/16" {
		t.Fatalf("patched: %v", patched)
	}
	m.do("PATCH", path, map[string]any{"name": "renamed"}, 400)
	m.do("DELETE", path, nil, 204)
	if got := m.do("GET", path, nil, 200); got["state"] != "terminating" {
		t.Fatalf("deleted: %v", got["state"])
	}
	m.clock.Advance(2 * time.Minute)
	m.do("GET", path, nil, 404)
	if n := m.do("GET", "/v2/cloud-gateways/networks/"+netID, nil, 200); n["transit_gateway_count"] != 0.0 {
		t.Fatalf("transit_gateway_count after the delete: %v", n["transit_gateway_count"])
	}
}

// TestAttachmentCreateChecksItsKind: each kind's required fields, no field of another kind;
// a VPC peering that is not an AWS transit gateway cannot be patched; a failed provisioning
// reports its reason.
func TestAttachmentCreateChecksItsKind(t *testing.T) {
	m := newMock(t, 0)
	netID := m.do("POST", "/v2/cloud-gateways/networks", networkBody("net"), 201)["id"].(string)
	base := "/v2/cloud-gateways/networks/" + netID
	bad := map[string]any{"name": "gcp", "cidr_blocks": []any{"10.0.0.0/8"},
		"transit_gateway_attachment_config": map[string]any{"kind": "gcp-vpc-peering-attachment", "peer_project_id": "p"}}
	got := m.do("POST", base+"/transit-gateways", bad, 400)
	params, _ := json.Marshal(got["invalid_parameters"])
	for _, want := range []string{`"cidr_blocks"`, "transit_gateway_attachment_config.peer_vpc_name"} {
		if !strings.Contains(string(params), want) {
			t.Errorf("400 does not name %s: %s", want, params)
		}
	}
	m.f.FailNextProvisioning("peer VPC not found")
	peering := m.do("POST", base+"/transit-gateways", map[string]any{"name": "peer", "cidr_blocks": []any{"10.0.0.0/8"},
		"transit_gateway_attachment_config": map[string]any{"kind": "aws-vpc-peering-attachment", "peer_account_id": "123456789012",
			"peer_vpc_id": "vpc-1", "peer_vpc_region": "us-east-2"}}, 201)
	got = m.do("GET", base+"/transit-gateways/"+peering["id"].(string), nil, 200)
	if got["state"] != "error" || got["state_metadata"].(map[string]any)["reason"] != "peer VPC not found" {
		t.Fatalf("failed: %v", got)
	}
	m.do("PATCH", base+"/transit-gateways/"+peering["id"].(string), map[string]any{"cidr_blocks": []any{"10.1.0.0/16"}}, 400)

	zone := m.do("POST", base+"/private-dns", map[string]any{"name": "zone",
		"private_dns_attachment_config": map[string]any{"kind": "aws-private-hosted-zone-attachment", "hosted_zone_id": "Z123"}}, 201)
	m.do("PATCH", base+"/private-dns/"+zone["id"].(string), map[string]any{"name": "renamed"}, 400)
	m.do("POST", base+"/private-dns", map[string]any{"name": "resolver",
		"private_dns_attachment_config": map[string]any{"kind": "aws-outbound-resolver"}}, 400)
	resolver := m.do("POST", base+"/private-dns", map[string]any{"name": "resolver",
		"private_dns_attachment_config": map[string]any{"kind": "aws-outbound-resolver",
			"dns_config": map[string]any{"corp.internal": map[string]any{"remote_dns_server_ip_addresses": []any{"10.0.0.2"}}}}}, 201)
	renamed := m.do("PATCH", base+"/private-dns/"+resolver["id"].(string), map[string]any{"name": "renamed"}, 200)
	if renamed["name"] != "renamed" || renamed["entity_version"] != 3.0 {
		t.Fatalf("a resolver's rename: %v", renamed)
	}
	// The network's delete takes its attachments with it.
	m.do("DELETE", base, nil, 204)
	m.do("GET", base, nil, 404)
	m.do("GET", base+"/private-dns/"+resolver["id"].(string), nil, 404)
	if snap := string(m.f.Snapshot()); strings.Contains(snap, "transit_gateways") || strings.Contains(snap, "private_dns") {
		t.Fatalf("attachments left after their network: %s", snap)
	}
}
