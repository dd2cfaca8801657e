package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// start runs the binary's main loop and returns its base URL once the banner is out.
func start(t *testing.T, args ...string) (base string, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, pw, io.Discard) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^konnect-mock listening on (http://127\.0\.0\.1:\d+)\n$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("banner %q", line)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	return m[1], func() int { cancel(); return <-done }
}

func call(t *testing.T, method, url, token, body string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw
}

func TestRunServesUntilCancelled(t *testing.T) {
	base, stop := start(t, "--listen", "127.0.0.1:0", "--token", "kpat_demo", "--etags")
	if code, _ := call(t, "POST", base+"/v2/control-planes", "kpat_demo", ""); code != 400 { // reached the mock: empty body is rejected
		t.Fatalf("status %d", code)
	}
	if code := stop(); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	if run(context.Background(), []string{"--bogus"}, io.Discard, io.Discard) != 2 {
		t.Fatal("bad flag must fail")
	}
}

func TestHelpListsEveryFlag(t *testing.T) {
	var out strings.Builder
	if code := run(context.Background(), []string{"--help"}, io.Discard, &out); code != 0 {
		t.Fatalf("--help exit %d", code)
	}
	for _, f := range []string{"listen", "token", "etags", "state-file", "latency", "latency-jitter", "rate-limit-share",
		"retry-after", "error-share", "drop-before-share", "drop-after-share", "slow-share", "slow", "seed"} {
		if !regexp.MustCompile(`(?m)^  -` + regexp.QuoteMeta(f) + `\b`).MatchString(out.String()) {
			t.Errorf("--help does not list --%s:\n%s", f, out.String())
		}
	}
}

func TestBadFaultFlagsAndStateFiles(t *testing.T) {
	for _, args := range [][]string{{"--error-share", "1.5"}, {"--rate-limit-share", "x"}, {"--latency", "soon"}, {"extra"}} {
		if code := run(context.Background(), args, io.Discard, io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	var stderr, stdout strings.Builder
	if code := run(context.Background(), []string{"--error-share", "0.6", "--slow-share", "0.6"}, &stdout, &stderr); code != 1 || stdout.Len() != 0 {
		t.Errorf("shares over 1: exit %d, stdout %q", code, stdout.String())
	}
	path := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"--state-file", path}, &stdout, &stderr); code != 1 || stdout.Len() != 0 || !strings.Contains(stderr.String(), path) {
		t.Fatalf("corrupt state file: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

func TestStateFileAndFaultFlags(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	base, stop := start(t, "--token", "kpat_ci", "--state-file", path, "--latency", "5ms", "--latency-jitter", "1ms",
		"--retry-after", "4", "--error-share", "0.1", "--drop-after-share", "0.05", "--slow", "2s", "--seed", "11")
	code, raw := call(t, "GET", base+"/_mock/faults", "kpat_ci", "")
	var f map[string]any
	if err := json.Unmarshal(raw, &f); err != nil || code != 200 {
		t.Fatalf("faults %d %s", code, raw)
	}
	want := `map[drop_after_share:0.05 drop_before_share:0 error_share:0.1 latency:5ms latency_jitter:1ms rate_limit_rps:0 rate_limit_share:0 retry_after:4 seed:11 slow:2s slow_share:0]`
	if got := strings.ReplaceAll(fmtMap(f), "\n", ""); got != want {
		t.Fatalf("faults from flags\n got %s\nwant %s", got, want)
	}
	if code, _ := call(t, "PUT", base+"/_mock/faults", "kpat_ci", `{}`); code != 200 {
		t.Fatalf("clearing faults: %d", code)
	}
	if code, raw := call(t, "POST", base+"/v2/control-planes", "kpat_ci", `{"name":"kept"}`); code != 201 {
		t.Fatalf("create: %d %s", code, raw)
	}
	if code, _ := call(t, "GET", base+"/_mock/dump", "kpat_other", ""); code != 401 {
		t.Fatalf("/_mock/ without the token: %d", code)
	}
	if stop() != 0 {
		t.Fatal("exit")
	}

	base, stop = start(t, "--token", "kpat_ci", "--state-file", path)
	defer stop()
	if code, raw := call(t, "GET", base+"/v2/control-planes?filter[name][eq]=kept", "kpat_ci", ""); code != 200 || !strings.Contains(string(raw), `"name":"kept"`) {
		t.Fatalf("after restart: %d %s", code, raw)
	}
}

func fmtMap(m map[string]any) string {
	b, _ := json.Marshal(m)
	s := strings.NewReplacer(`{`, `map[`, `}`, `]`, `"`, ``, `,`, ` `).Replace(string(b))
	return s
}
