package konnectmock

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// openMock opens a server on the state file and serves it until the test ends or
// the returned kill is called; kill drops the server without any shutdown step,
// so only what is already in the file survives.
func openMock(t *testing.T, opts Options) (c *client, kill func()) {
	t.Helper()
	s, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	c = serve(t, s)
	return c, func() { c.base = "http://127.0.0.1:1/killed" }
}

func TestStateFileSurvivesKill(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	opts := Options{StateFile: path, ETags: true}
	c, kill := openMock(t, opts)

	cp := c.do("POST", "/v2/control-planes", map[string]any{"name": "durable", "labels": map[string]any{"env": "ci"},
		"proxy_urls": []any{map[string]any{"host": "p", "port": 443, "protocol": "https"}}}).expect(t, 201, ctJSON).str("id")
	c.do("PATCH", "/v2/control-planes/"+cp, map[string]any{"description": "patched"}).expect(t, 200, ctJSON)
	other := c.mustCP("doomed")
	c.do("DELETE", "/v2/control-planes/"+other, nil).expect(t, 204, "")
	sid := c.do("PUT", core(cp, "services/5b1c0e2a-8d8f-4b7a-9a51-0f0e6c1d2b3a"), map[string]any{"host": "a", "name": "orders"}).expect(t, 200, ctJSON).str("id")
	for i := 0; i < 5; i++ {
		c.do("POST", core(cp, "services/orders/routes"), map[string]any{"paths": []string{"/r"}, "name": "r" + string(rune('a'+i))}).expect(t, 201, ctJSON)
	}
	c.do("DELETE", core(cp, "routes/rc"), nil).expect(t, 204, "")
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"minute": 10.5, "policy": "local"}}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "plugins"), `{"name":"acme","config":{"account_email":"ops@example.com","storage_config":{"kong":{"per_consumer":true,"n":1.0,"big":12345678901234567890,"e":1e400}}}}`).expect(t, 201, ctJSON)
	up := c.do("POST", core(cp, "upstreams"), map[string]any{"name": "up"}).expect(t, 201, ctJSON).str("id")
	c.do("POST", core(cp, "upstreams/up/targets"), map[string]any{"target": "10.0.0.1:80"}).expect(t, 201, ctJSON)
	alice := c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 201, ctJSON).str("id")
	c.do("POST", core(cp, "consumers/alice/basic-auth"), map[string]any{"username": "a", "password": "secret"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumer_groups"), map[string]any{"name": "gold"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumer_groups/gold/consumers"), map[string]any{"consumer": alice}).expect(t, 201, ctJSON)
	certPEM, keyPEM, _ := mocktest.CertPEM(t, "a.example", false)
	cert := c.do("POST", core(cp, "certificates"), map[string]any{"cert": certPEM, "key": keyPEM}).expect(t, 201, ctJSON).str("id")
	c.do("POST", core(cp, "certificates/"+cert+"/snis"), map[string]any{"name": "a.example"}).expect(t, 201, ctJSON)

	reads := []string{
		"/v2/control-planes/" + cp, "/v2/control-planes", "/konnect-api/api/runtime_groups",
		core(cp, "services/"+sid), core(cp, "routes?size=2"), core(cp, "plugins"), core(cp, "upstreams/"+up+"/targets"),
		core(cp, "consumer_groups/gold/consumers"), core(cp, "consumers/alice/basic-auth"), core(cp, "certificates/"+cert),
	}
	before := map[string]result{}
	for _, p := range reads {
		before[p] = c.do("GET", p, nil).expect(t, 200, ctJSON)
	}
	dump := c.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON).raw
	kill()

	c2, _ := openMock(t, opts)
	if got := c2.do("GET", "/_mock/dump", nil).expect(t, 200, ctJSON).raw; !bytes.Equal(got, dump) {
		t.Fatalf("state changed across a restart\nbefore: %s\nafter:  %s", dump, got)
	}
	for _, p := range reads {
		r := c2.do("GET", p, nil).expect(t, 200, ctJSON)
		if !bytes.Equal(r.raw, before[p].raw) || r.header.Get("ETag") != before[p].header.Get("ETag") {
			t.Errorf("GET %s after restart:\n%s %s\nwant\n%s %s", p, r.raw, r.header.Get("ETag"), before[p].raw, before[p].header.Get("ETag"))
		}
	}
	// writes carry on where they stopped: new entities list after the old ones
	c2.do("POST", core(cp, "services/orders/routes"), map[string]any{"paths": []string{"/r"}, "name": "rz"}).expect(t, 201, ctJSON)
	var names []string
	for _, d := range c2.do("GET", core(cp, "routes"), nil).body["data"].([]any) {
		names = append(names, d.(map[string]any)["name"].(string))
	}
	if strings.Join(names, ",") != "ra,rb,rd,re,rz" {
		t.Fatalf("routes after restart %v", names)
	}
	c2.do("POST", "/v2/control-planes", map[string]any{"name": "durable"}).expect(t, 409, ctProblem)
	c2.do("DELETE", core(cp, "consumers/alice"), nil).expect(t, 204, "")
	c2.do("GET", core(cp, "consumer_groups/gold/consumers"), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)

	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

// A write the mock applied before dropping the connection is in the file.
func TestStateFileKeepsDroppedWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	c, kill := openMock(t, Options{StateFile: path, Faults: Faults{DropAfterShare: 1}})
	if _, err := c.try(freshConns(), "POST", "/v2/control-planes", map[string]any{"name": "applied"}); err == nil {
		t.Fatal("expected a dropped connection")
	}
	kill()
	c2, _ := openMock(t, Options{StateFile: path})
	if data := c2.do("GET", "/v2/control-planes", nil).body["data"].([]any); len(data) != 1 {
		t.Fatalf("control planes after restart: %v", data)
	}
}

func TestStateFileCreatedAndReset(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.json")
	c, kill := openMock(t, Options{StateFile: path})
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("state file not created at start: %v", err)
	}
	if !strings.Contains(string(raw), `"format":"konnect-mock-state"`) || !strings.Contains(string(raw), `"control_planes":[]`) {
		t.Fatalf("initial state file: %s", raw)
	}
	c.mustCP("gone-after-reset")
	c.do("POST", "/_mock/reset", nil).expect(t, 204, "")
	kill()
	c2, _ := openMock(t, Options{StateFile: path})
	c2.do("GET", "/v2/control-planes", nil).expect(t, 200, ctJSON).jsonEq(t, `{"meta":{"page":{"number":1,"size":10,"total":0}},"data":[]}`)

	if _, err := Open(Options{StateFile: filepath.Join(dir, "no-such-dir", "s.json")}); err == nil || !strings.Contains(err.Error(), "no-such-dir/s.json") {
		t.Fatalf("unwritable location: %v", err)
	}
}

func TestStateFileCorruptIsAStartupError(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	c, kill := openMock(t, Options{StateFile: good})
	cp := c.mustCP("ok")
	c.do("POST", core(cp, "services"), map[string]any{"host": "h", "name": "s"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/"}, "service": map[string]any{"name": "s"}})
	sid := c.do("GET", core(cp, "services/s"), nil).str("id")
	c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/"}, "service": map[string]any{"id": sid}}).expect(t, 201, ctJSON)
	kill()
	valid, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"garbage":          "not json at all",
		"empty":            "",
		"truncated":        string(valid[:len(valid)/2]),
		"trailing":         string(valid) + "{}",
		"wrong-format":     `{"format":"something-else","version":1,"seq":0,"control_planes":[]}`,
		"future-version":   `{"format":"konnect-mock-state","version":99,"seq":0,"control_planes":[]}`,
		"unknown-field":    strings.Replace(string(valid), `"seq":`, `"colour":"red","seq":`, 1),
		"unknown-kind":     strings.Replace(string(valid), `"services":`, `"gizmos":`, 1),
		"dangling-ref":     strings.Replace(string(valid), sid, "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7", 1),
		"duplicate-cp":     strings.Replace(string(valid), `"control_planes":[`, `"control_planes":[`+cpFrom(t, valid)+`,`, 1),
		"not-an-object":    `[1,2,3]`,
		"cp-missing-field": `{"format":"konnect-mock-state","version":1,"seq":5,"control_planes":[{"id":"x"}]}`,
		"gateway-nested":   `{"format":"konnect-mock-state","version":1,"families":{"gateway":{"seq":0,"control_planes":[]}}}`,
		"gateway-unknown":  strings.Replace(string(valid), `"control_planes":[{`, `"control_planes":[{"colour":"red",`, 1),
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".json")
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Open(Options{StateFile: path})
			if err == nil || !strings.Contains(err.Error(), path) {
				t.Fatalf("Open: %v", err)
			}
			after, _ := os.ReadFile(path)
			if string(after) != content {
				t.Fatal("a refused state file was overwritten")
			}
			defer func() {
				if p := recover(); p == nil || !strings.Contains(fmtAny(p), path) {
					t.Fatalf("New: panic %v", p)
				}
			}()
			New(Options{StateFile: path})
		})
	}
	// unreadable: a directory where the file should be
	if _, err := Open(Options{StateFile: dir}); err == nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("unreadable state file: %v", err)
	}
}

// cpFrom returns the first control plane object of a state document, to duplicate it.
func cpFrom(t *testing.T, doc []byte) string {
	t.Helper()
	s := string(doc)
	start := strings.Index(s, `"control_planes":[`) + len(`"control_planes":[`)
	depth := 0
	for i := start; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[start : i+1]
			}
		}
	}
	t.Fatal("no control plane in the document")
	return ""
}

func fmtAny(v any) string {
	if err, ok := v.(error); ok {
		return err.Error()
	}
	s, _ := v.(string)
	return s
}
