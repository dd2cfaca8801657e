package kongidentity

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// api is the family served alone, with a clock tests move.
type api struct {
	t     *testing.T
	f     *Family
	clock *mocktest.Clock
	base  string
}

func newAPI(t *testing.T) *api {
	clk := mocktest.NewClock(time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC))
	f := New(mockcore.Env{Now: clk.Now})
	hs := httptest.NewServer(f)
	t.Cleanup(hs.Close)
	return &api{t: t, f: f, clock: clk, base: hs.URL}
}

// call sends a request and wants status with each of the contains in the body; it returns
// the decoded object (nil without one).
func (a *api) call(method, path string, body any, status int, contains ...string) map[string]any {
	a.t.Helper()
	ans, err := mocktest.Send(a.t, http.DefaultClient, method, a.base+path, body, nil)
	if err != nil {
		a.t.Fatal(err)
	}
	if ans.Status != status {
		a.t.Fatalf("%s %s: %d, want %d: %s", method, path, ans.Status, status, ans.Raw)
	}
	for _, c := range contains {
		if !strings.Contains(string(ans.Raw), c) {
			a.t.Errorf("%s %s: %s lacks %s", method, path, ans.Raw, c)
		}
	}
	var out map[string]any
	_ = json.Unmarshal(ans.Raw, &out)
	return out
}

// An auth server: the create needs name and audience and fills the spec's defaults; names
// are unique; the listing pages and filters; PATCH merges labels key by key (null removes
// one) and moves updated_at; the delete keeps an auth server that holds objects unless forced.
func TestAuthServers(t *testing.T) {
	a := newAPI(t)
	a.call("POST", "/v1/auth-servers", map[string]any{"name": "idp"}, 400, `"field":"audience"`, `"rule":"required"`)
	a.call("POST", "/v1/auth-servers", map[string]any{"name": "idp", "audience": "api://idp", "extra": 1}, 400, `"rule":"unknown_property"`)
	s := a.call("POST", "/v1/auth-servers", map[string]any{"name": "idp", "audience": "api://idp", "labels": map[string]any{"env": "prod", "team": "orders"}}, 201,
		`"signing_algorithm":"RS256"`, `"description":""`, `"trusted_origins":[]`, `/.well-known/openid-configuration"`)
	id := s["id"].(string)
	if !strings.HasPrefix(s["issuer"].(string), "https://") || s["metadata_uri"] != s["issuer"].(string)+"/.well-known/openid-configuration" {
		t.Errorf("issuer %v, metadata_uri %v", s["issuer"], s["metadata_uri"])
	}
	a.call("POST", "/v1/auth-servers", map[string]any{"name": "idp", "audience": "api://other"}, 409, `"title":"Conflict"`, `"status":409`)
	a.call("POST", "/v1/auth-servers", map[string]any{"name": "b", "audience": "api://b"}, 201)
	a.call("GET", "/v1/auth-servers?page[size]=1&page[number]=2", nil, 200, `"name":"b"`, `"meta":{"page":{"number":2,"size":1,"total":2}}`)
	if l := a.call("GET", "/v1/auth-servers?filter[name][eq]=idp", nil, 200); len(l["data"].([]any)) != 1 {
		t.Errorf("filter[name][eq]=idp: %v", l["data"])
	}
	a.call("GET", "/v1/auth-servers?filter[nope][eq]=1", nil, 400, `"rule":"unknown_property"`)

	a.clock.Advance(time.Second)
	p := a.call("PATCH", "/v1/auth-servers/"+id, map[string]any{"labels": map[string]any{"env": nil, "tier": "gold"}, "signing_algorithm": "PS256"}, 200)
	if l := p["labels"].(map[string]any); len(l) != 2 || l["team"] != "orders" || l["tier"] != "gold" || p["signing_algorithm"] != "PS256" || p["updated_at"] == s["updated_at"] {
		t.Errorf("after PATCH: %v", p)
	}
	a.call("PATCH", "/v1/auth-servers/"+id, map[string]any{"name": "b"}, 409)
	a.call("PATCH", "/v1/auth-servers/"+id, map[string]any{"audience": nil}, 400, `"field":"audience"`)

	a.call("POST", "/v1/auth-servers/"+id+"/scopes", map[string]any{"name": "read"}, 201)
	a.call("DELETE", "/v1/auth-servers/"+id, nil, 400, "force=true")
	a.call("DELETE", "/v1/auth-servers/"+id+"?force=maybe", nil, 400, `"rule":"enum"`)
	a.call("DELETE", "/v1/auth-servers/"+id+"?force=true", nil, 204)
	a.call("GET", "/v1/auth-servers/"+id, nil, 404, `"status":404`, `"title":"Not Found"`)
	a.call("GET", "/v1/auth-servers/"+id+"/scopes", nil, 404)
}

// Scopes and claims: a scope's name is unique in its auth server; a claim may list only
// scopes of its auth server; deleting a scope takes it out of the claims and clients that
// list it.
func TestScopesAndClaims(t *testing.T) {
	a := newAPI(t)
	srv := a.call("POST", "/v1/auth-servers", map[string]any{"name": "idp", "audience": "api://idp"}, 201)["id"].(string)
	other := a.call("POST", "/v1/auth-servers", map[string]any{"name": "other", "audience": "api://other"}, 201)["id"].(string)
	base := "/v1/auth-servers/" + srv
	sc := a.call("POST", base+"/scopes", map[string]any{"name": "read"}, 201, `"enabled":true`, `"default":false`, `"include_in_metadata":false`, `"description":""`)
	a.call("POST", base+"/scopes", map[string]any{"name": "read"}, 409)
	foreign := a.call("POST", "/v1/auth-servers/"+other+"/scopes", map[string]any{"name": "read"}, 201)["id"].(string)
	a.call("POST", base+"/claims", map[string]any{"name": "team", "value": "o", "include_in_scopes": []any{foreign}}, 400, `"rule":"missing_reference"`, `"field":"include_in_scopes"`)
	cm := a.call("POST", base+"/claims", map[string]any{"name": "team", "value": "o", "include_in_scopes": []any{sc["id"]}}, 201,
		`"enabled":true`, `"include_in_token":false`, `"include_in_all_scopes":false`)
	cl := a.call("POST", base+"/clients", map[string]any{"name": "app", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"},
		"allow_scopes": []any{sc["id"]}}, 201)
	a.call("PATCH", base+"/scopes/"+sc["id"].(string), map[string]any{"enabled": false, "description": "r"}, 200, `"enabled":false`, `"description":"r"`)
	a.call("DELETE", base+"/scopes/"+sc["id"].(string), nil, 204)
	a.call("GET", base+"/claims/"+cm["id"].(string), nil, 200, `"include_in_scopes":[]`)
	a.call("GET", base+"/clients/"+cl["id"].(string), nil, 200, `"allow_scopes":[]`)
	a.call("DELETE", base+"/claims/"+cm["id"].(string), nil, 204)
	a.call("DELETE", base+"/claims/"+cm["id"].(string), nil, 404)
}

// A client: Konnect generates its id and secret and shows the secret in the create's
// answer only; a PUT replaces it whole and needs client_secret (one the client has keeps its
// secrets, another replaces them) and creates a client under a new id; a second secret
// added through /secrets is listed without its value.
func TestClientSecrets(t *testing.T) {
	a := newAPI(t)
	base := "/v1/auth-servers/" + a.call("POST", "/v1/auth-servers", map[string]any{"name": "idp", "audience": "api://idp"}, 201)["id"].(string)
	a.call("POST", base+"/clients", map[string]any{"name": "app"}, 400, `"field":"grant_types"`, `"field":"response_types"`)
	a.call("POST", base+"/clients", map[string]any{"name": "app", "grant_types": []any{"password"}, "response_types": []any{"token"}}, 400, `"rule":"enum"`)
	c := a.call("POST", base+"/clients", map[string]any{"name": "app", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"},
		"labels": map[string]any{"env": "prod"}}, 201, `"access_token_duration":300`, `"token_endpoint_auth_method":"client_secret_post"`)
	id, secret := c["id"].(string), c["client_secret"].(string)
	if len(secret) < 16 || len(id) != 20 {
		t.Fatalf("generated id %q and a secret of %d characters", id, len(secret))
	}
	if got := a.call("GET", base+"/clients/"+id, nil, 200); got["client_secret"] != nil {
		t.Error("GET shows the client's secret")
	}
	if l := a.call("GET", base+"/clients", nil, 200); strings.Contains(mustJSON(l), secret) {
		t.Error("the listing shows the client's secret")
	}
	a.call("POST", base+"/clients", map[string]any{"name": "app", "grant_types": []any{"implicit"}, "response_types": []any{"token"}}, 409)

	whole := map[string]any{"name": "app", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}, "access_token_duration": 600}
	a.call("PUT", base+"/clients/"+id, whole, 400, `"field":"client_secret"`)
	whole["client_secret"] = secret
	put := a.call("PUT", base+"/clients/"+id, whole, 200, `"access_token_duration":600`, `"labels":{}`)
	if put["client_secret"] != nil {
		t.Error("PUT shows the secret")
	}
	if got := a.f.ClientSecrets(strings.TrimPrefix(base, "/v1/auth-servers/"), id); len(got) != 1 || got[0] != secret {
		t.Errorf("a PUT with the client's own secret changed its secrets (%d)", len(got))
	}
	added := a.call("POST", base+"/clients/"+id+"/secrets", map[string]any{}, 201)
	if v, _ := added["secret"].(string); v == "" || v == secret {
		t.Fatalf("the new secret's answer: %v", added)
	}
	l := a.call("GET", base+"/clients/"+id+"/secrets", nil, 200, `"total":2`)
	if strings.Contains(mustJSON(l), secret) || strings.Contains(mustJSON(l), added["secret"].(string)) {
		t.Error("the secrets listing shows a value")
	}
	whole["client_secret"] = "a-new-one-0123456789"
	a.call("PUT", base+"/clients/"+id, whole, 200)
	if got := a.f.ClientSecrets(strings.TrimPrefix(base, "/v1/auth-servers/"), id); len(got) != 1 || got[0] != "a-new-one-0123456789" {
		t.Errorf("a PUT with another secret: %d secrets", len(got))
	}
	a.call("PUT", base+"/clients/chosen_id-1", whole, 409) // the name is the first client's
	whole["name"] = "second"
	a.call("PUT", base+"/clients/chosen_id-1", whole, 201, `"id":"chosen_id-1"`)
	a.call("PUT", base+"/clients/not*an*id", whole, 400, `"rule":"matches_regex"`)
	a.call("PATCH", base+"/clients/"+id, map[string]any{"labels": map[string]any{"x": "1"}, "login_uri": "https://login.example.com"}, 200,
		`"labels":{"x":"1"}`, `"login_uri":"https://login.example.com"`)
	a.call("DELETE", base+"/clients/"+id+"/secrets/"+added["id"].(string), nil, 404) // replaced by the PUT
	a.call("DELETE", base+"/clients/"+id, nil, 204)
	a.call("GET", base+"/clients/"+id+"/secrets", nil, 404)
}

// The state document round-trips, and one without an auth server's lists is refused.
func TestRestore(t *testing.T) {
	a := newAPI(t)
	a.call("POST", "/v1/auth-servers", map[string]any{"name": "idp", "audience": "api://idp"}, 201)
	snap := a.f.Snapshot()
	b := New(mockcore.Env{})
	if err := b.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if string(b.Snapshot()) != string(snap) {
		t.Errorf("restored %s, want %s", b.Snapshot(), snap)
	}
	if err := b.Restore(json.RawMessage(`{"auth_servers":[{"id":"x"}]}`)); err == nil {
		t.Error("an auth server without a UUID was restored")
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
