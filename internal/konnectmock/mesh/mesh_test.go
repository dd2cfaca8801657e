package mesh

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

// send sends a request to the family and fails unless the status is status and the body
// holds each of contains; it returns the decoded body.
func send(t *testing.T, base, method, path string, body any, status int, contains ...string) map[string]any {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, base+path, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, resp.StatusCode, status, raw)
	}
	if status >= 400 && resp.Header.Get("Content-Type") != mockcore.CTProblem {
		t.Errorf("%s %s: content type %q", method, path, resp.Header.Get("Content-Type"))
	}
	for _, c := range contains {
		if !strings.Contains(string(raw), c) {
			t.Errorf("%s %s: %s lacks %s", method, path, raw, c)
		}
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}

// A mesh control plane: the create checks its fields (features of the two types, each with
// enabled), answers labels {} and features as given; PATCH changes the name, the description
// and the labels key by key, never the features; the listing pages and filters on name and
// labels; a delete while a zone is online is the spec's 400 naming the zone, until the zone
// is offline; a missing one is a 404; the state document restores.
func TestControlPlanes(t *testing.T) {
	clk := mocktest.NewClock(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC))
	f := New(mockcore.Env{Now: clk.Now})
	hs := httptest.NewServer(f)
	t.Cleanup(hs.Close)
	base := hs.URL
	send(t, base, "POST", "/v1/mesh/control-planes", map[string]any{"description": "x"}, 400, `"field":"name","rule":"required"`)
	send(t, base, "POST", "/v1/mesh/control-planes", map[string]any{"name": "m", "features": []any{map[string]any{"type": "Other"}}}, 400, `"field":"features[0].type"`)
	send(t, base, "POST", "/v1/mesh/control-planes", map[string]any{"name": "m", "features": []any{map[string]any{"type": "MeshCreation", "meshCreation": map[string]any{}}}}, 400,
		`"field":"features[0].meshCreation.enabled"`)
	cp := send(t, base, "POST", "/v1/mesh/control-planes", map[string]any{"name": "prod", "labels": map[string]any{"env": "prod", "team": "a"},
		"features": []any{map[string]any{"type": "MeshCreation", "meshCreation": map[string]any{"enabled": true}}}}, 201,
		`"features":[{"meshCreation":{"enabled":true},"type":"MeshCreation"}]`, `"created_at":"2026-03-04T05:06:07.000Z"`)
	id := cp["id"].(string)
	send(t, base, "POST", "/v1/mesh/control-planes", map[string]any{"name": "dev"}, 201, `"labels":{}`, `"features":[]`)
	clk.Advance(time.Second)
	send(t, base, "PATCH", "/v1/mesh/control-planes/"+id, map[string]any{"description": "Production", "labels": map[string]any{"team": nil, "tier": "1"}}, 200,
		`"description":"Production"`, `"labels":{"env":"prod","tier":"1"}`, `"name":"prod"`, `"updated_at":"2026-03-04T05:06:08.000Z"`)
	send(t, base, "PATCH", "/v1/mesh/control-planes/"+id, map[string]any{"features": []any{}}, 400, `"field":"features","rule":"unknown_property"`)
	page := send(t, base, "GET", "/v1/mesh/control-planes?page[size]=1", nil, 200, `"meta":{"page":{"number":1,"size":1,"total":2}}`)
	if len(page["data"].([]any)) != 1 {
		t.Errorf("a page of one: %v", page)
	}
	send(t, base, "GET", "/v1/mesh/control-planes?filter[labels.env]=prod", nil, 200, `"total":1`, `"name":"prod"`)
	send(t, base, "GET", "/v1/mesh/control-planes?filter[name][eq]=dev", nil, 200, `"total":1`, `"name":"dev"`)

	f.ZoneOnline(id, "zone1", 1)
	send(t, base, "DELETE", "/v1/mesh/control-planes/"+id, nil, 400, `"detail":"Bad Request: cpID [`+id+`]: zone \"zone1\" is still online. Disconnect the zone first"`,
		`"field":"cpID","rule":"invalid"`)
	snap := f.Snapshot()
	g := New(mockcore.Env{})
	if err := g.Restore(snap); err != nil || !bytes.Equal(g.Snapshot(), snap) {
		t.Errorf("restore: %v", err)
	}
	send(t, base, "DELETE", "/v1/mesh/control-planes/"+id, nil, 204)
	send(t, base, "GET", "/v1/mesh/control-planes/"+id, nil, 404, `"title":"Not Found"`)
	if err := g.Restore(json.RawMessage(`{"control_planes":[{"id":"not-a-uuid"}]}`)); err == nil {
		t.Error("restored a control plane whose id is no UUID")
	}
}
