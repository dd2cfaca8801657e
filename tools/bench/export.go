package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// The export step: an organization of -export objects seeded in the mock (with no latency,
// not timed), then `terraform-provider-konnect export` of it with the latency on, timed and
// counted like a CLI step. Its target is well under a minute for 2,000 objects at 50 ms a
// call: listings, not a GET per object.

// exportSeed is what the seeded organization is made of.
type exportSeed struct {
	ControlPlanes int `json:"control_planes"`
	Services      int `json:"services"`
	Routes        int `json:"routes"`
	Plugins       int `json:"plugins"`
	Consumers     int `json:"consumers"`
	KeyAuths      int `json:"key_auths"`
	Upstreams     int `json:"upstreams"`
	Targets       int `json:"targets"`
	Teams         int `json:"teams"`
	Total         int `json:"total"`
}

// exportResult is the export step's measurement.
type exportResult struct {
	Objects     exportSeed `json:"objects"`
	WallSeconds float64    `json:"wall_seconds"`
	Exported    int        `json:"exported"` // the objects the export wrote (Konnect's predefined teams are left out)
	Calls       calls      `json:"calls"`
	Log         string     `json:"log"`
	Error       string     `json:"error,omitempty"`
}

// exportSplit splits n objects: two control planes, a hundredth teams, and per control
// plane services with a route each, a rate-limiting plugin on every third service,
// consumers with a key-auth credential each, upstreams with a target each.
func exportSplit(n int) exportSeed {
	s := exportSeed{ControlPlanes: 2, Teams: n / 100}
	per := (n - s.ControlPlanes - s.Teams) / s.ControlPlanes
	up := per / 30
	cons := per / 8
	svc := (per - 2*up - 2*cons) * 3 / 7 // a service, its route, a third of a plugin
	plug := svc / 3
	rest := per - 2*up - 2*cons - 2*svc - plug
	s.Services, s.Routes, s.Plugins = svc*2, (svc+rest)*2, plug*2 // the rest: routes without a service
	s.Consumers, s.KeyAuths, s.Upstreams, s.Targets = cons*2, cons*2, up*2, up*2
	s.Teams += n - s.ControlPlanes - s.Teams - per*s.ControlPlanes // what the division left
	s.Total = s.ControlPlanes + s.Services + s.Routes + s.Plugins + s.Consumers + s.KeyAuths + s.Upstreams + s.Targets + s.Teams
	return s
}

// seedExport creates the organization of split s through the mock's API, several requests
// at a time.
func (m *mock) seedExport(s exportSeed) error {
	var teams []func() error
	for i := range s.Teams {
		teams = append(teams, m.post("/v3/teams", map[string]any{"name": fmt.Sprintf("team-%04d", i)}, nil))
	}
	if err := parallel(teams); err != nil {
		return err
	}
	for c := range s.ControlPlanes {
		var cp struct{ ID string }
		if err := m.post("/v2/control-planes", map[string]any{"name": fmt.Sprintf("cp-%d", c)}, &cp)(); err != nil {
			return err
		}
		core := "/v2/control-planes/" + cp.ID + "/core-entities/"
		svc := make([]struct{ ID string }, s.Services/s.ControlPlanes)
		cons := make([]struct{ ID string }, s.Consumers/s.ControlPlanes)
		ups := make([]struct{ ID string }, s.Upstreams/s.ControlPlanes)
		var first []func() error
		for i := range svc {
			first = append(first, m.post(core+"services", map[string]any{"name": fmt.Sprintf("svc-%04d", i), "host": fmt.Sprintf("svc-%04d.internal", i)}, &svc[i]))
		}
		for i := range cons {
			first = append(first, m.post(core+"consumers", map[string]any{"username": fmt.Sprintf("user-%04d", i)}, &cons[i]))
		}
		for i := range ups {
			first = append(first, m.post(core+"upstreams", map[string]any{"name": fmt.Sprintf("up-%04d.internal", i)}, &ups[i]))
		}
		if err := parallel(first); err != nil {
			return err
		}
		var second []func() error
		for i := range s.Routes / s.ControlPlanes {
			r := map[string]any{"name": fmt.Sprintf("route-%04d", i), "paths": []string{fmt.Sprintf("/r%04d", i)}}
			if i < len(svc) {
				r["service"] = map[string]any{"id": svc[i].ID}
			}
			second = append(second, m.post(core+"routes", r, nil))
		}
		for i := range s.Plugins / s.ControlPlanes {
			second = append(second, m.post(core+"plugins", map[string]any{"name": "rate-limiting",
				"service": map[string]any{"id": svc[i*3].ID}, "config": map[string]any{"minute": 10 + i}}, nil))
		}
		for i, u := range cons {
			second = append(second, m.post(core+"consumers/"+u.ID+"/key-auth", map[string]any{"key": fmt.Sprintf("key-%d-%04d", c, i)}, nil))
		}
		for i, u := range ups {
			second = append(second, m.post(core+"upstreams/"+u.ID+"/targets", map[string]any{"target": fmt.Sprintf("10.0.%d.%d:8080", i/200, i%200+1)}, nil))
		}
		if err := parallel(second); err != nil {
			return err
		}
	}
	return nil
}

// parallel runs the calls eight at a time and returns the first error.
func parallel(calls []func() error) error {
	sem := make(chan struct{}, 8)
	errs := make([]error, len(calls))
	var wg sync.WaitGroup
	for i, call := range calls {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = call()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// post is a call that creates an object through the mock's API, its answer decoded into out
// (when not nil).
func (m *mock) post(path string, body, out any) func() error {
	return func() error { return m.send(http.MethodPost, path, body, out) }
}

// send calls the mock with a JSON body (none when nil) and decodes a JSON answer into out
// (when not nil).
func (m *mock) send(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, m.url+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+mockToken)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := m.client.Do(req)
	if err != nil {
		return fmt.Errorf("konnect-mock %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("konnect-mock %s %s: HTTP %d: %s", method, path, resp.StatusCode, answer)
	}
	if out != nil {
		return json.Unmarshal(answer, out)
	}
	return nil
}

// setLatency sets the latency the mock adds to every API call.
func (m *mock) setLatency(d time.Duration) error {
	return m.send(http.MethodPatch, "/_mock/faults", map[string]any{"latency": d.String()}, nil)
}

// runExport seeds the organization and times its export.
func (b *bench) runExport(ctx context.Context) *exportResult {
	r := &exportResult{Objects: exportSplit(b.opts.export)}
	fail := func(err error) *exportResult { r.Error = err.Error(); return r }
	dir := filepath.Join(b.work, "export")
	if err := os.MkdirAll(filepath.Join(dir, "out"), 0o755); err != nil {
		return fail(err)
	}
	fmt.Fprintf(os.Stderr, "bench: export: seeding %d objects\n", r.Objects.Total)
	if err := b.mock.reset(); err != nil {
		return fail(err)
	}
	err := b.mock.setLatency(0)
	if err == nil {
		err = b.mock.seedExport(r.Objects)
	}
	if lerr := b.mock.setLatency(b.opts.latency); err == nil {
		err = lerr
	}
	if err == nil {
		err = b.mock.resetCounts()
	}
	if err != nil {
		return fail(fmt.Errorf("seeding: %w", err))
	}
	fmt.Fprintf(os.Stderr, "bench: export: terraform-provider-konnect export of %d objects\n", r.Objects.Total)
	r.Log = filepath.Join(dir, "export.log")
	env := cliEnv("KONNECT_SERVER_URL="+b.mock.url, "KONNECT_TOKEN="+mockToken)
	cr, err := runCLI(ctx, b.opts.stepTimeout, b.provider, dir, env, r.Log, "export", "--out", filepath.Join(dir, "out"))
	r.WallSeconds = cr.Wall.Seconds()
	if err == nil {
		err = checkRun(cr, r.Log, 0, "Exported ")
	}
	if out, rerr := os.ReadFile(r.Log); rerr == nil {
		if m := exportedRE.FindSubmatch(out); m != nil {
			r.Exported, _ = strconv.Atoi(string(m[1]))
		}
	}
	counts, cerr := b.mock.counts()
	if cerr == nil {
		r.Calls = summarize(counts)
	}
	if err != nil {
		return fail(err)
	}
	return r
}

var exportedRE = regexp.MustCompile(`Exported (\d+) objects`)

// printExport prints the export step's line of the report.
func printExport(w io.Writer, r *exportResult) {
	if r == nil {
		return
	}
	s := r.Objects
	fmt.Fprintf(w, "\nExport (terraform-provider-konnect export of %d objects: %d control planes, %d services, %d routes, %d plugins, %d consumers, %d key-auth credentials, %d upstreams, %d targets, %d teams):\n",
		s.Total, s.ControlPlanes, s.Services, s.Routes, s.Plugins, s.Consumers, s.KeyAuths, s.Upstreams, s.Targets, s.Teams)
	if r.Error != "" {
		fmt.Fprintf(w, "  FAILED: %s (log: %s)\n", r.Error, r.Log)
		return
	}
	fmt.Fprintf(w, "  wall %.2f s, %d objects exported, %d API calls (%s)\n", r.WallSeconds, r.Exported, r.Calls.Total, r.Calls.pathSummary())
}

// exportTarget is the export step's target: the export of the organization in under a
// minute, from listings: fewer API calls than a quarter of its objects (a GET per object
// would be one each; what is left is a listing per parent where Konnect has none across
// the control plane: an upstream's targets, a team's roles, and today a consumer's mtls-auth).
func exportTarget(r *exportResult) target {
	t := target{CLI: "export", Name: "export of the organization: wall < 60 s, calls < objects/4", Status: "FAIL"}
	if r.Error != "" {
		t.Detail = "failed: " + r.Error
		return t
	}
	t.Detail = fmt.Sprintf("%.1f s, %d calls for %d objects", r.WallSeconds, r.Calls.Total, r.Objects.Total)
	if r.WallSeconds < 60 && r.Calls.Total*4 < r.Objects.Total {
		t.Status = "PASS"
	}
	return t
}
