package konnectmock

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Dev Portal family (package portal, tested there endpoint by endpoint)
// as the assembler mounts it: beside the access family under /v3, with the
// application auth strategies under /v2 beside the control planes;
// authenticated, counted, faulted, persisted and reset like every family.

func TestContractPortalFamily(t *testing.T) {
	c := newMock(t, Options{Tokens: []string{"kpat_test"}})
	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	portal := c.do("POST", "/v3/portals", map[string]any{"name": "dev"}).expect(t, 201, ctJSON).str("id")
	strategy := c.do("POST", "/v2/application-auth-strategies", map[string]any{"name": "ka", "display_name": "Key", "strategy_type": "key_auth",
		"configs": map[string]any{"key-auth": map[string]any{"key_names": []string{"apikey"}}}}).expect(t, 201, ctJSON).str("id")
	page := c.do("POST", "/v3/portals/"+portal+"/pages", map[string]any{"slug": "/home", "content": "# Home\n"}).expect(t, 201, ctJSON).str("id")

	// 400 (naming the field, in the portal spec's words), 404, 405, 409: problem+json
	for _, tc := range []struct {
		method, path string
		body         any
		status       int
		want         string
	}{
		{"POST", "/v3/portals", map[string]any{"description": "no name"}, 400,
			`{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","detail":"Invalid Parameters","invalid_parameters":[{"field":"name","rule":"required","reason":"\"name\" is required","source":"body"}]}`},
		{"GET", "/v3/portals?filter[my_attribute]=x", nil, 400,
			`{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","detail":"Invalid Parameters","invalid_parameters":[{"field":"filter[my_attribute]","rule":"unknown_property","reason":"\"filter[my_attribute]\" is not allowed","source":"query"}]}`},
		{"PATCH", "/v3/portals/" + portal, `{"name":`, 400,
			`{"status":400,"title":"Bad Request","type":"https://httpstatuses.com/400","detail":"Could not parse request body","invalid_parameters":[{"field":"body","reason":"request format is invalid"}]}`},
		{"GET", "/v3/portals/" + missing, nil, 404, `{"status":404,"title":"Not Found","type":"https://httpstatuses.com/404","detail":"Not Found"}`},
		{"GET", "/v2/application-auth-strategies/" + missing, nil, 404, `{"status":404,"title":"Not Found","type":"https://httpstatuses.com/404","detail":"Not Found"}`},
		{"PUT", "/v3/portals", nil, 405, `{"status":405,"title":"Method Not Allowed","type":"https://httpstatuses.com/405","detail":"Method Not Allowed"}`},
		{"GET", "/v3/portals/" + portal + "/applications", nil, 404, `{"status":404,"title":"Not Found","type":"https://httpstatuses.com/404","detail":"Not Found"}`},
		{"POST", "/v3/portals", map[string]any{"name": "dev"}, 409, `{"status":409,"title":"Conflict","type":"https://httpstatuses.com/409","detail":"Portal with name [dev] already exists"}`},
	} {
		r := c.do(tc.method, tc.path, tc.body).expect(t, tc.status, ctProblem)
		r.jsonEq(t, tc.want, "instance")
		if !strings.HasPrefix(r.str("instance"), "konnect:trace:") {
			t.Errorf("%s %s: instance %q", tc.method, tc.path, r.str("instance"))
		}
	}
	// the families live side by side: /v3/teams is the access family's, /v2/control-planes the gateway's
	c.do("GET", "/v3/teams", nil).expect(t, 200, ctJSON)
	c.do("GET", "/v2/control-planes", nil).expect(t, 200, ctJSON)
	c.do("GET", "/v3/portal-roles", nil).expect(t, 200, ctJSON)

	// PATCH changes only what is sent
	c.do("PATCH", "/v3/portals/"+portal, map[string]any{"default_application_auth_strategy_id": strategy}).expect(t, 200, ctJSON).
		jsonEq(t, `{"name":"dev","display_name":"dev","description":null,"default_application_auth_strategy_id":"`+strategy+`","labels":{}}`,
			"id", "authentication_enabled", "rbac_enabled", "sipr_enabled", "default_api_visibility", "default_page_visibility",
			"auto_approve_developers", "auto_approve_applications", "default_domain", "canonical_domain",
			"notifications_developer_pii_visibility_enabled", "created_at", "updated_at")
	c.do("DELETE", "/v2/application-auth-strategies/"+strategy, nil).expect(t, 409, ctProblem)

	// every call is counted by its route
	counts := c.srv.Counts()
	for _, k := range []string{"POST /v3/portals", "GET /v3/portals/{portalId}", "PATCH /v3/portals/{portalId}", "PUT /v3/portals",
		"POST /v3/portals/{portalId}/pages", "GET /v3/unmatched", "GET /v3/portal-roles",
		"POST /v2/application-auth-strategies", "DELETE /v2/application-auth-strategies/{authStrategyId}", "GET /v3/teams"} {
		if counts[k] == 0 {
			t.Errorf("no count for %q in %v", k, counts)
		}
	}

	// unauthenticated requests never reach the family
	anon := &client{t: t, base: c.base, token: "", srv: c.srv}
	anon.do("GET", "/v3/portals", nil).expect(t, 401, ctProblem)
	anon.do("GET", "/v2/application-auth-strategies", nil).expect(t, 401, ctProblem)

	// the family's /_mock/ controls, and its Go API through the server
	c.do("PUT", "/_mock/portals/"+portal+"/pages/"+page+"/content", map[string]any{"content": "---\ntitle: Edited in the portal\n---\n# Home\n"}).expect(t, 200, ctJSON)
	if got := c.do("GET", "/v3/portals/"+portal+"/pages/"+page, nil).expect(t, 200, ctJSON).str("title"); got != "Edited in the portal" {
		t.Fatalf("page edited out of band: %s", got)
	}
	api := "11111111-2222-4333-8444-555555555555"
	c.do("POST", "/_mock/portals/"+portal+"/publications", map[string]any{"api_id": api}).expect(t, 201, ctJSON)
	c.do("DELETE", "/v3/portals/"+portal, nil).expect(t, 409, ctProblem)
	if err := c.srv.Portal().Unpublish(portal, api); err != nil {
		t.Fatal(err)
	}
	c.do("GET", "/_mock/portals/"+portal+"/publications", nil).expect(t, 405, ctJSON)
	c.do("POST", "/_mock/users", map[string]any{"email": "ops@example.com"}).expect(t, 201, ctJSON) // the access family's controls still answer

	// reset: a new organisation without portals or strategies
	c.do("POST", "/_mock/reset", nil).expect(t, 204, "")
	c.do("GET", "/v3/portals", nil).expect(t, 200, ctJSON).jsonEq(t, `{"meta":{"page":{"number":1,"size":10,"total":0}},"data":[]}`)
	c.do("GET", "/v2/application-auth-strategies", nil).expect(t, 200, ctJSON).jsonEq(t, `{"meta":{"page":{"number":1,"size":10,"total":0}},"data":[]}`)
}

func TestFaultsReachPortalFamily(t *testing.T) {
	c := newMock(t, Options{Faults: Faults{RateLimitShare: 1, RetryAfter: 2}})
	for _, p := range []string{"/v3/portals", "/v2/application-auth-strategies"} {
		r := c.do("GET", p, nil).expect(t, 429, ctJSON)
		if r.header.Get("Retry-After") != "2" {
			t.Fatalf("%s: %v", p, r.header)
		}
	}
	if n := c.srv.Counts()["fault 429"]; n != 2 {
		t.Fatalf("fault counts: %v", c.srv.Counts())
	}
	c.do("PATCH", "/_mock/faults", map[string]any{"rate_limit_share": 0, "error_share": 1}).expect(t, 200, ctJSON)
	if r := c.do("POST", "/v3/portals", map[string]any{"name": "never"}); r.status < 500 || c.srv.Counts()["fault 5xx"] != 1 {
		t.Fatalf("injected server error: %d %s", r.status, r.raw)
	}
	c.do("PATCH", "/_mock/faults", map[string]any{"error_share": 0}).expect(t, 200, ctJSON)
	c.do("GET", "/v3/portals", nil).expect(t, 200, ctJSON).jsonEq(t, `{"meta":{"page":{"number":1,"size":10,"total":0}},"data":[]}`)
}

// The portal state is in the state file: a restart serves the same portals,
// pages, teams and strategies, and no secret is ever written to it.
func TestStateFileKeepsPortalFamily(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	opts := Options{StateFile: path}
	c, kill := openMock(t, opts)
	dcr := c.do("POST", "/v2/dcr-providers", map[string]any{"name": "d", "provider_type": "http", "issuer": "https://issuer.example.com",
		"dcr_config": map[string]any{"dcr_base_url": "https://dcr.example.com", "api_key": "sup3r_s3cr3t_key"}}).expect(t, 201, ctJSON).str("id")
	strategy := c.do("POST", "/v2/application-auth-strategies", map[string]any{"name": "o", "display_name": "OIDC", "strategy_type": "openid_connect", "dcr_provider_id": dcr,
		"configs": map[string]any{"openid-connect": map[string]any{"issuer": "https://oidc.example.com", "credential_claim": []string{"client_id"},
			"scopes": []string{"openid"}, "auth_methods": []string{"bearer"}}}}).expect(t, 201, ctJSON).str("id")
	portal := c.do("POST", "/v3/portals", map[string]any{"name": "durable", "default_application_auth_strategy_id": strategy}).expect(t, 201, ctJSON).str("id")
	base := "/v3/portals/" + portal
	parent := c.do("POST", base+"/pages", map[string]any{"slug": "/guides", "content": "guides"}).expect(t, 201, ctJSON).str("id")
	c.do("POST", base+"/pages", map[string]any{"slug": "start", "content": "start", "parent_page_id": parent}).expect(t, 201, ctJSON)
	c.do("POST", base+"/snippets", map[string]any{"name": "s", "content": "s"}).expect(t, 201, ctJSON)
	team := c.do("POST", base+"/teams", map[string]any{"name": "gold"}).expect(t, 201, ctJSON).str("id")
	c.do("PATCH", base+"/authentication-settings", map[string]any{"oidc_issuer": "https://id.example.com", "oidc_client_id": "cid", "oidc_client_secret": "cl1ent_s3cr3t"}).expect(t, 200, ctJSON)
	c.do("PATCH", base+"/customization", map[string]any{"layout": "sidebar"}).expect(t, 200, ctJSON)
	// the Go API saves too
	if err := c.srv.Portal().Publish(portal, "11111111-2222-4333-8444-555555555555", strategy); err != nil {
		t.Fatal(err)
	}
	reads := []string{"/v3/portals", base, base + "/pages", base + "/snippets", base + "/teams/" + team, base + "/authentication-settings",
		base + "/customization", "/v2/application-auth-strategies", "/v2/dcr-providers/" + dcr}
	before := map[string][]byte{}
	for _, p := range reads {
		before[p] = c.do("GET", p, nil).expect(t, 200, ctJSON).raw
	}
	dump := c.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON).raw
	if !bytes.Contains(dump, []byte(`"portal":{"portals":[`)) {
		t.Fatalf("dump: no portal state: %s", dump)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"sup3r_s3cr3t_key", "cl1ent_s3cr3t"} {
		if bytes.Contains(dump, []byte(secret)) || bytes.Contains(file, []byte(secret)) {
			t.Fatalf("the secret %s is in the state", secret)
		}
	}
	kill()

	c2, _ := openMock(t, opts)
	if got := c2.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON).raw; !bytes.Equal(got, dump) {
		t.Fatalf("state changed across a restart\nbefore: %s\nafter:  %s", dump, got)
	}
	for _, p := range reads {
		if got := c2.do("GET", p, nil).expect(t, 200, ctJSON).raw; !bytes.Equal(got, before[p]) {
			t.Fatalf("%s changed across a restart\nbefore: %s\nafter:  %s", p, before[p], got)
		}
	}
	c2.do("DELETE", base, nil).expect(t, 409, ctProblem) // the publication is still there
	c2.do("DELETE", base+"?force=true", nil).expect(t, 204, "")

	// a state file written before the portal family existed loads, without portals
	old := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(old, []byte(`{"format":"konnect-mock-state","version":1,"seq":0,"control_planes":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c3, _ := openMock(t, Options{StateFile: old})
	c3.do("GET", "/v3/portals", nil).expect(t, 200, ctJSON)
	// and a broken portal state is a startup error naming the file
	broken := bytes.Replace(dump, []byte(`"portal":{"portals":[{"id":"`), []byte(`"portal":{"portals":[{"id":"x`), 1)
	if bytes.Equal(broken, dump) {
		t.Fatal("the edit changed nothing")
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, broken, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Options{StateFile: bad}); err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "portal") {
		t.Fatalf("broken portal state: %v", err)
	}
}
