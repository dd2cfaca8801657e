package konnectmock

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/access"
)

// The identity API family (package access, tested there endpoint by endpoint)
// as the assembler mounts it: authenticated, counted, faulted, persisted, reset,
// with the tokens it issues accepted as bearer tokens until they expire or go.

func TestContractAccessFamily(t *testing.T) {
	c := newMock(t, Options{Tokens: []string{"kpat_test"}})
	problem := func(status int, detail string) string {
		return fmt.Sprintf(`{"status":%d,"title":%q,"type":"https://httpstatuses.com/%d","detail":%q}`, status, problemTitles[status], status, detail)
	}
	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	acct := c.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "CI"}).expect(t, 201, ctJSON).str("id")
	team := c.do("POST", "/v3/teams", map[string]any{"name": "IDM", "description": "The IDM team."}).expect(t, 201, ctJSON).str("id")

	// 400 (naming the field), 404, 405, 409: problem+json, as the platform API's
	for _, tc := range []struct {
		method, path string
		body         any
		status       int
		want         string
	}{
		{"POST", "/v3/teams", map[string]any{"description": "no name"}, 400,
			`{"status":400,"title":"Bad Request","type":"https://httpstatuses.com/400","detail":"","invalid_parameters":[{"field":"name","rule":"required","reason":"is a required field"}]}`},
		{"GET", "/v3/teams/nope", nil, 400,
			`{"status":400,"title":"Bad Request","type":"https://httpstatuses.com/400","detail":"","invalid_parameters":[{"field":"teamID","reason":"invalid ID format"}]}`},
		{"GET", "/v3/teams/" + missing, nil, 404, problem(404, "The requested team was not found")},
		{"PUT", "/v3/teams", nil, 405, problem(405, "Method Not Allowed")},
		{"GET", "/v3/nowhere", nil, 404, problem(404, "Not Found")},
		{"POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "twice"}, 409, problem(409, "System account with name [ci] already exists")},
	} {
		r := c.do(tc.method, tc.path, tc.body).expect(t, tc.status, ctProblem)
		r.jsonEq(t, tc.want, "instance")
		if !strings.HasPrefix(r.str("instance"), "konnect:trace:") {
			t.Errorf("%s %s: instance %q", tc.method, tc.path, r.str("instance"))
		}
	}

	// PATCH changes only what is sent
	c.do("PATCH", "/v3/teams/"+team, map[string]any{"name": "IDM - Developers"}).expect(t, 200, ctJSON).
		jsonEq(t, `{"id":"`+team+`","name":"IDM - Developers","description":"The IDM team.","system_team":false,"labels":{}}`, "created_at", "updated_at")

	// every call is counted by its route
	counts := c.srv.Counts()
	for _, k := range []string{"POST /v3/teams", "GET /v3/teams/{teamId}", "PATCH /v3/teams/{teamId}", "PUT /v3/teams", "GET /v3/unmatched"} {
		if counts[k] == 0 {
			t.Errorf("no count for %q in %v", k, counts)
		}
	}

	// a token the mock issued is a bearer token, whatever Options.Tokens says...
	tok := c.do("POST", "/v3/system-accounts/"+acct+"/access-tokens", map[string]any{"name": "t", "expires_at": "2099-01-01T00:00:00Z"}).expect(t, 201, ctJSON)
	spat := &client{t: t, base: c.base, token: tok.str("token"), srv: c.srv}
	spat.do("GET", "/v3/teams", nil).expect(t, 200, ctJSON)
	spat.do("GET", "/v2/control-planes", nil).expect(t, 200, ctJSON)
	// ...until it expires (out of band here), when it is a 401 of the API's style
	c.do("POST", "/_mock/tokens/"+tok.str("id")+"/expire", nil).expect(t, 204, "")
	spat.do("GET", "/v3/teams", nil).expect(t, 401, ctProblem).jsonEq(t, `{"status":401,"title":"Unauthenticated","detail":"A valid token is required"}`, "instance")
	spat.do("GET", "/v2/control-planes", nil).expect(t, 401, ctProblem)
	c.do("GET", "/v3/system-accounts/"+acct+"/access-tokens/"+tok.str("id"), nil).expect(t, 200, ctJSON) // still listed
	c.do("POST", "/_mock/tokens/"+missing+"/expire", nil).expect(t, 404, ctJSON)

	// a deleted token is refused even where any well-formed token would do
	open := newMock(t, Options{})
	acct2 := open.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "CI"}).expect(t, 201, ctJSON).str("id")
	tok2 := open.do("POST", "/v3/system-accounts/"+acct2+"/access-tokens", map[string]any{"name": "t", "expires_at": "2099-01-01T00:00:00Z"}).expect(t, 201, ctJSON)
	gone := &client{t: t, base: open.base, token: tok2.str("token"), srv: open.srv}
	gone.do("GET", "/v3/users", nil).expect(t, 200, ctJSON)
	open.do("DELETE", "/v3/system-accounts/"+acct2+"/access-tokens/"+tok2.str("id"), nil).expect(t, 204, "")
	gone.do("GET", "/v3/users", nil).expect(t, 401, ctProblem)
	gone.do("GET", "/_mock/counts", nil).expect(t, 401, ctJSON)
	open.do("GET", "/v3/users", nil).expect(t, 200, ctJSON) // other well-formed tokens still pass

	// users exist by invitation; /_mock/users accepts one out of band
	c.do("POST", "/_mock/users", map[string]any{"email": "ops@example.com", "full_name": "Ops"}).expect(t, 201, ctJSON).
		jsonEq(t, `{"email":"ops@example.com","full_name":"Ops","preferred_name":"","active":true}`, "id", "created_at", "updated_at")
	c.do("POST", "/_mock/users", map[string]any{"email": "ops@example.com"}).expect(t, 409, ctJSON)
	c.do("POST", "/_mock/users", map[string]any{"email": "nope"}).expect(t, 400, ctJSON)
	c.do("GET", "/_mock/users", nil).expect(t, 405, ctJSON)
	if got := c.do("GET", "/v3/users?filter[email][eq]=ops@example.com", nil).expect(t, 200, ctJSON).body["meta"]; fmt.Sprint(got) != "map[page:map[number:1 size:10 total:1]]" {
		t.Fatalf("invited user: %v", got)
	}
	if u, ok := c.srv.Access().FindUser("ops@example.com"); !ok || !u.Active {
		t.Fatalf("FindUser: %+v", u)
	}

	// reset: a new organisation, predefined teams and seeded users only
	c.do("POST", "/_mock/reset", nil).expect(t, 204, "")
	if n := c.do("GET", "/v3/teams?page[size]=100", nil).body["meta"].(map[string]any)["page"].(map[string]any)["total"]; fmt.Sprint(n) != "8" {
		t.Fatalf("teams after reset: %v", n)
	}
	if _, ok := c.srv.Access().FindUser("ops@example.com"); ok {
		t.Fatal("reset kept an invited user")
	}
}

func TestFaultsReachAccessFamily(t *testing.T) {
	c := newMock(t, Options{Faults: Faults{RateLimitShare: 1, RetryAfter: 3}})
	r := c.do("GET", "/v3/teams", nil).expect(t, 429, ctJSON)
	if r.header.Get("Retry-After") != "3" || c.srv.Counts()["fault 429"] != 1 {
		t.Fatalf("429: %v %v", r.header, c.srv.Counts())
	}
	c.do("POST", "/_mock/users", map[string]any{"email": "x@example.com"}).expect(t, 201, ctJSON) // control endpoints are spared
}

// The access state is in the state file: a restart serves the same teams,
// accounts, memberships and tokens (a deleted token stays refused).
func TestStateFileKeepsAccessFamily(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	opts := Options{StateFile: path, Access: access.Options{Users: []access.NewUser{{Email: "seeded@example.com"}}}}
	c, kill := openMock(t, opts)
	team := c.do("POST", "/v3/teams", map[string]any{"name": "ops", "labels": map[string]any{"env": "prod"}}).expect(t, 201, ctJSON).str("id")
	jane, _ := c.srv.Access().FindUser("jane.doe@example.com")
	c.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": jane.ID}).expect(t, 201, "")
	acct := c.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "CI"}).expect(t, 201, ctJSON).str("id")
	tok := c.do("POST", "/v3/system-accounts/"+acct+"/access-tokens", map[string]any{"name": "t", "expires_at": "2099-01-01T00:00:00Z"}).expect(t, 201, ctJSON)
	gone := c.do("POST", "/v3/system-accounts/"+acct+"/access-tokens", map[string]any{"name": "gone", "expires_at": "2099-01-01T00:00:00Z"}).expect(t, 201, ctJSON)
	c.do("DELETE", "/v3/system-accounts/"+acct+"/access-tokens/"+gone.str("id"), nil).expect(t, 204, "")
	c.do("PATCH", "/v3/authentication-settings", map[string]any{"idp_mapping_enabled": true}).expect(t, 200, ctJSON)
	// the Go API saves too
	if _, err := c.srv.Access().AddUser(access.NewUser{Email: "late@example.com"}); err != nil {
		t.Fatal(err)
	}
	reads := []string{"/v3/teams?page[size]=100", "/v3/teams/" + team + "/users", "/v3/users", "/v3/system-accounts/" + acct + "/access-tokens", "/v3/authentication-settings"}
	before := map[string][]byte{}
	for _, p := range reads {
		before[p] = c.do("GET", p, nil).expect(t, 200, ctJSON).raw
	}
	dump := c.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON).raw
	if !bytes.Contains(dump, []byte(`"families":{"access":{`)) || bytes.Contains(dump, []byte(tok.str("token"))) {
		t.Fatalf("dump: the access state, without token values: %s", dump)
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
	(&client{t: t, base: c2.base, token: tok.str("token"), srv: c2.srv}).do("GET", "/v3/teams", nil).expect(t, 200, ctJSON)
	(&client{t: t, base: c2.base, token: gone.str("token"), srv: c2.srv}).do("GET", "/v3/teams", nil).expect(t, 401, ctProblem)

	// a state file written before the access family existed loads, with a new organisation's access state
	old := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(old, []byte(`{"format":"konnect-mock-state","version":1,"seq":0,"control_planes":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c3, _ := openMock(t, Options{StateFile: old})
	c3.do("GET", "/v3/users?filter[email]=admin@example.com", nil).expect(t, 200, ctJSON)
	// and a broken access state is a startup error naming the file
	broken := bytes.Replace(dump, []byte(`"organization":{"id":"`), []byte(`"organization":{"id":"x`), 1)
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, broken, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Options{StateFile: bad}); err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "access") {
		t.Fatalf("broken access state: %v", err)
	}
}
