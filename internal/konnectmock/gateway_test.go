package konnectmock

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The gateway family (package gateway) as the assembler serves it: its two
// error styles behind authentication, its Counts keys, the Date header, its
// state in the state file. The family's own behaviour is tested in package
// gateway.

func TestAuthStyles(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("auth")

	for _, tok := range []string{"", "nope", "kpat_", "Basic kpat_x"} {
		c.token = tok
		r := c.do("GET", "/v2/control-planes", nil).expect(t, 401, ctProblem)
		if !regexp.MustCompile(`^konnect:trace:\d+$`).MatchString(r.str("instance")) {
			t.Fatalf("instance %q", r.str("instance"))
		}
		r.jsonEq(t, `{"status":401,"title":"Unauthenticated","detail":"A valid token is required"}`, "instance")
		c.do("GET", core(cp, "services"), nil).expect(t, 401, ctJSON).
			jsonEq(t, `{"message":"Unauthorized","status":401}`)
	}
	for _, tok := range []string{"kpat_anything", "spat_other"} {
		c.token = tok
		c.do("GET", "/v2/control-planes", nil).expect(t, 200, ctJSON)
	}

	only := newMock(t, Options{Tokens: []string{"kpat_demo"}})
	only.token = "kpat_other"
	only.do("GET", "/v2/control-planes", nil).expect(t, 401, ctProblem)
	only.token = "kpat_demo"
	only.do("GET", "/v2/control-planes", nil).expect(t, 200, ctJSON)
}

func TestCounts(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("counts")
	id := c.do("PUT", core(cp, "services/5b1c0e2a-8d8f-4b7a-9a51-0f0e6c1d2b3a"), map[string]any{"host": "a"}).str("id")
	c.do("PUT", core(cp, "services/"+id), map[string]any{"host": "b"})
	c.do("GET", core(cp, "services/"+id+"/routes"), nil)
	c.do("GET", "/v2/control-planes/"+cp, nil)
	got := c.srv.Counts()
	want := map[string]int{
		"POST /v2/control-planes":                1,
		"PUT core-entities/services/{id}":        2,
		"GET core-entities/services/{id}/routes": 1,
		"GET /v2/control-planes/{id}":            1,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("counts %v, want %v", got, want)
	}
	c.srv.ResetCounts()
	if len(c.srv.Counts()) != 0 {
		t.Fatal("ResetCounts")
	}
}

// Every answer carries a Date header from the mock's clock, as Konnect's do: the provider
// reads Konnect's time from it.
func TestAnswersDatedByTheMockClock(t *testing.T) {
	at := time.Date(2031, 5, 6, 7, 8, 9, 0, time.UTC)
	c := newMock(t, Options{Now: func() time.Time { return at }})
	cp := c.mustCP("dated")
	r := c.do("GET", core(cp, "services"), nil).expect(t, 200, ctJSON)
	if got := r.header.Get("Date"); got != at.Format(http.TimeFormat) {
		t.Errorf("Date %q, want %q", got, at.Format(http.TimeFormat))
	}
}

// Many clients writing and listing at once: every write lands exactly once and
// pagination sees a consistent collection (run with -race to check locking).
func TestConcurrentClients(t *testing.T) {
	c := newMock(t, Options{ETags: true})
	cp := c.mustCP("busy")
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				name := fmt.Sprintf("w%d-s%d", w, i)
				c.do("PUT", core(cp, "services/"+name), map[string]any{"host": "h"})
				c.do("GET", core(cp, "services?size=7"), nil)
			}
		}()
	}
	wg.Wait()
	total := 0
	next := core(cp, "services?size=33")
	for next != "" {
		r := c.do("GET", next, nil).expect(t, 200, ctJSON)
		total += len(r.body["data"].([]any))
		next = r.str("next")
	}
	if total != 160 {
		t.Fatalf("listed %d services, want 160", total)
	}
	if got := c.srv.Counts()["PUT core-entities/services/{id}"]; got != 160 {
		t.Fatalf("counted %d PUTs", got)
	}
}

func TestSchemaEndpoints(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("schemas")
	for _, name := range []string{"service", "route", "upstream", "target"} {
		r := c.do("GET", core(cp, "v1/schemas/json/"+name), nil).expect(t, 200, ctJSON)
		if _, ok := r.body["properties"].(map[string]any); !ok {
			t.Fatalf("%s schema: %s", name, r.raw)
		}
	}
	props := c.do("GET", core(cp, "v1/schemas/json/service"), nil).body["properties"].(map[string]any)
	if fmt.Sprint(props["port"].(map[string]any)["default"]) != "80" || props["protocol"].(map[string]any)["default"] != "http" {
		t.Fatalf("service defaults: %v", props)
	}
	c.do("GET", core(cp, "v1/schemas/json/nope"), nil).expect(t, 404, ctJSON)

	r := c.do("GET", core(cp, "schemas/plugins/rate-limiting"), nil).expect(t, 200, ctJSON)
	fields := r.body["fields"].([]any)
	cfg := fields[len(fields)-1].(map[string]any)["config"].(map[string]any)
	if cfg["type"] != "record" {
		t.Fatalf("plugin schema: %s", r.raw)
	}
	found := false
	for _, f := range cfg["fields"].([]any) {
		if p, ok := f.(map[string]any)["policy"].(map[string]any); ok && p["default"] == "local" {
			found = true
		}
	}
	if !found {
		t.Fatalf("policy default missing: %s", r.raw)
	}
	c.do("GET", core(cp, "schemas/plugins/nope"), nil).expect(t, 404, ctJSON)
	if got := c.srv.Counts()["GET core-entities/schemas/plugins/rate-limiting"]; got != 1 {
		t.Fatalf("schema count %d", got)
	}
}

// Both error styles, side by side: problem+json for the platform API, Kong-style
// JSON for core entities, each with its own 401, 404 and 405.
func TestContractErrorStyles(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("errors")
	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	problem := func(status int, detail string) string {
		return fmt.Sprintf(`{"status":%d,"title":%q,"type":"https://httpstatuses.com/%d","detail":%q}`, status, problemTitles[status], status, detail)
	}
	cases := []struct {
		method, path string
		body         any
		status       int
		ctype, want  string
	}{
		{"GET", "/v2/control-planes/" + missing, nil, 404, ctProblem, problem(404, "ControlPlane not found")},
		{"PUT", "/v2/control-planes/" + cp, map[string]any{}, 405, ctProblem, problem(405, "Method Not Allowed")},
		{"GET", "/v2/nowhere", nil, 404, ctProblem, problem(404, "Not Found")},
		{"POST", "/v2/control-planes", map[string]any{"name": "errors"}, 409, ctProblem, problem(409, "Control Plane with provided name already exists.")},
		{"GET", core(cp, "services/"+missing), nil, 404, ctJSON, `{"code":5,"message":"not found"}`},
		{"GET", core(missing, "services"), nil, 404, ctJSON, `{"code":5,"message":"not found"}`},
		{"PATCH", core(cp, "services"), map[string]any{}, 405, ctJSON, `{"code":12,"message":"Method Not Allowed","details":[]}`},
	}
	for _, tc := range cases {
		r := c.do(tc.method, tc.path, tc.body).expect(t, tc.status, tc.ctype)
		if tc.ctype == ctProblem {
			r.jsonEq(t, tc.want, "instance")
			if !strings.HasPrefix(r.str("instance"), "konnect:trace:") {
				t.Errorf("%s %s: instance %q", tc.method, tc.path, r.str("instance"))
			}
		} else {
			r.jsonEq(t, tc.want)
		}
	}
	c.token = ""
	c.do("DELETE", "/v2/control-planes/"+cp, nil).expect(t, 401, ctProblem).jsonEq(t, `{"status":401,"title":"Unauthenticated","detail":"A valid token is required"}`, "instance")
	c.do("GET", "/konnect-api/api/runtime_groups", nil).expect(t, 401, ctProblem)
	for _, m := range []string{"GET", "POST", "PUT", "DELETE"} {
		c.do(m, core(cp, "services/x"), nil).expect(t, 401, ctJSON).jsonEq(t, `{"message":"Unauthorized","status":401}`)
	}
}

// A write applied but not saved is not acknowledged: a 500 in the style of the
// API written to, problem+json for control planes, Kong-style for core entities.
func TestSaveFailureStyles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	c, _ := openMock(t, Options{StateFile: filepath.Join(dir, "state.json")})
	cp := c.mustCP("saved")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	const prefix = "konnect-mock could not save its state file: "
	r := c.do("POST", "/v2/control-planes", map[string]any{"name": "unsaved"}).expect(t, 500, ctProblem)
	if !strings.HasPrefix(r.str("detail"), prefix) || r.str("title") != "Internal Server Error" ||
		r.str("type") != "https://httpstatuses.com/500" || !strings.HasPrefix(r.str("instance"), "konnect:trace:") {
		t.Fatalf("control plane write: %s", r.raw)
	}
	r = c.do("POST", core(cp, "services"), map[string]any{"host": "h"}).expect(t, 500, ctJSON)
	if len(r.body) != 1 || !strings.HasPrefix(r.str("message"), prefix) {
		t.Fatalf("core entity write: %s", r.raw)
	}
}
