package konnectmock

import (
	"net/http"
	"net/http/httptest"
	"strings"
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

// TestManagedCacheLinksPlugins: once a control plane's managed cache is ready, Konnect holds a
// Redis partial for it in that control plane (its id the add-on's cache_config_id); a plugin
// linking it makes Konnect refuse the add-on's delete with its count and the id; once the
// plugin lets go, the delete goes and the partial goes with the add-on.
func TestManagedCacheLinksPlugins(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("dcgw")
	created := c.do(http.MethodPost, "/v2/cloud-gateways/add-ons", map[string]any{"name": "cache",
		"owner":  map[string]any{"kind": "control-plane", "control_plane_id": cp, "control_plane_geo": "us"},
		"config": map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": "small"}}})
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.raw)
	}
	path := "/v2/cloud-gateways/add-ons/" + created.str("id")
	got := c.do(http.MethodGet, path, nil)
	cfg, _ := got.body["config"].(map[string]any)
	meta, _ := cfg["state_metadata"].(map[string]any)
	cacheID, _ := meta["cache_config_id"].(string)
	if got.body["state"] != "ready" || cacheID == "" {
		t.Fatalf("the add-on: %s", got.raw)
	}
	partial := c.do(http.MethodGet, core(cp, "partials/"+cacheID), nil)
	if partial.status != http.StatusOK || partial.body["type"] != "redis-ee" || partial.body["name"] != "konnect-managed-"+cacheID {
		t.Fatalf("the cache's partial: %d %s", partial.status, partial.raw)
	}
	plugin := c.do(http.MethodPost, core(cp, "plugins"), map[string]any{"name": "rate-limiting-advanced",
		"config":   map[string]any{"limit": []any{10}, "window_size": []any{60}, "strategy": "redis", "sync_rate": 1},
		"partials": []any{map[string]any{"id": cacheID}}})
	if plugin.status != http.StatusCreated {
		t.Fatalf("a plugin linking the cache: %d %s", plugin.status, plugin.raw)
	}
	refused := c.do(http.MethodDelete, path, nil)
	if want := "Managed cache add-on has 1 linked plugin(s) that must be removed before deletion. Cache config ID: '" + cacheID + "'."; refused.status != http.StatusBadRequest || !strings.Contains(string(refused.raw), want) {
		t.Fatalf("delete with a linked plugin: %d %s, want 400 %q", refused.status, refused.raw, want)
	}
	if r := c.do(http.MethodDelete, core(cp, "plugins/"+plugin.str("id")), nil); r.status != http.StatusNoContent {
		t.Fatalf("plugin delete: %d", r.status)
	}
	if r := c.do(http.MethodDelete, path, nil); r.status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.status, r.raw)
	}
	for range 3 { // terminating, then gone
		c.do(http.MethodGet, path, nil)
	}
	if r := c.do(http.MethodGet, path, nil); r.status != http.StatusNotFound {
		t.Fatalf("the add-on after its delete: %d %s", r.status, r.raw)
	}
	if r := c.do(http.MethodGet, core(cp, "partials/"+cacheID), nil); r.status != http.StatusNotFound {
		t.Fatalf("the cache's partial after the add-on went: %d %s", r.status, r.raw)
	}
}
