package konnectmock

import (
	"fmt"
	"testing"
)

func TestControlEndpointsNeedTheToken(t *testing.T) {
	c := newMock(t, Options{Tokens: []string{"kpat_ci"}})
	for _, tok := range []string{"", "kpat_other"} {
		c.token = tok
		for _, rq := range []struct{ method, path string }{
			{"POST", "/_mock/reset"}, {"GET", "/_mock/dump"}, {"GET", "/_mock/counts"},
			{"POST", "/_mock/counts/reset"}, {"GET", "/_mock/faults"}, {"PUT", "/_mock/faults"}, {"GET", "/_mock/nope"},
		} {
			c.do(rq.method, rq.path, nil).expect(t, 401, ctJSON).jsonEq(t, `{"message":"Unauthorized","status":401}`)
		}
	}
	c.token = "kpat_ci"
	c.do("GET", "/_mock/faults", nil).expect(t, 200, ctJSON)
}

func TestControlEndpoints(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("ctl")
	r := c.do("POST", core(cp, "services"), map[string]any{"host": "h", "name": "s"}).expect(t, 201, ctJSON)
	c.do("GET", core(cp, "services/s"), nil).expect(t, 200, ctJSON)

	// counts, as Counts() has them; /_mock/ itself is not counted
	want := `{"GET core-entities/services/{id}":1,"POST /v2/control-planes":1,"POST core-entities/services":1}`
	c.do("GET", "/_mock/counts", nil).expect(t, 200, ctJSON).jsonEq(t, want)
	c.do("GET", "/_mock/counts", nil).expect(t, 200, ctJSON).jsonEq(t, want)
	if got := fmt.Sprint(c.srv.Counts()); got != "map[GET core-entities/services/{id}:1 POST /v2/control-planes:1 POST core-entities/services:1]" {
		t.Fatalf("Counts %s", got)
	}
	c.do("POST", "/_mock/counts/reset", nil).expect(t, 204, "")
	c.do("GET", "/_mock/counts", nil).expect(t, 200, ctJSON).jsonEq(t, `{}`)

	// dump: the state document, objects exactly as the API returns them
	d := c.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON)
	if d.body["format"] != "konnect-mock-state" || fmt.Sprint(d.body["version"]) != "1" {
		t.Fatalf("dump header: %s", d.raw)
	}
	cps := d.body["control_planes"].([]any)
	if len(cps) != 1 || cps[0].(map[string]any)["id"] != cp || cps[0].(map[string]any)["name"] != "ctl" {
		t.Fatalf("dump control planes: %s", d.raw)
	}
	svc := cps[0].(map[string]any)["entities"].(map[string]any)["services"].([]any)[0].(map[string]any)["object"]
	if fmt.Sprint(svc) != fmt.Sprint(r.body) {
		t.Fatalf("dumped service %v\nAPI service %v", svc, r.body)
	}

	// reset: empty state and zero counters; the server keeps working
	c.do("POST", "/_mock/reset", nil).expect(t, 204, "")
	c.do("GET", "/_mock/counts", nil).expect(t, 200, ctJSON).jsonEq(t, `{}`)
	// (the mounted families are back to a new organisation's state: access_test.go)
	c.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON).jsonEq(t, `{"control_planes":[]}`, "format", "version", "seq", "families")
	c.do("GET", "/v2/control-planes/"+cp, nil).expect(t, 404, ctProblem)
	c.mustCP("ctl")

	// wrong methods and paths
	for _, tc := range []struct{ method, path, allow string }{
		{"GET", "/_mock/reset", "POST"}, {"POST", "/_mock/dump", "GET"}, {"DELETE", "/_mock/counts", "GET"},
		{"GET", "/_mock/counts/reset", "POST"}, {"POST", "/_mock/faults", "GET, PUT, PATCH"},
	} {
		r := c.do(tc.method, tc.path, nil).expect(t, 405, ctJSON)
		if r.header.Get("Allow") != tc.allow || r.str("message") != "Method Not Allowed" {
			t.Errorf("%s %s: Allow %q, body %s", tc.method, tc.path, r.header.Get("Allow"), r.raw)
		}
	}
	c.do("GET", "/_mock/nope", nil).expect(t, 404, ctJSON).jsonEq(t, `{"message":"not found"}`)
	c.do("GET", "/_mock", nil).expect(t, 404, ctJSON)
	if got := fmt.Sprint(c.srv.Counts()); got != "map[GET /v2/control-planes/{id}:1 POST /v2/control-planes:1]" {
		t.Fatalf("control requests were counted: %v", c.srv.Counts())
	}
}
