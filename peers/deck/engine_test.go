package deck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/blang/semver/v4"
	"github.com/kong/go-database-reconciler/pkg/diff"
	"github.com/kong/go-database-reconciler/pkg/dump"
	"github.com/kong/go-database-reconciler/pkg/file"
	"github.com/kong/go-database-reconciler/pkg/konnect"
	"github.com/kong/go-database-reconciler/pkg/state"
	"github.com/kong/go-database-reconciler/pkg/utils"
	"github.com/kong/go-kong/kong"
)

// konnectKongVersion is the gateway version decK assumes for Konnect (it asks no server:
// Konnect runs the latest gateway); it picks the 3.0 file format.
const konnectKongVersion = "3.5.0.0"

// engine is the declarative engine connected to one control plane of the mock in
// Konnect mode, built the way `deck gateway sync --konnect-addr ... --konnect-token ...
// --konnect-control-plane-name ...` builds it: a Konnect client that finds the control
// plane by name in the legacy runtime_groups listing, then a Kong client whose base is
// {addr}/v2/control-planes/{id}/core-entities, with the token as a header and retries on.
//
// One step of decK is left out: before the listing it checks the token with
// GET /v2/organizations/me on the global endpoint, whose address it derives from the
// konghq.com host name and cannot point at a loopback mock (nor does this project's
// contract include that endpoint).
type engine struct {
	t      *testing.T
	kong   *kong.Client
	http   *http.Client
	rec    *recorder
	cpName string
	config dump.Config
}

func newEngine(t *testing.T, m *mock, cpName string) *engine {
	t.Helper()
	ctx := context.Background()
	headers := []string{"Authorization:Bearer " + mockToken}
	httpClient := utils.HTTPClient()
	konnectHTTP := utils.HTTPClient()
	t.Cleanup(konnectHTTP.CloseIdleConnections)
	kc, err := utils.GetKonnectClient(konnectHTTP, utils.KonnectConfig{Address: m.url, Headers: headers})
	if err != nil {
		t.Fatal(err)
	}
	var groups []*konnect.RuntimeGroup
	var opt *konnect.ListOpt
	for {
		page, next, err := kc.RuntimeGroups.List(ctx, opt)
		if err != nil {
			t.Fatalf("listing control planes the engine's way (runtime_groups): %v", err)
		}
		groups = append(groups, page...)
		if next == nil {
			break
		}
		opt = next
	}
	var cpID string
	for _, g := range groups {
		if g.Name != nil && *g.Name == cpName && g.ID != nil {
			cpID = *g.ID
		}
	}
	if cpID == "" {
		t.Fatalf("control plane %q not in the runtime_groups listing (%d listed)", cpName, len(groups))
	}
	kc.SetRuntimeGroupID(cpID)
	client, err := utils.GetKongClient(utils.KongClientConfig{
		Address:    m.url + "/v2/control-planes/" + cpID + "/core-entities",
		HTTPClient: httpClient,
		Headers:    headers,
		Retryable:  true,
	})
	if err != nil {
		t.Fatal(err)
	}
	// GetKongClient has given the shared http.Client its own transport; wrap that one.
	rec := &recorder{next: httpClient.Transport}
	httpClient.Transport = rec
	// Before the mock stops (cleanups run last first): a connection the transport dialled
	// and never used would hold the mock's graceful shutdown for 5 seconds.
	t.Cleanup(httpClient.CloseIdleConnections)
	return &engine{t: t, kong: client, http: httpClient, rec: rec, cpName: cpName, config: dump.Config{
		KonnectControlPlane:                  cpName,
		IsConsumerGroupScopedPluginSupported: true,
	}}
}

// recorder keeps every answer of the mock that was not a success, with its request, so
// a failure shows the mock's own error text (the engine's error keeps only "message").
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	bad  []string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var reqBody []byte
	if req.Body != nil {
		reqBody, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	resp, err := r.next.RoundTrip(req)
	if err != nil || resp.StatusCode < 400 {
		return resp, err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	r.mu.Lock()
	r.bad = append(r.bad, fmt.Sprintf("%s %s %s\n    sent: %s\n    mock: %d %s",
		req.Method, req.URL.Path, req.URL.RawQuery, reqBody, resp.StatusCode, body))
	r.mu.Unlock()
	return resp, nil
}

// take returns the failed exchanges recorded since the last call, and forgets them.
func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	bad := r.bad
	r.bad = nil
	return bad
}

// result is what one sync or diff did: its counts and the changes, each as "kind name".
type result struct {
	creates, updates, deletes int32
	failed                    []string // the mock's answers that were not a success
	changes                   diff.EntityChanges
	errs                      []error
}

func (r result) total() int32 { return r.creates + r.updates + r.deletes }

// String lists every change (an update with the engine's diff) and every failure.
func (r result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d to create, %d to update, %d to delete", r.creates, r.updates, r.deletes)
	for _, group := range []struct {
		verb string
		list []diff.EntityState
	}{{"create", r.changes.Creating}, {"update", r.changes.Updating}, {"delete", r.changes.Deleting}} {
		for _, e := range group.list {
			fmt.Fprintf(&b, "\n  %s %s %s", group.verb, e.Kind, e.Name)
			if group.verb == "update" { // the body holds the old and the new object
				for _, d := range changedPaths(e.Body) {
					fmt.Fprintf(&b, "\n    %s", d)
				}
			}
		}
	}
	for _, err := range r.errs {
		fmt.Fprintf(&b, "\n  engine error: %v", err)
	}
	for _, f := range r.failed {
		fmt.Fprintf(&b, "\n  %s", f)
	}
	return b.String()
}

// currentState reads the whole control plane the way decK does before a sync or a dump.
func (e *engine) currentState() (*state.KongState, error) {
	raw, err := dump.Get(context.Background(), e.kong, e.config)
	if err != nil {
		return nil, fmt.Errorf("reading the control plane: %w", err)
	}
	return state.Get(raw)
}

// sync runs `deck gateway sync` (dry: `deck gateway diff`) of the declarative files:
// read the files, read the control plane, render the target state with the defaults the
// mock's schemas advertise, and solve the difference with 10 workers. An error before
// the solve (reading, rendering) is returned; errors of the solve are in the result.
func (e *engine) sync(dry bool, files ...string) (result, error) {
	ctx := context.Background()
	content, err := file.GetContentFromFiles(files, false)
	if err != nil {
		return result{}, fmt.Errorf("reading %v: %w", files, err)
	}
	config := e.config
	config.SkipHashForBasicAuth = content.Info != nil && content.Info.SkipHashForBasicAuth
	current, err := e.currentState()
	if err != nil {
		return result{}, err
	}
	raw, err := file.Get(ctx, content, file.RenderConfig{
		CurrentState: current,
		KongVersion:  semver.MustParse("3.5.0"),
	}, config, e.kong)
	if err != nil {
		return result{}, fmt.Errorf("rendering the target state: %w", err)
	}
	target, err := state.Get(raw)
	if err != nil {
		return result{}, fmt.Errorf("building the target state: %w", err)
	}
	syncer, err := diff.NewSyncer(diff.SyncerOpts{
		CurrentState: current,
		TargetState:  target,
		KongClient:   e.kong,
		IsKonnect:    true,
	})
	if err != nil {
		return result{}, err
	}
	// One worker: with JSON output (the list of changes this test reads) the engine appends
	// every change to shared slices from each worker without a lock (go-database-reconciler
	// v1.42.0, diff.go Solve); with several workers the race detector reports it and a run
	// can crash the engine. One worker keeps the engine's own code path and makes it safe.
	stats, errs, changes := syncer.Solve(ctx, 1, dry, true)
	return result{
		creates: stats.CreateOps.Count(), updates: stats.UpdateOps.Count(), deletes: stats.DeleteOps.Count(),
		changes: changes, errs: errs, failed: e.rec.take(),
	}, nil
}

// dump runs `deck gateway dump` (without ids) and returns the file it would write, as a
// generic JSON document. (--skip-defaults is not used: in Konnect mode it asks for a JSON
// schema of every entity, which the contract does not include beyond service, route,
// upstream and target.)
func (e *engine) dump() (map[string]any, error) {
	raw, err := dump.Get(context.Background(), e.kong, e.config)
	if err != nil {
		return nil, fmt.Errorf("reading the control plane: %w", err)
	}
	ks, err := state.Get(raw)
	if err != nil {
		return nil, fmt.Errorf("building state: %w", err)
	}
	content, err := file.KongStateToContent(ks, file.WriteConfig{
		ControlPlaneName: e.cpName,
		KongVersion:      konnectKongVersion,
	})
	if err != nil {
		return nil, err
	}
	return toGeneric(content)
}

// toGeneric turns a file.Content into the JSON document decK would write.
func toGeneric(c *file.Content) (map[string]any, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	return doc, json.Unmarshal(b, &doc)
}

// changedPaths lists "path: old → new" for every leaf that differs between the "old" and
// the "new" object of an update the engine reports.
func changedPaths(body any) []string {
	raw, err := json.Marshal(body)
	if err != nil {
		return []string{err.Error()}
	}
	var doc struct {
		Old any `json:"old"`
		New any `json:"new"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return []string{err.Error()}
	}
	var out []string
	var walk func(path string, a, b any)
	walk = func(path string, a, b any) {
		am, aok := a.(map[string]any)
		bm, bok := b.(map[string]any)
		if aok && bok {
			keys := map[string]bool{}
			for k := range am {
				keys[k] = true
			}
			for k := range bm {
				keys[k] = true
			}
			sorted := make([]string, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				walk(strings.TrimPrefix(path+"."+k, "."), am[k], bm[k])
			}
			return
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			out = append(out, fmt.Sprintf("%s: %s → %s", path, ja, jb))
		}
	}
	walk("", doc.Old, doc.New)
	return out
}
