package consumers

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// want sends a request, checks its status and that the answer holds each of contains,
// and returns the decoded answer (nil without a body).
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
	for _, c := range contains {
		if !strings.Contains(string(raw), c) {
			fx.t.Errorf("%s %s: %s lacks %s", method, path, raw, c)
		}
	}
	if resp.StatusCode >= 400 && resp.Header.Get("Content-Type") != "application/problem+json" {
		fx.t.Errorf("%s %s: error content type %q", method, path, resp.Header.Get("Content-Type"))
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}

// A realm: Konnect's defaults on create, every field in every answer, a PATCH changes
// what it sends and moves updated_at, unknown fields and a ttl below 5 are refused.
func TestRealms(t *testing.T) {
	fx := newFixture(t)
	fx.want("POST", "/v1/realms", map[string]any{}, 400, `"field":"name"`, `"rule":"required"`)
	fx.want("POST", "/v1/realms", map[string]any{"name": "r", "ttl": 4}, 400, `"field":"ttl"`, `"rule":"min"`)
	fx.want("POST", "/v1/realms", map[string]any{"name": "r", "labels": map[string]any{}}, 400, `"field":"labels"`, `"rule":"unknown_property"`)
	r := fx.want("POST", "/v1/realms", map[string]any{"name": "partners", "consumer_groups": []string{"gold"}}, 201,
		`"ttl":10`, `"negative_ttl":10`, `"allowed_control_planes":[]`, `"allow_all_control_planes":false`, `"consumer_groups":["gold"]`,
		`"created_at":"2026-03-04T05:06:07.123Z"`)
	id := r["id"].(string)
	fx.clock.Advance(time.Second)
	fx.want("PATCH", "/v1/realms/"+id, map[string]any{"ttl": 30, "allow_all_control_planes": true}, 200,
		`"ttl":30`, `"allow_all_control_planes":true`, `"name":"partners"`, `"consumer_groups":["gold"]`, `"updated_at":"2026-03-04T05:06:08.123Z"`)
	fx.want("PATCH", "/v1/realms/"+id, map[string]any{"name": nil}, 400, `"field":"name"`)
	fx.want("GET", "/v1/realms/"+id, nil, 200, `"ttl":30`)
	fx.want("GET", "/v1/realms/0b7f0a8c-7f3c-4a55-9a39-6cb64b8f9d11", nil, 404, `"status":404`, `"title":"Not Found"`, `"instance":"konnect:trace:`)
	fx.want("DELETE", "/v1/realms/"+id, nil, 204)
	fx.want("DELETE", "/v1/realms/"+id, nil, 404)
}

// Listings are cursor paged: meta.next carries page[after] (and the filter) until the
// last page, where it is null.
func TestCursorPages(t *testing.T) {
	fx := newFixture(t)
	for i := range 3 {
		fx.want("POST", "/v1/realms", map[string]any{"name": fmt.Sprintf("r%d", i)}, 201)
	}
	page := fx.want("GET", "/v1/realms?page[size]=2", nil, 200, `"size":2`)
	if len(page["data"].([]any)) != 2 {
		t.Fatalf("first page: %v", page)
	}
	next, _ := page["meta"].(map[string]any)["next"].(string)
	if !strings.Contains(next, "page%5Bafter%5D=2") {
		t.Fatalf("next: %q", next)
	}
	last := fx.want("GET", next, nil, 200, `"next":null`, `"name":"r2"`)
	if len(last["data"].([]any)) != 1 {
		t.Errorf("last page: %v", last)
	}
	fx.want("GET", "/v1/realms?page[size]=0", nil, 400, `"field":"page[size]"`)

	realm := fx.want("GET", "/v1/realms", nil, 200)["data"].([]any)[0].(map[string]any)["id"].(string)
	for _, u := range []string{"ann", "bob", "cid"} {
		fx.want("POST", "/v1/realms/"+realm+"/consumers", map[string]any{"username": u}, 201)
	}
	one := fx.want("GET", "/v1/realms/"+realm+"/consumers?filter[username][eq]=bob", nil, 200, `"username":"bob"`, `"next":null`)
	if len(one["data"].([]any)) != 1 {
		t.Errorf("filter[username][eq]: %v", one)
	}
	fx.want("GET", "/v1/realms/"+realm+"/consumers?filter[username]=cid", nil, 200, `"username":"cid"`)
	fx.want("GET", "/v1/realms/"+realm+"/consumers?page[size]=1&filter[custom_id]=none", nil, 200, `"data":[]`, `"next":null`)
}

// A consumer: username required and unique in its realm (409), type among the spec's,
// custom_id null until set and clearable, tags and consumer_groups [] by default.
func TestConsumers(t *testing.T) {
	fx := newFixture(t)
	realm := fx.want("POST", "/v1/realms", map[string]any{"name": "r"}, 201)["id"].(string)
	other := fx.want("POST", "/v1/realms", map[string]any{"name": "o"}, 201)["id"].(string)
	base := "/v1/realms/" + realm + "/consumers"
	fx.want("POST", base, map[string]any{"type": "proxy"}, 400, `"field":"username"`)
	fx.want("POST", base, map[string]any{"username": "a", "type": "robot"}, 400, `"field":"type"`, `"rule":"enum"`)
	c := fx.want("POST", base, map[string]any{"username": "ann"}, 201, `"custom_id":null`, `"type":"proxy"`, `"tags":[]`, `"consumer_groups":[]`)
	id := c["id"].(string)
	fx.want("POST", base, map[string]any{"username": "ann"}, 409, `"status":409`, `already exists`)
	fx.want("POST", "/v1/realms/"+other+"/consumers", map[string]any{"username": "ann"}, 201) // another realm
	fx.want("PATCH", base+"/"+id, map[string]any{"custom_id": "4200", "tags": []string{"partner"}}, 200, `"custom_id":"4200"`, `"tags":["partner"]`, `"username":"ann"`)
	fx.want("PATCH", base+"/"+id, map[string]any{"custom_id": nil}, 200, `"custom_id":null`, `"tags":["partner"]`)
	fx.want("GET", "/v1/realms/"+other+"/consumers/"+id, nil, 404)
	fx.want("POST", "/v1/realms/0b7f0a8c-7f3c-4a55-9a39-6cb64b8f9d11/consumers", map[string]any{"username": "x"}, 404)
}

// A key: type new by default, its secret generated and shown by the create only; a legacy
// key requires its secret; a secret on a key of type new is refused; a realm holding
// consumers is deleted only with force=true, which takes its consumers and keys along.
func TestKeysAndForce(t *testing.T) {
	fx := newFixture(t)
	realm := fx.want("POST", "/v1/realms", map[string]any{"name": "r"}, 201)["id"].(string)
	consumer := fx.want("POST", "/v1/realms/"+realm+"/consumers", map[string]any{"username": "ann"}, 201)["id"].(string)
	keys := "/v1/realms/" + realm + "/consumers/" + consumer + "/keys"
	generated := fx.want("POST", keys, map[string]any{}, 201, `"type":"new"`, `"tags":[]`, `"updated_at":`)
	secret, _ := generated["secret"].(string)
	if len(secret) < 16 {
		t.Fatalf("generated secret %q", secret)
	}
	if got, _ := fx.f.Secret(generated["id"].(string)); got != secret {
		t.Errorf("Secret: another value")
	}
	read := fx.want("GET", keys+"/"+generated["id"].(string), nil, 200, `"type":"new"`)
	if _, shown := read["secret"]; shown {
		t.Errorf("a key's GET shows its secret: %v", read)
	}
	if _, ok := read["updated_at"]; ok {
		t.Errorf("a key's GET has updated_at: %v", read)
	}
	fx.want("POST", keys, map[string]any{"type": "new", "secret": "mine"}, 400, `"field":"secret"`)
	fx.want("POST", keys, map[string]any{"type": "legacy"}, 400, `"field":"secret"`, `"rule":"required"`)
	legacy := fx.want("POST", keys, map[string]any{"type": "legacy", "secret": "my-own-secret", "tags": []string{"t"}}, 201, `"secret":"my-own-secret"`, `"tags":["t"]`)
	fx.want("POST", keys, map[string]any{"type": "legacy", "secret": "my-own-secret"}, 409)
	list := fx.want("GET", keys, nil, 200, `"next":null`)
	if raw, _ := json.Marshal(list); strings.Contains(string(raw), "secret") {
		t.Errorf("the listing shows a secret: %s", raw)
	}

	fx.want("DELETE", "/v1/realms/"+realm, nil, 400, `not empty`)
	fx.want("DELETE", "/v1/realms/"+realm+"?force=maybe", nil, 400, `"field":"force"`)
	fx.want("DELETE", "/v1/realms/"+realm+"?force=false", nil, 400, `not empty`)
	fx.want("DELETE", "/v1/realms/"+realm+"?force=true", nil, 204)
	if _, ok := fx.f.Secret(legacy["id"].(string)); ok {
		t.Error("the forced delete left a key")
	}
	snap := strings.TrimSpace(string(fx.f.Snapshot()))
	if snap != `{"realms":[],"consumers":[],"keys":[]}` {
		t.Errorf("after the forced delete: %s", snap)
	}
}

// Restore takes a snapshot back and refuses an inconsistent one.
func TestRestore(t *testing.T) {
	fx := newFixture(t)
	realm := fx.want("POST", "/v1/realms", map[string]any{"name": "r"}, 201)["id"].(string)
	fx.want("POST", "/v1/realms/"+realm+"/consumers", map[string]any{"username": "ann"}, 201)
	snap := fx.f.Snapshot()
	g := New(mockcore.Env{})
	if err := g.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if string(g.Snapshot()) != string(snap) {
		t.Errorf("restored %s, want %s", g.Snapshot(), snap)
	}
	bad := strings.Replace(string(snap), `"realm_id":"`+realm, `"realm_id":"0b7f0a8c-7f3c-4a55-9a39-6cb64b8f9d11`, 1)
	if err := g.Restore(json.RawMessage(bad)); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a consumer of no realm: %v", err)
	}
}
