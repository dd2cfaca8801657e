package servicecatalog

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

type fixture struct {
	t     *testing.T
	f     *Family
	clock *mocktest.Clock
	base  string
}

func newFixture(t *testing.T) *fixture {
	clk := mocktest.NewClock(time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.UTC))
	f := New(mockcore.Env{Now: clk.Now})
	hs := httptest.NewServer(f)
	t.Cleanup(hs.Close)
	return &fixture{t: t, f: f, clock: clk, base: hs.URL}
}

// want sends a request and fails unless the status is status, the content type the one a
// success or a problem has, and the raw body holds each of contains; it returns the body.
func (fx *fixture) want(method, path string, body any, status int, contains ...string) map[string]any {
	fx.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, fx.base+path, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fx.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		fx.t.Fatalf("%s %s: %d, want %d: %s", method, path, resp.StatusCode, status, raw)
	}
	ctype := resp.Header.Get("Content-Type")
	switch {
	case status == http.StatusNoContent:
	case status >= 400 && ctype != mockcore.CTProblem, status < 400 && ctype != mockcore.CTJSON:
		fx.t.Errorf("%s %s: content type %q", method, path, ctype)
	}
	for _, c := range contains {
		if !strings.Contains(string(raw), c) {
			fx.t.Errorf("%s %s: %s lacks %s", method, path, raw, c)
		}
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}

func names(list map[string]any) []string {
	var out []string
	for _, o := range list["data"].([]any) {
		out = append(out, o.(map[string]any)["name"].(string))
	}
	return out
}

// A catalog service: the create checks its fields (the name's pattern, custom fields of the
// kinds the spec lists, labels' keys), answers every field (description null, labels {}),
// keeps a custom field set to null; a name another service has is a 409; PATCH changes what
// it sends, labels key by key (null removes one), custom_fields whole, and moves updated_at;
// a missing one is the spec's 404.
func TestCatalogServices(t *testing.T) {
	fx := newFixture(t)
	fx.want("POST", "/v1/catalog-services", map[string]any{"name": "Orders", "display_name": "Orders", "custom_fields": map[string]any{"bad": []any{1}},
		"labels": map[string]any{"kong-x": "a"}, "extra": 1}, 400, `"status":400`, `"field":"name","rule":"matches_regex"`,
		`"field":"custom_fields.bad"`, `"field":"labels","rule":"is_label"`, `"field":"extra","rule":"unknown_property"`)
	fx.want("POST", "/v1/catalog-services", map[string]any{"name": "orders"}, 400, `"field":"display_name","rule":"required"`)
	s := fx.want("POST", "/v1/catalog-services", map[string]any{"name": "orders", "display_name": "Orders",
		"custom_fields": map[string]any{"owner": "team-a", "tier": nil, "dashboard": map[string]any{"name": "D", "link": "https://d.example.com"}},
		"labels":        map[string]any{"env": "test", "team": "a"}}, 201, `"description":null`, `"tier":null`, `"created_at":"2026-03-04T05:06:07.123Z"`)
	id := s["id"].(string)
	fx.want("POST", "/v1/catalog-services", map[string]any{"name": "orders", "display_name": "Other"}, 409,
		`"status":409`, `"title":"Conflict"`, `"detail":"A service with name [orders] already exists"`, `"instance":"konnect:trace:`)
	fx.clock.Advance(time.Second)
	fx.want("PATCH", "/v1/catalog-services/"+id, map[string]any{"labels": map[string]any{"team": nil, "tier": "gold"}, "custom_fields": map[string]any{"owner": "team-b"}},
		200, `"labels":{"env":"test","tier":"gold"}`, `"custom_fields":{"owner":"team-b"}`, `"display_name":"Orders"`, `"updated_at":"2026-03-04T05:06:08.123Z"`)
	fx.want("PATCH", "/v1/catalog-services/"+id, map[string]any{"name": nil}, 400, `"field":"name","rule":"required"`)
	fx.want("GET", "/v1/catalog-services/"+strings.ToUpper(id), nil, 200, `"name":"orders"`)
	other := fx.want("POST", "/v1/catalog-services", map[string]any{"name": "billing", "display_name": "Billing"}, 201)
	fx.want("PATCH", "/v1/catalog-services/"+other["id"].(string), map[string]any{"name": "orders"}, 409)
	fx.want("DELETE", "/v1/catalog-services/"+id, nil, 204)
	fx.want("GET", "/v1/catalog-services/"+id, nil, 404, `"title":"Not Found"`, `"detail":"Not Found"`)
	fx.want("DELETE", "/v1/catalog-services/"+id, nil, 404)
	fx.want("PUT", "/v1/catalog-services/"+other["id"].(string), map[string]any{}, 405)
}

// The services' listing: the page envelope (meta.page number, size, total), sorted by
// display name unless sort says otherwise, filtered on name, labels, custom fields and
// updated_at (what changed since a time); a filter or sort the spec does not list is a 400.
func TestCatalogServiceListing(t *testing.T) {
	fx := newFixture(t)
	for _, n := range []string{"c", "a", "b"} {
		fx.want("POST", "/v1/catalog-services", map[string]any{"name": n, "display_name": strings.ToUpper(n),
			"labels": map[string]any{"group": "g-" + n}, "custom_fields": map[string]any{"owner": "team-" + n}}, 201)
		fx.clock.Advance(time.Minute)
	}
	first := fx.want("GET", "/v1/catalog-services?page[size]=2", nil, 200, `"meta":{"page":{"number":1,"size":2,"total":3}}`)
	if got := names(first); strings.Join(got, ",") != "a,b" {
		t.Errorf("first page: %v", got)
	}
	if got := names(fx.want("GET", "/v1/catalog-services?page[size]=2&page[number]=2", nil, 200)); strings.Join(got, ",") != "c" {
		t.Errorf("second page: %v", got)
	}
	if got := names(fx.want("GET", "/v1/catalog-services?sort=created_at%20desc", nil, 200)); strings.Join(got, ",") != "b,a,c" {
		t.Errorf("by created_at desc: %v", got)
	}
	for q, want := range map[string]string{
		"filter[name][eq]=b":                          "b",
		"filter[labels.group]=g-c":                    "c",
		"filter[custom_fields.owner][contains]=m-a":   "a",
		"filter[updated_at][gt]=2026-03-04T05:07:00Z": "a,b",
	} {
		if got := names(fx.want("GET", "/v1/catalog-services?"+q, nil, 200)); strings.Join(got, ",") != want {
			t.Errorf("%s: %v, want %s", q, got, want)
		}
	}
	fx.want("GET", "/v1/catalog-services?filter[owner]=x", nil, 400, `"field":"filter[owner]","rule":"unknown_property"`)
	fx.want("GET", "/v1/catalog-services?sort=labels", nil, 400, `"field":"sort","rule":"enum"`)
}

// An integration instance: created from an integration Konnect offers (an unknown one is a
// 400), answered with the integration (name and display name) and authorized, which turns
// true with an auth config or a credential; PATCH cannot change the integration; a name
// another instance has is a 409; its listing filters on the integration's name. Deleting it
// deletes its auth config and credential.
func TestIntegrationInstances(t *testing.T) {
	fx := newFixture(t)
	fx.want("GET", "/v1/integrations?filter[name]=datadog", nil, 200, `"display_name":"Datadog"`, `"total":1`)
	fx.want("POST", "/v1/integration-instances", map[string]any{"integration_name": "nope", "name": "x", "display_name": "X", "config": map[string]any{}}, 400,
		`"field":"integration_name"`)
	fx.want("POST", "/v1/integration-instances", map[string]any{"integration_name": "datadog", "name": "x", "display_name": "X"}, 400, `"field":"config","rule":"required"`)
	in := fx.want("POST", "/v1/integration-instances", map[string]any{"integration_name": "datadog", "name": "dd", "display_name": "DD",
		"config": map[string]any{"region": "us1"}}, 201, `"integration":{"display_name":"Datadog","name":"datadog"}`, `"authorized":false`, `"labels":{}`)
	id := in["id"].(string)
	fx.want("POST", "/v1/integration-instances", map[string]any{"integration_name": "github", "name": "dd", "display_name": "Other", "config": map[string]any{}}, 409)
	fx.want("PATCH", "/v1/integration-instances/"+id, map[string]any{"integration_name": "github"}, 400, `"field":"integration_name","rule":"unknown_property"`)
	fx.want("PATCH", "/v1/integration-instances/"+id, map[string]any{"config": map[string]any{"region": "eu1"}, "labels": map[string]any{"env": "prod"}}, 200,
		`"config":{"region":"eu1"}`, `"labels":{"env":"prod"}`)
	fx.want("POST", "/v1/integration-instances", map[string]any{"integration_name": "github", "name": "gh", "display_name": "GH", "config": map[string]any{}}, 201)
	if got := names(fx.want("GET", "/v1/integration-instances?filter[integration.name]=github", nil, 200)); strings.Join(got, ",") != "gh" {
		t.Errorf("filtered by integration: %v", got)
	}

	// The auth config: PUT creates or replaces it whole, every field required; the secret is
	// never answered.
	path := "/v1/integration-instances/" + id + "/auth-config"
	fx.want("GET", path, nil, 404)
	fx.want("PUT", path, map[string]any{"type": "oauth", "client_id": "c", "authorization_endpoint": "https://idp.example.com/a", "token_endpoint": "https://idp.example.com/t"},
		400, `"field":"client_secret","rule":"required"`)
	fx.want("PUT", path, map[string]any{"type": "oauth", "client_id": "c", "client_secret": "s3cr3t-value", "authorization_endpoint": "https://idp.example.com/a",
		"token_endpoint": "https://idp.example.com/t"}, 200, `"type":"oauth"`)
	if raw := fx.want("GET", path, nil, 200); raw["client_secret"] != nil || raw["client_id"] != "c" {
		t.Errorf("auth config: %v", raw)
	}
	if got, _ := fx.f.ClientSecret(id); got != "s3cr3t-value" {
		t.Errorf("the client secret Konnect holds: %q", got)
	}
	fx.want("GET", "/v1/integration-instances/"+id, nil, 200, `"authorized":true`)

	// The credential: one per instance, a second is a 409; the keys are never answered.
	cred := "/v1/integration-instances/" + id + "/auth-credential"
	body := map[string]any{"type": "multi_key_auth", "config": map[string]any{"headers": []any{map[string]any{"name": "DD-API-KEY", "key": "k3y-value"}}}}
	fx.want("POST", cred, map[string]any{"type": "multi_key_auth", "config": map[string]any{"headers": []any{}}}, 400, `"field":"config.headers"`)
	c := fx.want("POST", cred, body, 201, `"type":"multi_key_auth"`, `"integration_instance":{"display_name":"DD","id":"`+id+`","name":"dd"}`, `"tainted":false`, `"expires_at":null`)
	fx.want("POST", cred, body, 409, `"title":"Conflict"`)
	if strings.Contains(jsonOf(c), "k3y-value") || strings.Contains(jsonOf(fx.want("GET", cred, nil, 200)), "k3y-value") {
		t.Error("an answer shows the credential's key")
	}
	if got := fx.f.CredentialKeys(id); got["DD-API-KEY"] != "k3y-value" {
		t.Errorf("the keys Konnect holds: %v", got)
	}
	fx.want("DELETE", "/v1/integration-instances/"+id, nil, 204)
	fx.want("GET", cred, nil, 404)
	if _, ok := fx.f.ClientSecret(id); ok || fx.f.CredentialKeys(id) != nil {
		t.Error("the instance's auth config or credential outlived it")
	}
}

func jsonOf(v any) string { b, _ := json.Marshal(v); return string(b) }

// The state document: a snapshot restores to the same catalog; an auth config of no instance
// or an unknown integration is refused.
func TestRestore(t *testing.T) {
	fx := newFixture(t)
	in := fx.want("POST", "/v1/integration-instances", map[string]any{"integration_name": "datadog", "name": "dd", "display_name": "DD", "config": map[string]any{}}, 201)
	fx.want("PUT", "/v1/integration-instances/"+in["id"].(string)+"/auth-config", map[string]any{"type": "oauth", "client_id": "c", "client_secret": "s",
		"authorization_endpoint": "https://idp.example.com/a", "token_endpoint": "https://idp.example.com/t"}, 200)
	snap := fx.f.Snapshot()
	g := New(mockcore.Env{})
	if err := g.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g.Snapshot(), snap) {
		t.Errorf("restored:\n%s\nwant\n%s", g.Snapshot(), snap)
	}
	for _, bad := range []string{
		strings.Replace(string(snap), `"datadog"`, `"nope"`, 1),
		strings.Replace(string(snap), `"auth_configs":{"`+in["id"].(string), `"auth_configs":{"`+mockcore.NewUUID(), 1),
		`{"catalog_services":[]}`,
	} {
		if err := g.Restore(json.RawMessage(bad)); err == nil {
			t.Errorf("restored %s", bad)
		}
	}
}
