package cloudgateway

import (
	"strings"
	"testing"
	"time"
)

// A custom domain provisions on the clock (its certificate and SNI appear once ready), a
// second one of the same domain is refused, and a delete terminates it until it is gone.
func TestCustomDomainLifecycle(t *testing.T) {
	m := newMock(t, time.Minute)
	body := map[string]any{"control_plane_id": "5f4e3d2c-1b0a-4e6f-8c7d-9e0f1a2b3c4d", "control_plane_geo": "us", "domain": "api.example.com"}
	d := m.do("POST", "/v2/cloud-gateways/custom-domains", body, 201)
	path := "/v2/cloud-gateways/custom-domains/" + d["id"].(string)
	if d["state"] != "initializing" || d["certificate_id"] != nil || d["kind"] != "dedicated.v0" || d["entity_version"] != 1.0 {
		t.Fatalf("created: %v", d)
	}
	m.do("POST", "/v2/cloud-gateways/custom-domains", body, 409)
	m.do("POST", "/v2/cloud-gateways/custom-domains", map[string]any{"domain": "x.example.com", "control_plane_geo": "mars"}, 400)
	m.clock.Advance(time.Minute)
	if got := m.do("GET", path, nil, 200); got["state"] != "ready" || got["certificate_id"] == nil || got["entity_version"] != 2.0 {
		t.Fatalf("after provisioning: %v", got)
	}
	if l := m.do("GET", "/v2/cloud-gateways/custom-domains?filter[domain][eq]=api.example.com", nil, 200); len(l["data"].([]any)) != 1 {
		t.Fatalf("filtered by domain: %v", l)
	}
	m.do("DELETE", path, nil, 204)
	if got := m.do("GET", path, nil, 200); got["state"] != "terminating" {
		t.Fatalf("after the delete: %v", got["state"])
	}
	m.clock.Advance(2 * time.Minute)
	m.do("GET", path, nil, 404)
}

// An add-on: created initializing, ready on the clock with its cache's vault references;
// a PATCH of its tier initializes it again (the same tier is refused; Konnect's read-only
// fields echoed back are ignored), a second add-on of one owner is refused, a delete
// terminates it and then it is gone.
func TestAddOnLifecycle(t *testing.T) {
	m := newMock(t, time.Minute)
	owner := map[string]any{"kind": "control-plane", "control_plane_id": "123e4567-e89b-12d3-a456-426614174000", "control_plane_geo": "us"}
	cfg := func(tier string) map[string]any {
		return map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": tier}}
	}
	a := m.do("POST", "/v2/cloud-gateways/add-ons", map[string]any{"name": "cache", "owner": owner, "config": cfg("small")}, 201)
	path := "/v2/cloud-gateways/add-ons/" + a["id"].(string)
	if a["state"] != "initializing" || len(a["config"].(map[string]any)["state_metadata"].(map[string]any)) != 0 {
		t.Fatalf("created: %v", a)
	}
	m.do("POST", "/v2/cloud-gateways/add-ons", map[string]any{"name": "cache", "owner": owner, "config": cfg("small")}, 409)
	m.do("POST", "/v2/cloud-gateways/add-ons", map[string]any{"name": "other", "owner": owner, "config": cfg("small")}, 400)
	m.do("POST", "/v2/cloud-gateways/add-ons", map[string]any{"name": "bad", "owner": owner, "config": cfg("huge")}, 400)
	m.clock.Advance(time.Minute)
	got := m.do("GET", path, nil, 200)
	meta := got["config"].(map[string]any)["state_metadata"].(map[string]any)
	if got["state"] != "ready" || !strings.HasPrefix(meta["cache_host"].(string), "{vault://env/") {
		t.Fatalf("after provisioning: %v", got)
	}
	m.do("PATCH", path, map[string]any{"config": cfg("small")}, 400)
	echoed := got["config"].(map[string]any)
	echoed["capacity_config"] = map[string]any{"kind": "tiered", "tier": "large"}
	if p := m.do("PATCH", path, map[string]any{"config": echoed}, 200); p["state"] != "initializing" || p["entity_version"] != 3.0 {
		t.Fatalf("after the PATCH: %v", p)
	}
	m.do("DELETE", path, nil, 204)
	if got := m.do("GET", path, nil, 200); got["state"] != "terminating" {
		t.Fatalf("after the delete: %v", got["state"])
	}
	m.clock.Advance(time.Minute)
	m.do("GET", path, nil, 404)
}

// A serverless cloud gateway is addressed by its control plane; Konnect returns neither the
// certificate nor its key, and keeps one per control plane.
func TestServerlessGateway(t *testing.T) {
	m := newMock(t, 0)
	cp := "d32d905a-ed33-46a3-a093-d8f536af9a8a"
	body := map[string]any{"control_plane": map[string]any{"id": cp, "prefix": "518da50bf7", "region": "us"},
		"cluster_cert": "CERT", "cluster_cert_key": "the-key-0123", "labels": map[string]any{"env": "test"}}
	g := m.do("POST", "/v0/serverless-cloud-gateways", body, 201)
	if g["gateway_endpoint"] != "us-kong-518da50bf7.kongcloud.dev" || g["cluster_cert_key"] != nil || g["cluster_cert"] != nil {
		t.Fatalf("created: %v", g)
	}
	if m.f.ServerlessKey(cp) != "the-key-0123" {
		t.Fatal("Konnect did not keep the key it received")
	}
	m.do("POST", "/v0/serverless-cloud-gateways", body, 400)
	m.do("GET", "/v0/serverless-cloud-gateways/"+cp, nil, 200)
	m.do("DELETE", "/v0/serverless-cloud-gateways/"+cp, nil, 204)
	m.do("GET", "/v0/serverless-cloud-gateways/"+cp, nil, 404)
}
