package cloudgateway

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

type mock struct {
	t     *testing.T
	f     *Family
	clock *mocktest.Clock
	url   string
}

func newMock(t *testing.T, provisioning time.Duration) *mock {
	clock := mocktest.NewClock(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	f := New(mockcore.Env{Now: clock.Now}, Options{ProvisioningTime: provisioning})
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return &mock{t: t, f: f, clock: clock, url: srv.URL}
}

func (m *mock) do(method, path string, body any, status int) map[string]any {
	m.t.Helper()
	a, err := mocktest.Send(m.t, http.DefaultClient, method, m.url+path, body, nil)
	if err != nil {
		m.t.Fatal(err)
	}
	if a.Status != status {
		m.t.Fatalf("%s %s: status %d, want %d: %s", method, path, a.Status, status, a.Raw)
	}
	out := map[string]any{}
	if len(a.Raw) > 0 {
		if err := json.Unmarshal(a.Raw, &out); err != nil {
			m.t.Fatalf("%s %s: %v: %s", method, path, err, a.Raw)
		}
	}
	return out
}

func networkBody(name string) map[string]any {
	return map[string]any{"name": name, "cloud_gateway_provider_account_id": SeededProviderAccount("aws"),
		"region": "us-east-2", "availability_zones": []string{"use2-az1", "use2-az2"}, "cidr_block": "10.0.0.0/16"}
}

func TestNetworkProvisionsOnTheClock(t *testing.T) {
	m := newMock(t, time.Minute)
	n := m.do("POST", "/v2/cloud-gateways/networks", networkBody("net"), 201)
	id := n["id"].(string)
	if n["state"] != "initializing" || n["entity_version"] != 1.0 {
		t.Fatalf("created: state %v, entity_version %v", n["state"], n["entity_version"])
	}
	path := "/v2/cloud-gateways/networks/" + id
	m.clock.Advance(59 * time.Second)
	if got := m.do("GET", path, nil, 200); got["state"] != "initializing" {
		t.Fatalf("before the provisioning time: %v", got["state"])
	}
	m.clock.Advance(time.Second)
	got := m.do("GET", path, nil, 200)
	if got["state"] != "ready" || got["entity_version"] != 2.0 {
		t.Fatalf("after it: state %v, entity_version %v", got["state"], got["entity_version"])
	}
	if meta := got["provider_metadata"].(map[string]any); !strings.HasPrefix(meta["vpc_id"].(string), "vpc-") {
		t.Fatalf("a ready network has its VPC: %v", meta)
	}
	renamed := m.do("PATCH", path, map[string]any{"name": "renamed"}, 200)
	if renamed["name"] != "renamed" || renamed["entity_version"] != 3.0 {
		t.Fatalf("rename: %v", renamed)
	}
	m.do("PATCH", path, map[string]any{"cidr_block": "10.1.0.0/16"}, 400)

	m.do("DELETE", path, nil, 204)
	if got := m.do("GET", path, nil, 200); got["state"] != "terminating" || got["entity_version"] != 4.0 {
		t.Fatalf("deleted: %v %v", got["state"], got["entity_version"])
	}
	m.clock.Advance(time.Minute)
	if got := m.do("GET", path, nil, 200); got["state"] != "terminated" {
		t.Fatalf("terminated: %v", got["state"])
	}
	m.clock.Advance(time.Minute)
	m.do("GET", path, nil, 404)
}

func TestFailNextProvisioning(t *testing.T) {
	m := newMock(t, time.Minute)
	m.f.FailNextProvisioning("insufficient capacity in use2-az1")
	id := m.do("POST", "/v2/cloud-gateways/networks", networkBody("bad"), 201)["id"].(string)
	other := m.do("POST", "/v2/cloud-gateways/networks", networkBody("good"), 201)["id"].(string)
	m.clock.Advance(time.Minute)
	got := m.do("GET", "/v2/cloud-gateways/networks/"+id, nil, 200)
	meta, _ := got["state_metadata"].(map[string]any)
	if got["state"] != "error" || meta["reason"] != "insufficient capacity in use2-az1" {
		t.Fatalf("the failed network: %v", got)
	}
	m.do("GET", "/v2/cloud-gateways/networks/"+other, nil, 200)
	if st, _ := m.f.NetworkState(other); st != "ready" {
		t.Fatalf("only the next provisioning fails: the other is %s", st)
	}
}

func TestNetworkCreateChecksItsInput(t *testing.T) {
	m := newMock(t, 0)
	bad := networkBody("x")
	bad["cidr_block"] = "10.0.0.0/33"
	bad["availability_zones"] = []string{"euw1-az1"}
	got := m.do("POST", "/v2/cloud-gateways/networks", bad, 400)
	params, _ := json.Marshal(got["invalid_parameters"])
	for _, want := range []string{"cidr_block", "availability_zones[0]"} {
		if !strings.Contains(string(params), want) {
			t.Errorf("400 does not name %s: %s", want, params)
		}
	}
	m.do("POST", "/v2/cloud-gateways/networks", networkBody("taken"), 201)
	m.do("POST", "/v2/cloud-gateways/networks", networkBody("taken"), 409)
	list := m.do("GET", "/v2/cloud-gateways/networks?filter[name][eq]=taken", nil, 200)
	if n := len(list["data"].([]any)); n != 1 {
		t.Fatalf("filter[name][eq]: %d networks", n)
	}
}

func TestConfigurationPutReferencesAndTeardown(t *testing.T) {
	m := newMock(t, time.Minute)
	netID := m.do("POST", "/v2/cloud-gateways/networks", networkBody("net"), 201)["id"].(string)
	m.clock.Advance(time.Minute)
	cp := "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"
	put := map[string]any{"control_plane_id": cp, "control_plane_geo": "us", "version": "3.10",
		"dataplane_groups": []any{map[string]any{"provider": "aws", "region": "us-east-2", "cloud_gateway_network_id": netID,
			"autoscale": map[string]any{"kind": "autopilot", "base_rps": 100}}}}
	cfg := m.do("PUT", "/v2/cloud-gateways/configurations", put, 200)
	groups := cfg["dataplane_groups"].([]any)
	if len(groups) != 1 || groups[0].(map[string]any)["state"] != "initializing" {
		t.Fatalf("groups: %v", groups)
	}
	// The identical PUT is a 409, as Konnect answers it.
	m.do("PUT", "/v2/cloud-gateways/configurations", put, 409)
	// The network is referenced: its delete is refused, and the references name the configuration.
	m.do("DELETE", "/v2/cloud-gateways/networks/"+netID, nil, 400)
	refs := m.do("GET", "/v2/cloud-gateways/networks/"+netID+"/configuration-references", nil, 200)
	if data := refs["data"].([]any); len(data) != 1 || data[0].(map[string]any)["id"] != cfg["id"] {
		t.Fatalf("references: %v", refs)
	}
	if n := m.do("GET", "/v2/cloud-gateways/networks/"+netID, nil, 200); n["configuration_reference_count"] != 1.0 {
		t.Fatalf("count: %v", n["configuration_reference_count"])
	}
	// A dedicated configuration needs its version, network and autoscale.
	bad := map[string]any{"control_plane_id": cp, "control_plane_geo": "eu",
		"dataplane_groups": []any{map[string]any{"provider": "aws", "region": "us-east-2"}}}
	m.do("PUT", "/v2/cloud-gateways/configurations", bad, 400)
	// Teardown: no data-plane groups; they terminate, then the configuration is gone.
	put["dataplane_groups"] = []any{}
	m.do("PUT", "/v2/cloud-gateways/configurations", put, 200)
	m.clock.Advance(2 * time.Minute)
	m.do("GET", "/v2/cloud-gateways/configurations/"+cfg["id"].(string), nil, 404)
	m.do("DELETE", "/v2/cloud-gateways/networks/"+netID, nil, 204)
}

func TestProviderAccountsAndAvailability(t *testing.T) {
	m := newMock(t, 0)
	list := m.do("GET", "/v2/cloud-gateways/provider-accounts?filter[provider][eq]=aws", nil, 200)
	data := list["data"].([]any)
	if len(data) != 1 || data[0].(map[string]any)["id"] != SeededProviderAccount("aws") {
		t.Fatalf("provider accounts: %v", list)
	}
	av := m.do("GET", "/v2/cloud-gateways/availability.json", nil, 200)
	if len(av["providers"].([]any)) != 3 || len(av["versions"].([]any)) == 0 {
		t.Fatalf("availability: %v", av)
	}
}

func TestStateSurvivesASnapshot(t *testing.T) {
	m := newMock(t, time.Minute)
	m.f.FailNextProvisioning("later")
	m.do("POST", "/v2/cloud-gateways/networks", networkBody("kept"), 201)
	snap := m.f.Snapshot()
	g := New(mockcore.Env{Now: m.clock.Now}, Options{ProvisioningTime: time.Minute})
	if err := g.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if string(g.Snapshot()) != string(snap) {
		t.Fatalf("restored state differs:\n%s\n%s", g.Snapshot(), snap)
	}
	if err := g.Restore(json.RawMessage(`{"networks":[]}`)); err == nil {
		t.Fatal("an incomplete state was restored")
	}
}

// A network's CIDR block, as Konnect's availability.json restricts it (is_supported_network_cidr_block):
// within one of the region's blocks, overlapping none of its reserved ones.
func TestNetworkCIDRRule(t *testing.T) {
	for block, want := range map[string]string{
		"10.0.0.0/16":    "",
		"192.168.4.0/24": "",
		"10.100.0.0/20":  "overlaps the reserved block 10.100.0.0/16",
		"10.0.0.0/8":     "overlaps the reserved block 10.100.0.0/16",
		"11.0.0.0/16":    "must lie within one of 10.0.0.0/8, 100.64.0.0/10, 172.16.0.0/12, 192.168.0.0/16, 198.18.0.0/15",
		"172.0.0.0/8":    "must lie within one of 10.0.0.0/8, 100.64.0.0/10, 172.16.0.0/12, 192.168.0.0/16, 198.18.0.0/15",
	} {
		if got := cidrProblem(netip.MustParsePrefix(block)); got != want {
			t.Errorf("%s: %q, want %q", block, got, want)
		}
	}
}
