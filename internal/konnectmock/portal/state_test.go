package portal

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// populate fills a portal with one of everything and returns the reads that show it.
func populate(t *testing.T, fx *fixture) []string {
	t.Helper()
	strategy := fx.ok("POST", "/v2/application-auth-strategies", keyAuth("ka"), 201).str("id")
	dcr := fx.ok("POST", "/v2/dcr-providers", map[string]any{"name": "d", "provider_type": "okta", "issuer": "https://x.example.com", "dcr_config": map[string]any{"dcr_token": "t0ken"}}, 201).str("id")
	o := oidc("o")
	o["dcr_provider_id"] = dcr
	fx.ok("POST", "/v2/application-auth-strategies", o, 201)
	p := fx.ok("POST", "/v3/portals", map[string]any{"name": "p", "labels": map[string]any{"env": "prod"}, "default_application_auth_strategy_id": strategy}, 201).str("id")
	base := "/v3/portals/" + p
	parent := fx.ok("POST", base+"/pages", map[string]any{"slug": "/a", "content": "---\ntitle: A\n---\nbody\n"}, 201).str("id")
	fx.ok("POST", base+"/pages", map[string]any{"slug": "b", "content": "b", "parent_page_id": parent, "description": "d"}, 201)
	fx.ok("POST", base+"/snippets", map[string]any{"name": "s", "content": "s"}, 201)
	team := fx.ok("POST", base+"/teams", map[string]any{"name": "t"}, 201).str("id")
	dev := fx.ok("POST", base+"/developers", map[string]any{"email": "d@example.com", "full_name": "D"}, 201).str("id")
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{"id": dev}).expect(t, 201, "")
	fx.ok("POST", base+"/teams/"+team+"/assigned-roles", map[string]any{"role_name": "API Consumer", "entity_id": missing, "entity_type_name": "Services", "entity_region": "eu"}, 201)
	fx.ok("POST", base+"/ip-allow-list", map[string]any{"allowed_ips": []string{"10.0.0.0/8"}}, 201)
	fx.ok("PATCH", base+"/audit-log-webhook", map[string]any{"enabled": true, "audit_log_destination_id": missing}, 200)
	fx.ok("PATCH", base+"/authentication-settings", map[string]any{"oidc_issuer": "https://id.example.com", "oidc_client_id": "c", "oidc_client_secret": "sh"}, 200)
	fx.ok("PATCH", base+"/customization", map[string]any{"theme": map[string]any{"mode": "dark"}}, 200)
	fx.ok("PUT", base+"/assets/logo", map[string]any{"data": "data:image/png;base64,eA=="}, 200)
	cert, key := certPair(t, "dev.example.com", time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
	fx.ok("POST", base+"/custom-domain", map[string]any{"hostname": "dev.example.com", "enabled": true,
		"ssl": map[string]any{"domain_verification_method": "custom_certificate", "custom_certificate": cert, "custom_private_key": key}}, 201)
	if err := fx.f.Publish(p, "11111111-2222-4333-8444-555555555555", strategy); err != nil {
		t.Fatal(err)
	}
	return []string{"/v3/portals", base, base + "/pages", base + "/pages/" + parent, base + "/snippets", base + "/teams",
		base + "/teams/" + team + "/developers", base + "/teams/" + team + "/assigned-roles", base + "/developers", base + "/ip-allow-list",
		base + "/audit-log-webhook", base + "/authentication-settings", base + "/customization", base + "/assets/logo", base + "/custom-domain",
		"/v2/application-auth-strategies", "/v2/dcr-providers"}
}

func TestSnapshotRestoreRoundTrip(t *testing.T) {
	fx := newFixture(t)
	reads := populate(t, fx)
	before := map[string][]byte{}
	for _, p := range reads {
		before[p] = fx.ok("GET", p, nil, 200).raw
	}
	snap := fx.f.Snapshot()
	for _, secret := range []string{"t0ken", "PRIVATE KEY", `"sh"`} {
		if bytes.Contains(snap, []byte(secret)) {
			t.Fatalf("the snapshot holds %s: %s", secret, snap)
		}
	}

	fx2 := newFixture(t)
	if err := fx2.f.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if got := fx2.f.Snapshot(); !bytes.Equal(got, snap) {
		t.Fatalf("snapshot changed across Restore\nbefore: %s\nafter:  %s", snap, got)
	}
	for _, p := range reads {
		if got := fx2.ok("GET", p, nil, 200).raw; !bytes.Equal(got, before[p]) {
			t.Fatalf("%s changed across Restore\nbefore: %s\nafter:  %s", p, before[p], got)
		}
	}
	// the restored state keeps its rules: a publication still holds the portal back
	id, _ := fx2.f.FindPortal("p")
	fx2.do("DELETE", "/v3/portals/"+id, nil).expect(t, 409, mockcore.CTProblem)

	fx2.f.Reset()
	if got := string(fx2.f.Snapshot()); got != `{"portals":[],"application_auth_strategies":[],"dcr_providers":[]}`+"\n" {
		t.Fatalf("after Reset: %s", got)
	}
}

func TestRestoreRefusesBrokenState(t *testing.T) {
	fx := newFixture(t)
	populate(t, fx)
	snap := string(fx.f.Snapshot())
	var doc map[string]any
	if err := json.Unmarshal([]byte(snap), &doc); err != nil {
		t.Fatal(err)
	}
	portal := doc["portals"].([]any)[0].(map[string]any)
	pages := portal["pages"].([]any)
	first, second := pages[0].(map[string]any), pages[1].(map[string]any)
	for name, edit := range map[string]func() string{
		"unknown field": func() string { return strings.Replace(snap, `"portals":[`, `"colour":1,"portals":[`, 1) },
		"bad id":        func() string { return strings.Replace(snap, `"id":"`+portal["id"].(string), `"id":"X`, 1) },
		"missing list":  func() string { return `{"portals":[],"application_auth_strategies":[]}` },
		"page cycle": func() string {
			return strings.Replace(snap, `"parent_page_id":null`, `"parent_page_id":"`+second["id"].(string)+`"`, 1)
		},
		"parent elsewhere": func() string {
			return strings.Replace(snap, `"parent_page_id":"`+first["id"].(string)+`"`, `"parent_page_id":"`+missing+`"`, 1)
		},
		"secret kept": func() string { return strings.Replace(snap, `"dcr_config":{}`, `"dcr_config":{"dcr_token":"x"}`, 1) },
		"unknown strategy": func() string {
			return strings.Replace(snap, `"default_application_auth_strategy_id":"`, `"default_application_auth_strategy_id":"0`, 1)
		},
	} {
		broken := edit()
		if broken == snap {
			t.Fatalf("%s: the edit changed nothing", name)
		}
		fresh := newFixture(t)
		if err := fresh.f.Restore(json.RawMessage(broken)); err == nil || !strings.HasPrefix(err.Error(), "portal: ") {
			t.Errorf("%s: Restore accepted it (%v)", name, err)
		}
		if got := string(fresh.f.Snapshot()); got != `{"portals":[],"application_auth_strategies":[],"dcr_providers":[]}`+"\n" {
			t.Errorf("%s: a refused Restore changed the state: %s", name, got)
		}
	}
}

func TestControl(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	pg := fx.ok("POST", "/v3/portals/"+p+"/pages", map[string]any{"slug": "/a", "title": "A", "content": "old"}, 201).str("id")
	ctl := func(method, path, body string) result {
		t.Helper()
		resp, ok := fx.f.Control(httptest.NewRequest(method, "/_mock/"+path, nil), path, []byte(body))
		if !ok {
			t.Fatalf("%s %s is not the family's", method, path)
		}
		rec := httptest.NewRecorder()
		resp.Write(rec)
		return result{status: rec.Code, header: rec.Header(), raw: rec.Body.Bytes()}
	}
	fx.clock.Advance(time.Second)
	r := ctl("PUT", "portals/"+p+"/pages/"+pg+"/content", `{"content":"---\ntitle: Edited\n---\nnew"}`).expect(t, 200, mockcore.CTJSON)
	r.jsonEq(t, `{"id":"`+pg+`","slug":"/a","title":"Edited","content":"---\ntitle: Edited\n---\nnew","visibility":"private","status":"unpublished",
		"parent_page_id":null,"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z"}`)
	ctl("GET", "portals/"+p+"/pages/"+pg+"/content", ``).expect(t, 405, mockcore.CTJSON)
	ctl("PUT", "portals/"+p+"/pages/"+missing+"/content", `{"content":"x"}`).expect(t, 404, mockcore.CTJSON)
	ctl("PUT", "portals/"+p+"/pages/"+pg+"/content", `{"text":"x"}`).expect(t, 400, mockcore.CTJSON)

	api := "11111111-2222-4333-8444-555555555555"
	ctl("POST", "portals/"+p+"/publications", `{"api_id":"`+api+`"}`).expect(t, 201, mockcore.CTJSON).jsonEq(t, `{"api_id":"`+api+`","auth_strategy_id":null}`)
	ctl("POST", "portals/"+p+"/publications", `{"api_id":"`+api+`"}`).expect(t, 409, mockcore.CTJSON)
	ctl("POST", "portals/"+missing+"/publications", `{"api_id":"`+api+`"}`).expect(t, 404, mockcore.CTJSON)
	ctl("POST", "portals/"+p+"/publications", `{"api_id":"`+api+`","auth_strategy_id":"`+missing+`"}`).expect(t, 404, mockcore.CTJSON)
	fx.do("DELETE", "/v3/portals/"+p, nil).expect(t, 409, mockcore.CTProblem)
	ctl("DELETE", "portals/"+p+"/publications/"+api, ``).expect(t, 204, "")
	ctl("DELETE", "portals/"+p+"/publications/"+api, ``).expect(t, 404, mockcore.CTJSON)

	ctl("POST", "portals/"+p+"/custom-domain/verify", ``).expect(t, 404, mockcore.CTJSON)
	fx.ok("POST", "/v3/portals/"+p+"/custom-domain", map[string]any{"hostname": "p.example.com", "enabled": true, "ssl": map[string]any{"domain_verification_method": "http"}}, 201)
	if r = ctl("POST", "portals/"+p+"/custom-domain/verify", ``).expect(t, 200, mockcore.CTJSON); !strings.Contains(string(r.raw), `"cname_status":"verified"`) {
		t.Fatalf("verify: %s", r.raw)
	}
	if _, ok := fx.f.Control(httptest.NewRequest("POST", "/_mock/users", nil), "users", nil); ok {
		t.Fatal("the family took another family's control path")
	}
	if id, ok := fx.f.FindPortal("p"); !ok || id != p {
		t.Fatalf("FindPortal: %s %v", id, ok)
	}
}

func TestRoute(t *testing.T) {
	f := New(mockcore.Env{})
	for path, want := range map[string]string{
		"v3/portals":                                    "/v3/portals",
		"v3/portals/x/pages/y/move":                     "/v3/portals/{portalId}/pages/{pageId}/move",
		"v3/portals/x/assets/logo/raw":                  "/v3/portals/{portalId}/assets/logo/raw",
		"v3/portal-roles":                               "/v3/portal-roles",
		"v3/portals/x/applications":                     "/v3/unmatched",
		"v2/application-auth-strategies/x":              "/v2/application-auth-strategies/{authStrategyId}",
		"v2/dcr-providers":                              "/v2/dcr-providers",
		"v2/application-auth-strategies/x/y/z/whatever": "/v2/unmatched",
	} {
		if got, ok := f.Route(strings.Split(path, "/")); !ok || got != want {
			t.Errorf("%s: %q %v, want %q", path, got, ok, want)
		}
	}
	for _, path := range []string{"v3/teams", "v3/users/me", "v2/control-planes", "v3", "portals"} {
		if _, ok := f.Route(strings.Split(path, "/")); ok {
			t.Errorf("%s is not the family's", path)
		}
	}
}
