package konnectmock

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// TestCloudGatewaysOnTheGlobalHost: the cloud gateways API is served on the global host only,
// /_mock/cloud-gateways/fail-next-provisioning makes the next provisioning fail, and the
// family's state goes into the state document and back.
func TestCloudGatewaysOnTheGlobalHost(t *testing.T) {
	s := New(Options{})
	regional := httptest.NewServer(s.Regional())
	t.Cleanup(regional.Close)
	c := serve(t, s)
	if r := (&client{t: t, base: regional.URL, token: "kpat_test"}).do(http.MethodGet, "/v2/cloud-gateways/provider-accounts", nil); r.status != http.StatusNotFound {
		t.Fatalf("the regional host answered %d to the cloud gateways API", r.status)
	}
	if r := c.do(http.MethodPost, "/_mock/cloud-gateways/fail-next-provisioning", map[string]any{"reason": "no capacity"}); r.status != http.StatusNoContent {
		t.Fatalf("fail-next-provisioning: %d %s", r.status, r.raw)
	}
	created := c.do(http.MethodPost, "/v2/cloud-gateways/networks", map[string]any{"name": "n", "cloud_gateway_provider_account_id": cloudgateway.SeededProviderAccount("aws"),
		"region": "us-east-2", "availability_zones": []any{"use2-az1"}, "cidr_block": "10.0.0.0/16"})
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.raw)
	}
	got := c.do(http.MethodGet, "/v2/cloud-gateways/networks/"+created.body["id"].(string), nil)
	if meta, _ := got.body["state_metadata"].(map[string]any); got.body["state"] != "error" || meta["reason"] != "no capacity" {
		t.Fatalf("the network after a failed provisioning: %s", got.raw)
	}
	dump := c.do(http.MethodGet, "/_mock/dump", nil)
	if dump.status != http.StatusOK {
		t.Fatalf("dump: %d", dump.status)
	}
	fresh := New(Options{})
	if err := fresh.restore(dump.raw); err != nil {
		t.Fatalf("the dump does not load back: %v", err)
	}
	if ids := fresh.CloudGateways().Networks(); len(ids) != 1 || ids[0] != created.body["id"] {
		t.Fatalf("after a reload the mock holds %v", ids)
	}
}
