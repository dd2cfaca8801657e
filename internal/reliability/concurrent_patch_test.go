package reliability

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Two applies at once on one team, from two working directories, each changing a different
// field: Konnect's identity API has PATCH, and each apply's PATCH carries only the field its
// plan changes, so both changes survive even when both pre-write reads happen before either
// write (the window the gateway's PUT cannot close). The PATCH bodies are the proof. The
// directory whose configuration still holds the other's field at its old value is told at
// its next plan, instead of writing it back.
func TestConcurrentAppliesPatchKeepBoth(t *testing.T) {
	var mu sync.Mutex
	bodies := map[string]string{} // by directory
	arrived, both := 0, make(chan struct{})
	e := newEnv(t, envOptions{rec: func(rc *recorder) {
		rc.before = func(r *http.Request) time.Duration {
			ua := r.Header.Get("User-Agent")
			dir := ""
			switch {
			case strings.Contains(ua, "/dir-a"):
				dir = "a"
			case strings.Contains(ua, "/dir-b"):
				dir = "b"
			}
			if r.Method != http.MethodPatch || dir == "" {
				return 0
			}
			raw, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(raw))
			mu.Lock()
			bodies[dir] = string(raw)
			arrived++
			if arrived == 2 {
				close(both)
			}
			mu.Unlock()
			select { // both PATCHes wait until both are sent: both reads came first
			case <-both:
			case <-r.Context().Done():
			}
			return 0
		}
	}})
	a := newInst("konnect_team", "a", map[string]any{"name": "two-dirs", "description": "start"})
	mustConverge(t, e, a)
	b := newInst("konnect_team", "b", map[string]any{"name": "two-dirs", "description": "start"})
	if d, err := e.mustRun("import", "fail").importState(e.ctx, b, a.id()); err != nil || hasError(d) {
		t.Fatalf("import into the second directory: %v %s", err, diagText(d))
	}
	if d, applied, err := e.mustRun("b-first", "fail").converge(e.ctx, b); err != nil || hasError(d) || applied {
		t.Fatalf("the second directory should plan nothing after its import: applied=%v %v %s", applied, err, diagText(d))
	}
	a.cfg["description"] = "from a"
	b.cfg["labels"] = map[string]any{"owner": "b"}

	var wg sync.WaitGroup
	wg.Add(2)
	for _, in := range []*inst{a, b} {
		go func() {
			defer wg.Done()
			if d, _, err := e.mustRun("dir-"+in.key, "fail").converge(e.ctx, in); err != nil || hasError(d) {
				t.Errorf("apply in %s: %v %s", in.key, err, diagText(d))
			}
		}()
	}
	wg.Wait()

	for dir, want := range map[string]string{"a": `{"description":"from a"}`, "b": `{"labels":{"owner":"b"}}`} {
		var got any
		_ = json.Unmarshal([]byte(bodies[dir]), &got)
		if gb, _ := json.Marshal(got); string(gb) != want { // re-encoded: keys in order
			t.Errorf("directory %s sent PATCH %s, want only the field its plan changes: %s", dir, bodies[dir], want)
		}
	}
	var team konnect.Object
	if _, err := e.client("check").Do(e.ctx, http.MethodGet, "/v3/teams/"+a.id(), nil, nil, &team); err != nil {
		t.Fatal(err)
	}
	labels, _ := team["labels"].(map[string]any)
	if team["description"] != "from a" || labels["owner"] != "b" {
		t.Errorf("Konnect should hold both changes: description=%v labels=%v", team["description"], team["labels"])
	}
	// a's configuration holds what Konnect holds: nothing to do. b's still says the old
	// description, which its PATCH did not write: its next plan would undo a's change, and
	// reports it instead, naming the field.
	if d, applied, err := e.mustRun("next-a", "fail").converge(e.ctx, a); err != nil || hasError(d) || applied {
		t.Errorf("directory a's next plan should change nothing: applied=%v %v %s", applied, err, diagText(d))
	}
	d, applied, err := e.mustRun("next-b", "fail").converge(e.ctx, b)
	if err != nil || applied || !strings.Contains(diagText(d), "Applying this plan would overwrite changes made in Konnect") ||
		!strings.Contains(diagText(d), `description   last applied: "start"   in Konnect now: "from a"`) {
		t.Errorf("directory b's next plan should report a's change to description: applied=%v %v %s", applied, err, diagText(d))
	}
}
