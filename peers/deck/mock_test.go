package deck

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The repository root, two folders up: the mock is built from there as a binary, since
// Go forbids importing another module's internal packages.
const repoRoot = "../.."

// mockToken is the only token the mock accepts (also for its /_mock/ endpoints).
const mockToken = "kpat_peer_deck_0123456789"

// binDir holds the binaries TestMain builds once for every test.
var binDir string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "peer-deck-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binDir = dir
	// The mock, and the provider that the Terraform CLI runs (provider_test.go).
	for _, b := range []struct{ what, out, pkg string }{
		{"the mock Konnect", "konnect-mock", "./internal/konnectmock/cmd/konnect-mock"},
		{"the provider", "terraform-provider-konnect", "."},
	} {
		build := exec.Command("go", "build", "-o", filepath.Join(dir, b.out), b.pkg)
		build.Dir = repoRoot
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "building %s: %v\n", b.what, err)
			return 1
		}
	}
	return m.Run()
}

// mock is one konnect-mock process on a free loopback port.
type mock struct {
	t    *testing.T
	url  string
	http *http.Client
}

// startMock runs the mock binary with --listen 127.0.0.1:0 and reads the address it
// prints; the process is stopped (SIGTERM, then waited for) when the test ends.
func startMock(t *testing.T) *mock {
	t.Helper()
	cmd := exec.Command(filepath.Join(binDir, "konnect-mock"), "--listen", "127.0.0.1:0", "--token", mockToken)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
		if stderr.Len() > 0 {
			t.Logf("konnect-mock stderr:\n%s", stderr.String())
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("konnect-mock printed no address: %v; stderr: %s", err, stderr.String())
	}
	const prefix = "konnect-mock listening on "
	if !strings.HasPrefix(line, prefix) {
		t.Fatalf("konnect-mock printed %q, want %q...", line, prefix)
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	return &mock{t: t, url: strings.TrimSpace(strings.TrimPrefix(line, prefix)), http: &http.Client{Timeout: 30 * time.Second}}
}

// call makes one authenticated request to the mock and decodes its JSON answer into out
// (when not nil), failing the test on any status other than want.
func (m *mock) call(method, path string, body any, want int, out any) {
	m.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			m.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, m.url+path, rd)
	if err != nil {
		m.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+mockToken)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := m.http.Do(req)
	if err != nil {
		m.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		m.t.Fatal(err)
	}
	if resp.StatusCode != want {
		m.t.Fatalf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			m.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
}

// createControlPlane creates a control plane through the platform API and returns its id.
func (m *mock) createControlPlane(name string) string {
	m.t.Helper()
	var cp struct {
		ID string `json:"id"`
	}
	m.call("POST", "/v2/control-planes", map[string]any{"name": name}, http.StatusCreated, &cp)
	return cp.ID
}

// list returns every object of one core-entity collection of a control plane, as the
// mock holds it, following the pages.
func (m *mock) list(cpID, collection string) []map[string]any {
	m.t.Helper()
	var all []map[string]any
	path := "/v2/control-planes/" + cpID + "/core-entities/" + collection + "?size=1000"
	for {
		var page struct {
			Data   []map[string]any `json:"data"`
			Offset *string          `json:"offset"`
		}
		m.call("GET", path, nil, http.StatusOK, &page)
		all = append(all, page.Data...)
		if page.Offset == nil || *page.Offset == "" {
			return all
		}
		path = "/v2/control-planes/" + cpID + "/core-entities/" + collection + "?size=1000&offset=" + url.QueryEscape(*page.Offset)
	}
}
