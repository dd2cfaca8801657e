package konnectmock

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFaultLatencyAndJitter(t *testing.T) {
	const lat = 20 * time.Millisecond
	for _, f := range []Faults{{Latency: lat}, {Latency: lat, LatencyJitter: lat}} {
		c := newMock(t, Options{Faults: f})
		start := time.Now()
		c.do("GET", "/v2/control-planes", nil).expect(t, 200, ctJSON)
		if el := time.Since(start); el < lat {
			t.Fatalf("%+v: request took %v, want >= %v", f, el, lat)
		}
	}
}

// Faults never touch /_mock/ (nor the legacy listing outside /v2/).
func TestFaultsSpareControlEndpoints(t *testing.T) {
	c := newMock(t, Options{Faults: Faults{Latency: time.Minute, RateLimitShare: 1}})
	start := time.Now()
	c.do("GET", "/_mock/faults", nil).expect(t, 200, ctJSON)
	c.do("GET", "/_mock/counts", nil).expect(t, 200, ctJSON).jsonEq(t, `{}`)
	c.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON)
	c.do("GET", "/konnect-api/api/runtime_groups", nil).expect(t, 200, ctJSON)
	if el := time.Since(start); el > 20*time.Second {
		t.Fatalf("control endpoints were delayed: %v", el)
	}
}

func TestFaultRateLimitStorm(t *testing.T) {
	c := newMock(t, Options{Faults: Faults{RateLimitShare: 1, RetryAfter: 3}})
	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	reqs := []struct{ method, path string }{
		{"POST", "/v2/control-planes"}, {"GET", "/v2/control-planes"}, {"PUT", core(missing, "services/s1")},
		{"GET", core(missing, "services")}, {"DELETE", "/v2/control-planes/" + missing},
	}
	for _, rq := range reqs {
		var body any
		if rq.method == "POST" || rq.method == "PUT" {
			body = map[string]any{"name": "storm", "host": "h"}
		}
		r := c.do(rq.method, rq.path, body).expect(t, 429, ctJSON)
		r.jsonEq(t, `{"message":"API rate limit exceeded"}`)
		for k, want := range map[string]string{"Retry-After": "3", "RateLimit-Limit": "100", "RateLimit-Remaining": "0", "RateLimit-Reset": "3"} {
			if got := r.header.Get(k); got != want {
				t.Errorf("%s %s: %s %q, want %q", rq.method, rq.path, k, got, want)
			}
		}
	}
	if got := c.srv.Counts()["fault 429"]; got != len(reqs) {
		t.Fatalf("fault 429 counted %d, want %d", got, len(reqs))
	}
	c.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON)
	if n := controlPlanes(t, c.srv); n != 0 {
		t.Fatalf("a rate-limited POST was applied: %d control planes", n)
	}
	// the storm ends when the share is set back to 0 at runtime
	c.do("PATCH", "/_mock/faults", map[string]any{"rate_limit_share": 0}).expect(t, 200, ctJSON)
	c.mustCP("after-storm")
}

func TestFaultServerErrors(t *testing.T) {
	c := newMock(t, Options{Faults: Faults{ErrorShare: 1, Seed: 1}})
	seen := map[int]int{}
	for i := 0; i < 30; i++ {
		path := "/v2/control-planes"
		if i%2 == 1 {
			path = core("7f9fd312-a987-4628-b4c5-bb4f4fddd5f7", "services")
		}
		r := c.do("POST", path, map[string]any{"name": fmt.Sprintf("cp-%d", i), "host": "h"})
		seen[r.status]++
		switch {
		case r.status == 500 && i%2 == 0:
			r.expect(t, 500, ctProblem).jsonEq(t, `{"status":500,"title":"Internal Server Error","type":"https://httpstatuses.com/500","detail":"An unexpected error occurred"}`, "instance")
		case r.status == 500:
			r.expect(t, 500, ctJSON).jsonEq(t, `{"message":"An unexpected error occurred"}`)
		case r.status == 502:
			r.expect(t, 502, ctJSON).jsonEq(t, `{"message":"An invalid response was received from the upstream server"}`)
		case r.status == 503:
			r.expect(t, 503, ctJSON).jsonEq(t, `{"message":"Service unavailable"}`)
		default:
			t.Fatalf("status %d: %s", r.status, r.raw)
		}
	}
	if seen[500] == 0 || seen[502] == 0 || seen[503] == 0 {
		t.Fatalf("5xx mix %v", seen)
	}
	if got := c.srv.Counts()["fault 5xx"]; got != 30 || controlPlanes(t, c.srv) != 0 {
		t.Fatalf("fault 5xx %d, control planes %d", got, controlPlanes(t, c.srv))
	}
}

// The hard case: a write the server applied, answered by a reset connection.
func TestFaultDropBeforeAndAfter(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("drops")
	hc := freshConns()

	c.do("PUT", "/_mock/faults", map[string]any{"drop_before_share": 1}).expect(t, 200, ctJSON)
	if r, err := c.try(hc, "PUT", core(cp, "services/before"), map[string]any{"host": "h"}); err == nil {
		t.Fatalf("drop-before answered %d %s", r.status, r.raw)
	}
	c.do("PUT", "/_mock/faults", map[string]any{"drop_after_share": 1}).expect(t, 200, ctJSON)
	if r, err := c.try(hc, "PUT", core(cp, "services/after"), map[string]any{"host": "h"}); err == nil {
		t.Fatalf("drop-after answered %d %s", r.status, r.raw)
	}
	if r, err := c.try(hc, "POST", "/v2/control-planes", map[string]any{"name": "ambiguous"}); err == nil {
		t.Fatalf("drop-after answered %d %s", r.status, r.raw)
	}
	c.do("PUT", "/_mock/faults", map[string]any{}).expect(t, 200, ctJSON)

	c.do("GET", core(cp, "services/before"), nil).expect(t, 404, ctJSON)
	c.do("GET", core(cp, "services/after"), nil).expect(t, 200, ctJSON)
	if n := c.do("GET", "/v2/control-planes?filter[name][eq]=ambiguous", nil).body["data"].([]any); len(n) != 1 {
		t.Fatalf("the dropped POST was not applied: %v", n)
	}
	counts := c.srv.Counts()
	if counts["fault drop-before"] != 1 || counts["fault drop-after"] != 2 {
		t.Fatalf("counts %v", counts)
	}
}

// A slow response outlasts the client's timeout; the handler ends when the client
// gives up (it does not sit out the whole delay) and nothing is applied.
func TestFaultSlowHonoursClientTimeout(t *testing.T) {
	s := New(Options{Faults: Faults{SlowShare: 1, Slow: time.Hour}})
	done := make(chan struct{}, 4)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.ServeHTTP(w, r)
		done <- struct{}{}
	}))
	defer hs.Close()
	c := &client{t: t, base: hs.URL, token: "kpat_test", srv: s}

	hc := &http.Client{Timeout: 100 * time.Millisecond, Transport: &http.Transport{DisableKeepAlives: true}}
	if r, err := c.try(hc, "POST", "/v2/control-planes", map[string]any{"name": "slowpoke"}); err == nil {
		t.Fatalf("slow request answered %d", r.status)
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the handler kept running after the client gave up")
	}
	if controlPlanes(t, s) != 0 || s.Counts()["fault slow"] != 1 {
		t.Fatalf("control planes %d, counts %v", controlPlanes(t, s), s.Counts())
	}

	// a client patient enough gets the normal answer
	c.do("PUT", "/_mock/faults", map[string]any{"slow_share": 1, "slow": "30ms"}).expect(t, 200, ctJSON)
	start := time.Now()
	c.do("POST", "/v2/control-planes", map[string]any{"name": "patient"}).expect(t, 201, ctJSON)
	if el := time.Since(start); el < 30*time.Millisecond {
		t.Fatalf("slow response took only %v", el)
	}
}

// outcomes sends n requests one at a time and records what each met.
func outcomes(t *testing.T, c *client, n int) []string {
	t.Helper()
	hc := freshConns()
	var out []string
	for i := 0; i < n; i++ {
		r, err := c.try(hc, "GET", "/v2/control-planes", nil)
		if err != nil {
			out = append(out, "drop")
			continue
		}
		out = append(out, fmt.Sprint(r.status))
	}
	return out
}

func TestFaultsDeterministicUnderSeed(t *testing.T) {
	f := Faults{RateLimitShare: 0.2, ErrorShare: 0.2, DropBeforeShare: 0.1, DropAfterShare: 0.1, Seed: 42}
	run := func(f Faults) ([]string, map[string]int) {
		c := newMock(t, Options{Faults: f})
		return outcomes(t, c, 60), c.srv.Counts()
	}
	a, ca := run(f)
	b, cb := run(f)
	if !slices.Equal(a, b) || fmt.Sprint(ca) != fmt.Sprint(cb) {
		t.Fatalf("same seed, different runs:\n%v\n%v", a, b)
	}
	f.Seed = 43
	if other, _ := run(f); slices.Equal(a, other) {
		t.Fatal("a different seed gave the same decisions")
	}
	tally := map[string]int{}
	for _, o := range a {
		tally[o]++
	}
	if tally["429"] != ca["fault 429"] || tally["drop"] != ca["fault drop-before"]+ca["fault drop-after"] ||
		tally["500"]+tally["502"]+tally["503"] != ca["fault 5xx"] || tally["200"] == 0 {
		t.Fatalf("outcomes %v, counts %v", tally, ca)
	}

	// PUT with the seed restarts the same sequence at runtime
	c := newMock(t, Options{})
	body := map[string]any{"rate_limit_share": 0.2, "error_share": 0.2, "drop_before_share": 0.1, "drop_after_share": 0.1, "seed": 42}
	c.do("PUT", "/_mock/faults", body).expect(t, 200, ctJSON)
	first := outcomes(t, c, 20)
	c.do("PUT", "/_mock/faults", body).expect(t, 200, ctJSON)
	if again := outcomes(t, c, 20); !slices.Equal(first, again) || !slices.Equal(first, a[:20]) {
		t.Fatalf("reseeding did not replay:\n%v\n%v\n%v", first, again, a[:20])
	}
}

func TestFaultSettings(t *testing.T) {
	for _, f := range []Faults{{ErrorShare: 1.5}, {RateLimitShare: 0.6, ErrorShare: 0.6}, {Latency: -time.Second}, {RetryAfter: -1}} {
		if _, err := Open(Options{Faults: f}); err == nil {
			t.Errorf("%+v accepted", f)
		}
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("New accepted invalid faults")
			}
		}()
		New(Options{Faults: Faults{SlowShare: 2}})
	}()

	c := newMock(t, Options{Faults: Faults{Latency: 5 * time.Millisecond, Seed: 9}})
	c.do("GET", "/_mock/faults", nil).expect(t, 200, ctJSON).jsonEq(t, `{"latency":"5ms","latency_jitter":"0s","rate_limit_share":0,
		"retry_after":1,"rate_limit_rps":0,"error_share":0,"drop_before_share":0,"drop_after_share":0,"slow_share":0,"slow":"1m30s","seed":9}`)
	// PATCH changes only what it names; PUT replaces everything (the seed stays unless given)
	c.do("PATCH", "/_mock/faults", map[string]any{"error_share": 0.5}).expect(t, 200, ctJSON).jsonEq(t, `{"latency":"5ms","latency_jitter":"0s",
		"rate_limit_share":0,"retry_after":1,"rate_limit_rps":0,"error_share":0.5,"drop_before_share":0,"drop_after_share":0,"slow_share":0,"slow":"1m30s","seed":9}`)
	c.do("PUT", "/_mock/faults", map[string]any{"latency_jitter": "20ms", "retry_after": 7}).expect(t, 200, ctJSON).jsonEq(t, `{"latency":"0s",
		"latency_jitter":"20ms","rate_limit_share":0,"retry_after":7,"rate_limit_rps":0,"error_share":0,"drop_before_share":0,"drop_after_share":0,"slow_share":0,"slow":"1m30s","seed":9}`)
	for _, bad := range []string{`{"error_share":2}`, `{"error_share":0.7,"slow_share":0.7}`, `{"bogus":1}`, `{"latency":"fast"}`,
		`{"latency":50}`, `{"slow":"-1s"}`, `[]`, ``, `{"seed":1} x`} {
		r := c.do("PUT", "/_mock/faults", bad).expect(t, 400, ctJSON)
		if !strings.HasPrefix(r.str("message"), "invalid fault settings: ") {
			t.Errorf("%s: %s", bad, r.raw)
		}
	}
	if got := c.srv.faults.get().RetryAfter; got != 7 {
		t.Fatalf("a rejected PUT changed the settings: retry_after %d", got)
	}
	// without a seed one is picked, and reported
	if s := New(Options{}).faults.get().Seed; s == 0 {
		t.Fatal("no seed picked")
	}
}
