package organization

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

type portalUsers map[string][]string

func (p portalUsers) PortalsUsingDestination(id string) []string { return p[id] }

type fixture struct {
	t     *testing.T
	f     *Family
	clock *mocktest.Clock
	base  string
}

func newFixture(t *testing.T) *fixture {
	clk := mocktest.NewClock(time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.UTC))
	f := New(mockcore.Env{Now: clk.Now}, nil)
	hs := httptest.NewServer(f)
	t.Cleanup(hs.Close)
	return &fixture{t: t, f: f, clock: clk, base: hs.URL}
}

// do sends a request and returns its status and decoded body (nil without one).
func (fx *fixture) do(method, path string, body any) (int, map[string]any, string) {
	fx.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, fx.base+path, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fx.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return resp.StatusCode, out, string(raw)
}

func (fx *fixture) want(method, path string, body any, status int, contains ...string) map[string]any {
	fx.t.Helper()
	got, out, raw := fx.do(method, path, body)
	if got != status {
		fx.t.Fatalf("%s %s: %d, want %d: %s", method, path, got, status, raw)
	}
	for _, c := range contains {
		if !strings.Contains(raw, c) {
			fx.t.Errorf("%s %s: %s lacks %s", method, path, raw, c)
		}
	}
	return out
}

// A destination: the create needs every field the spec requires, never shows the
// authorization, PATCH changes what it sends and moves updated_at (also for the
// authorization alone), the v2 and v3 paths are one collection, and a destination a
// webhook uses cannot be deleted.
func TestAuditLogDestinations(t *testing.T) {
	fx := newFixture(t)
	fx.want("POST", "/v3/audit-log-destinations", map[string]any{"name": "siem"}, 400, `"detail":"Required field missing"`,
		`{"field":"endpoint","rule":"required","reason":"cannot be blank"}`, `"field":"authorization"`, `"field":"log_format"`)
	fx.want("POST", "/v3/audit-log-destinations", map[string]any{"name": "siem", "endpoint": "siem.example.com", "authorization": "Bearer a",
		"log_format": "cef"}, 400, `"detail":"Invalid endpoint"`, `"reason":"must be a valid URL"`)
	fx.want("POST", "/v3/audit-log-destinations", `[`, 400, `"detail":"Could not parse request body"`)
	d := fx.want("POST", "/v3/audit-log-destinations", map[string]any{"name": "siem", "endpoint": "https://siem.example.com/logs",
		"authorization": "Bearer s3cr3t-token", "log_format": "json"}, 201)
	id := d["id"].(string)
	if d["skip_ssl_verification"] != false || d["log_format"] != "json" || d["authorization"] != nil || d["created_at"] != "2026-03-04T05:06:07.123Z" {
		t.Fatalf("created: %v", d)
	}
	fx.clock.Advance(time.Second)
	got := fx.want("PATCH", "/v2/audit-log-destinations/"+id, map[string]any{"authorization": "Bearer other"}, 200)
	if got["updated_at"] != "2026-03-04T05:06:08.123Z" || got["name"] != "siem" {
		t.Fatalf("after a new authorization: %v", got)
	}
	fx.want("PATCH", "/v3/audit-log-destinations/"+id, map[string]any{"name": nil}, 400, `"field":"name"`)
	fx.want("PATCH", "/v3/audit-log-destinations/"+id, map[string]any{"skip_ssl_verification": true, "log_format": "cps"}, 200,
		`"skip_ssl_verification":true`, `"log_format":"cps"`)
	list := fx.want("GET", "/v3/audit-log-destinations?filter[name][eq]=siem", nil, 200, `"next":null`)
	if data := list["data"].([]any); len(data) != 1 {
		t.Fatalf("listed: %v", list)
	}
	fx.want("GET", "/v3/audit-log-destinations?filter[name][eq]=other", nil, 200, `"data":[]`)
	// cursor pages: meta.next links the next page, null on the last
	for _, n := range []string{"b", "c"} {
		fx.want("POST", "/v2/audit-log-destinations", map[string]any{"name": n, "endpoint": "https://siem.example.com/" + n,
			"authorization": "Bearer " + n, "log_format": "cef"}, 201)
	}
	first := fx.want("GET", "/v3/audit-log-destinations?page[size]=2", nil, 200)
	next, _ := first["meta"].(map[string]any)["next"].(string)
	if len(first["data"].([]any)) != 2 || !strings.HasPrefix(next, "/v3/audit-log-destinations?") {
		t.Fatalf("first page: %v", first)
	}
	last := fx.want("GET", next, nil, 200, `"next":null`)
	if data := last["data"].([]any); len(data) != 1 || data[0].(map[string]any)["name"] != "c" {
		t.Fatalf("last page: %v", last)
	}
	fx.want("GET", "/v2/audit-log-destinations/"+id, nil, 200, `"name":"siem"`)
	if strings.Contains(fx.rawGet("/v3/audit-log-destinations"), "Bearer") {
		t.Fatal("a listing shows the authorization")
	}

	// used by the organization's webhook, then by a portal's: 409; unused: gone
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"enabled": true, "audit_log_destination_id": id}, 200)
	fx.want("DELETE", "/v3/audit-log-destinations/"+id, nil, 409, "the organization's audit log webhook")
	fx.want("DELETE", "/v3/audit-log-webhook", nil, 204)
	fx.f.users = portalUsers{id: {"p-1"}}
	fx.want("DELETE", "/v3/audit-log-destinations/"+id, nil, 409, "portal p-1")
	fx.f.users = nil
	fx.want("DELETE", "/v3/audit-log-destinations/"+id, nil, 204)
	fx.want("GET", "/v3/audit-log-destinations/"+id, nil, 404)
	fx.want("DELETE", "/v3/audit-log-destinations/"+id, nil, 404)
}

func (fx *fixture) rawGet(path string) string {
	_, _, raw := fx.do("GET", path, nil)
	return raw
}

// The organization's webhook: disabled until set, enabling it needs a destination that
// exists, a null destination empties it, DELETE puts the defaults back.
func TestAuditLogWebhook(t *testing.T) {
	fx := newFixture(t)
	fx.want("GET", "/v3/audit-log-webhook", nil, 200, `{"enabled":false}`)
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"enabled": true}, 400, `"detail":"Required field missing"`, `"field":"audit_log_destination_id"`)
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"audit_log_destination_id": "0b7c1a54-2f0e-4f38-9a53-6bd1a1f7f0d1"}, 400,
		`"detail":"Invalid destination"`, `"rule":"missing_reference"`)
	id := fx.want("POST", "/v3/audit-log-destinations", map[string]any{"name": "siem", "endpoint": "https://siem.example.com",
		"authorization": "Bearer a", "log_format": "cef"}, 201)["id"].(string)
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"enabled": true, "audit_log_destination_id": id}, 200, `"enabled":true`, id)
	fx.want("GET", "/v3/audit-log-webhook/status", nil, 200, `"webhook_status":"active"`)
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"audit_log_destination_id": nil}, 400, `"detail":"Required field missing"`)
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"enabled": false, "audit_log_destination_id": nil}, 200, `{"enabled":false}`)
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"enabled": true, "audit_log_destination_id": id}, 200)
	fx.want("DELETE", "/v3/audit-log-webhook", nil, 204)
	fx.want("GET", "/v3/audit-log-webhook", nil, 200, `{"enabled":false}`)
	if !fx.f.DestinationExists(strings.ToUpper(id)) || fx.f.DestinationExists("0b7c1a54-2f0e-4f38-9a53-6bd1a1f7f0d1") {
		t.Fatal("DestinationExists")
	}
}

// A CMEK: 404 until put, PUT creates and replaces whole (a description left out is gone),
// only Konnect's ids, DELETE removes it.
func TestCMEK(t *testing.T) {
	fx := newFixture(t)
	path := "/v1/cmeks/default"
	fx.want("GET", path, nil, 404)
	fx.want("PUT", path, map[string]any{"name": ""}, 400, `"field":"key_arn"`)
	fx.want("PUT", "/v1/cmeks/other", map[string]any{"name": "k", "key_arn": "arn:aws:kms:us-east-1:1:key/a"}, 400, `"field":"cmekId"`)
	k := fx.want("PUT", path, map[string]any{"name": "k", "key_arn": "arn:aws:kms:us-east-1:1:key/a", "description": "d"}, 200)
	if k["id"] != "default" || k["description"] != "d" || k["created_at"] != k["updated_at"] {
		t.Fatalf("created: %v", k)
	}
	fx.clock.Advance(time.Second)
	k = fx.want("PUT", path, map[string]any{"name": "k2", "key_arn": "arn:aws:kms:us-east-1:1:key/b"}, 200)
	if _, has := k["description"]; has || k["name"] != "k2" || k["created_at"] == k["updated_at"] {
		t.Fatalf("replaced: %v", k)
	}
	fx.want("GET", "/v1/cmeks", nil, 200, `"id":"default"`)
	fx.want("DELETE", path, nil, 204)
	fx.want("GET", path, nil, 404)
	fx.want("DELETE", path, nil, 404)
}

// The state document round-trips, and a broken one is refused whole.
func TestSnapshotRestore(t *testing.T) {
	fx := newFixture(t)
	id := fx.want("POST", "/v3/audit-log-destinations", map[string]any{"name": "siem", "endpoint": "https://siem.example.com",
		"authorization": "Bearer a", "log_format": "cef"}, 201)["id"].(string)
	fx.want("PATCH", "/v3/audit-log-webhook", map[string]any{"enabled": true, "audit_log_destination_id": id}, 200)
	fx.want("PUT", "/v1/cmeks/default", map[string]any{"name": "k", "key_arn": "arn:aws:kms:us-east-1:1:key/a"}, 200)
	snap := fx.f.Snapshot()
	other := newFixture(t)
	if err := other.f.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if string(other.f.Snapshot()) != string(snap) {
		t.Fatalf("round trip:\n%s\n%s", snap, other.f.Snapshot())
	}
	broken := strings.Replace(string(snap), `"audit_log_destinations":[{"id":"`+id, `"audit_log_destinations":[{"id":"x`, 1)
	if err := other.f.Restore([]byte(broken)); err == nil {
		t.Fatal("a broken state was restored")
	}
	other.f.Reset()
	if got := string(other.f.Snapshot()); !strings.Contains(got, `"audit_log_destinations":[]`) {
		t.Fatalf("after Reset: %s", got)
	}
}
