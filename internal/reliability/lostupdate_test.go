package reliability

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Values written out of band are unique and never equal to anything the configuration
// sets (configuration: retries < 100, ports < 10000, timeouts < 1,000,000, "cfg-" strings),
// so every value in Konnect says who wrote it.
var oobFields = []struct {
	name string
	set  bool
	val  func(n int) any
}{
	{"retries", false, func(n int) any { return 100 + n%30000 }},
	{"read_timeout", false, func(n int) any { return 5_000_000 + n }},
	{"write_timeout", false, func(n int) any { return 6_000_000 + n }},
	{"connect_timeout", false, func(n int) any { return 7_000_000 + n }},
	{"port", false, func(n int) any { return 20000 + n%40000 }},
	{"path", false, func(n int) any { return fmt.Sprintf("/oob-%d", n) }},
	{"host", false, func(n int) any { return fmt.Sprintf("oob-%d.example", n) }},
	{"tags", true, func(n int) any { return []any{fmt.Sprintf("oob-%d", n)} }},
}

// Fields the configuration sets; the others follow Konnect.
var cfgFields = []struct {
	name string
	val  func(n int) any
}{
	{"host", func(n int) any { return fmt.Sprintf("cfg-%d.internal", n) }},
	{"port", func(n int) any { return 1000 + n%9000 }},
	{"retries", func(n int) any { return n % 100 }},
	{"path", func(n int) any { return fmt.Sprintf("/cfg-%d", n) }},
	{"read_timeout", func(n int) any { return 1000 + n%900000 }},
}

// oobWrite is one write by the out-of-band writer.
type oobWrite struct {
	n         int
	at        time.Time
	id, field string
	value     any
	err       error
}

// opLog holds the diagnostics of one object's refresh, plan and apply in one round.
type opLog struct {
	diags []*tfprotov6.Diagnostic
	// refreshed is what that round's refresh put in state (canonical JSON by field): the
	// prior state its plan showed changes against.
	refreshed map[string]string
	// recorded is what a successful apply of that round left in state (canonical JSON by
	// field), nil when it applied nothing: every such apply records the whole object as
	// Terraform's base, also one that writes nothing (an adoption of other fields).
	recorded map[string]string
}

type lostUpdateConfig struct {
	seed       int64
	etags      bool
	policy     string
	services   int
	rounds     int
	workers    int
	every      time.Duration // mean pause between out-of-band writes
	latency    time.Duration // maximum extra latency per request, before the mock sees it
	errorShare float64       // injected 5xx
	dropAfter  float64       // writes applied whose response is lost
}

type lostUpdateResult struct {
	row
	oobWrites, oobApplied, providerWrites int
	reported, silent, survived, adopted   int
	recordedWithoutWrite                  int // in the base through an apply that wrote nothing, later changed by configuration
	adoptedThenChanged                    int // kept by a Terraform write, later changed by configuration
	examples                              []string
}

// Property 2: a concurrent writer changes random fields of the managed services while
// Terraform refreshes, plans and applies configuration changes to them. Every value the
// writer put in Konnect must still be there, or have been shown in a conflict diagnostic
// of the plan or apply that overwrote it.
func TestNoLostUpdate(t *testing.T) {
	t.Parallel()
	type combo struct {
		etags  bool
		policy string
	}
	combos := pick([]combo{{true, "warn"}, {true, "fail"}, {false, "warn"}},
		[]combo{{true, "warn"}, {true, "fail"}, {false, "warn"}, {false, "fail"}})
	for _, seed := range seeds() {
		for _, c := range combos {
			t.Run(fmt.Sprintf("seed=%d/etags=%s/policy=%s", seed, onOff(c.etags), c.policy), func(t *testing.T) {
				t.Parallel()
				cfg := lostUpdateConfig{seed: seed, etags: c.etags, policy: c.policy,
					services: pick(6, 16), rounds: pick(8, 30), workers: pick(3, 6),
					every: 4 * time.Millisecond, latency: 8 * time.Millisecond, errorShare: pick(0.0, 0.03), dropAfter: pick(0.0, 0.01)}
				res := runLostUpdate(t, cfg)
				if c.etags && res.silent > 0 {
					t.Errorf("ETags on: %d out-of-band value(s) silently overwritten, want 0:\n%s", res.silent, strings.Join(res.examples, "\n"))
				}
				if !c.etags {
					// Without ETags the re-read before each write leaves a window (read → write)
					// where an out-of-band write is lost. It must stay small.
					if limit := max(3, int(res.ops)/10); res.silent > limit {
						t.Errorf("ETags off: %d silent overwrites in %d operations (limit %d)", res.silent, res.ops, limit)
					}
					t.Logf("ETags off: residual window: %d silent overwrite(s) of %d applied out-of-band writes, %d provider writes, %d operations",
						res.silent, res.oobApplied, res.providerWrites, res.ops)
				}
			})
		}
	}
}

func runLostUpdate(t *testing.T, cfg lostUpdateConfig) lostUpdateResult {
	start := time.Now()
	var latMu sync.Mutex
	latRng := rand.New(rand.NewPCG(uint64(cfg.seed), 0x1a7e))
	e := newEnv(t, envOptions{etags: cfg.etags, rec: func(rc *recorder) {
		rc.before = func(*http.Request) time.Duration {
			latMu.Lock()
			defer latMu.Unlock()
			return time.Duration(latRng.Int64N(int64(cfg.latency) + 1))
		}
		rc.serialWrites = true
		rc.afterWrite = func(ev *event) {
			id := serviceIDFromPath(ev.Path)
			if id == "" {
				return
			}
			ev.Post = dumpFrom(rc.next).services()[id] // nil when gone
		}
	}})
	ctx := e.ctx

	// Setup, without faults: a control plane and the services, created by Terraform.
	setup := e.client("reliability-setup")
	cpObj, _, err := setup.CreateControlPlane(ctx, konnect.Object{"name": fmt.Sprintf("lost-update-%d", cfg.seed)})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cpObj["id"].(string)
	var svcs []*inst
	for i := range cfg.services {
		svcs = append(svcs, newInst(typeService, fmt.Sprintf("svc%d", i), map[string]any{"control_plane_id": cpID,
			"name": fmt.Sprintf("svc-%d", i), "host": fmt.Sprintf("cfg-init-%d.internal", i), "port": 1000 + i, "retries": i % 100}))
	}
	run := e.mustRun("p2-setup", cfg.policy)
	if err := parallel(svcs, cfg.workers, func(in *inst) error {
		d, _, err := run.converge(ctx, in)
		if err == nil && hasError(d) {
			err = fmt.Errorf("setup: %s", diagText(d))
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(svcs))
	for i, in := range svcs {
		ids[i] = in.id()
	}
	initial := dumpFrom(e.mock).services()
	e.setFaults(konnectmock.Faults{ErrorShare: cfg.errorShare, DropAfterShare: cfg.dropAfter, Seed: cfg.seed})

	// The out-of-band writer.
	var (
		wmu    sync.Mutex
		writes []*oobWrite
	)
	wctx, stopWriter := context.WithCancel(context.Background())
	writerDone := make(chan struct{})
	go func() {
		defer close(writerDone)
		c := e.client(writerAgent)
		rng := rand.New(rand.NewPCG(uint64(cfg.seed), 0x0b0b))
		for n := 1; wctx.Err() == nil; n++ {
			pause := time.Duration(rng.Int64N(2*int64(cfg.every) + 1))
			select {
			case <-wctx.Done():
				return
			case <-time.After(pause):
			}
			id := ids[rng.IntN(len(ids))]
			f := oobFields[rng.IntN(len(oobFields))]
			w := &oobWrite{n: n, id: id, field: f.name, value: f.val(n)}
			coll := konnect.CoreEntitiesPath(cpID, "services")
			obj, resp, err := c.GetEntity(wctx, coll, id)
			if err == nil {
				delete(obj, "created_at")
				delete(obj, "updated_at")
				obj[f.name] = w.value
				opts := []konnect.RequestOption{konnect.WithHeader(oobHeader, strconv.Itoa(n))}
				if cfg.etags {
					opts = append(opts, konnect.IfMatch(resp.ETag))
				}
				w.at = time.Now()
				_, err = c.Do(wctx, http.MethodPut, coll+"/"+id, nil, obj, nil, opts...)
			}
			w.err = err
			wmu.Lock()
			writes = append(writes, w)
			wmu.Unlock()
		}
	}()

	// Terraform, in rounds: refresh, change the configuration, plan, apply.
	var (
		omu sync.Mutex
		ops = map[string]*opLog{} // by version + " " + object id
	)
	logOp := func(version, id string, d []*tfprotov6.Diagnostic) {
		omu.Lock()
		defer omu.Unlock()
		k := version + " " + id
		if ops[k] == nil {
			ops[k] = &opLog{}
		}
		ops[k].diags = append(ops[k].diags, d...)
	}
	rngs := map[*inst]*rand.Rand{}
	for i, in := range svcs {
		rngs[in] = rand.New(rand.NewPCG(uint64(cfg.seed), uint64(i)))
	}
	var cmu sync.Mutex
	conflicts, adopted, otherErrors := 0, 0, map[string]int{}
	countDiags := func(d []*tfprotov6.Diagnostic) {
		cmu.Lock()
		defer cmu.Unlock()
		for _, x := range d {
			switch {
			case isConflict(x):
				conflicts++
			case x.Severity == tfprotov6.DiagnosticSeverityError:
				otherErrors[x.Summary]++
			}
		}
	}
	cfgN := 0
	for round := 1; round <= cfg.rounds; round++ {
		version := fmt.Sprintf("p2-%d", round)
		run, err := e.newRun(version, cfg.policy)
		if err != nil {
			t.Fatal(err)
		}
		err = parallel(svcs, cfg.workers, func(in *inst) error {
			id := in.id()
			d, err := run.read(ctx, in)
			if err != nil {
				return err
			}
			logOp(version, id, d)
			countDiags(d)
			if hasError(d) {
				return nil
			}
			if !in.hasState() {
				return fmt.Errorf("service %s vanished", id)
			}
			omu.Lock()
			ops[version+" "+id].refreshed = fieldValues(in)
			omu.Unlock()
			rng := rngs[in]
			if rng.Float64() < 0.7 {
				f := cfgFields[rng.IntN(len(cfgFields))]
				cmu.Lock()
				cfgN++
				n := cfgN
				cmu.Unlock()
				in.cfg[f.name] = f.val(n)
			}
			p, err := run.plan(ctx, in, false)
			if err != nil {
				return err
			}
			logOp(version, id, p.diags)
			countDiags(p.diags)
			if hasError(p.diags) {
				for _, x := range p.diags {
					if isRemoteEdit(x) {
						// Keep the Konnect values: set them in configuration.
						for _, f := range cfgFields {
							if v := in.attr(f.name); canon(v) != canon(in.cfg[f.name]) {
								in.cfg[f.name] = v
							}
						}
						cmu.Lock()
						adopted++
						cmu.Unlock()
					}
				}
				return nil
			}
			if p.noop {
				return nil
			}
			d, err = run.apply(ctx, in, p)
			logOp(version, id, d)
			countDiags(d)
			if err == nil && !hasError(d) && in.hasState() {
				omu.Lock()
				ops[version+" "+id].recorded = fieldValues(in)
				omu.Unlock()
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	stopWriter()
	<-writerDone

	wmu.Lock()
	recorded := append([]*oobWrite(nil), writes...)
	wmu.Unlock()
	res := replayHistory(t, e.rec.snapshot(), initial, recorded, ops, dumpFrom(e.mock).services())
	if res.oobApplied < 10 || res.providerWrites < 5 {
		t.Fatalf("too little happened to test anything: %d out-of-band writes applied, %d provider writes", res.oobApplied, res.providerWrites)
	}
	if len(otherErrors) > 0 && cfg.errorShare+cfg.dropAfter == 0 {
		t.Errorf("errors other than conflicts without injected faults: %v", otherErrors)
	}
	kinds, nFaults := e.faultCounts()
	_, retries := e.logs.counts()
	res.row = row{property: "2-no-lost-update", seed: cfg.seed, etags: cfg.etags, policy: cfg.policy, objects: cfg.services,
		ops: e.ops.Load(), requests: e.requestCount(), faults: nFaults, faultKinds: kinds, retries: retries, conflicts: conflicts,
		silent: res.silent, elapsed: time.Since(start),
		notes: fmt.Sprintf("oob-writes=%d applied=%d overwritten-reported=%d kept-by-terraform=%d (later-updated-by-config=%d, recorded-without-write=%d) still-in-konnect=%d provider-writes=%d config-adopted=%d",
			res.oobWrites, res.oobApplied, res.reported, res.adopted, res.adoptedThenChanged, res.recordedWithoutWrite, res.survived, res.providerWrites, adopted)}
	record(t, res.row)
	return res
}

// replayHistory replays the serialised write history (events with the post-write object,
// in write order) from the initial services, and finds every out-of-band value that a
// provider write replaced. Such an overwrite is reported when the plan or apply of that
// object in that run (ops, by provider version and object id) had a remote-edit
// diagnostic naming the object, the field and the value; otherwise it is silent. An
// out-of-band value that a successful Terraform write carried over is Terraform's from then
// on (kept-by-terraform). Values never overwritten must still be in final.
func replayHistory(t *testing.T, events []*event, initial map[string]map[string]any, writes []*oobWrite,
	ops map[string]*opLog, final map[string]map[string]any) lostUpdateResult {
	t.Helper()
	byN := map[string]*oobWrite{}
	for _, w := range writes {
		byN[strconv.Itoa(w.n)] = w
	}
	cur := map[string]map[string]string{}
	for id, obj := range initial {
		cur[id] = map[string]string{}
		for _, f := range oobFields {
			cur[id][f.name] = canon(obj[f.name])
		}
	}
	type pendingValue struct {
		w   *oobWrite
		val any
	}
	pending := map[string]*pendingValue{} // id + " " + field
	adoptedVals := map[string]string{}    // id + " " + field → a value Terraform carried over
	perField := map[string][3]int{}       // field → applied, reported, silent
	res := lostUpdateResult{}
	var history []*event
	for _, ev := range events {
		if ev.WriteSeq > 0 && serviceIDFromPath(ev.Path) != "" && cur[serviceIDFromPath(ev.Path)] != nil {
			history = append(history, ev)
		}
	}
	sort.Slice(history, func(i, j int) bool { return history[i].WriteSeq < history[j].WriteSeq })
	for _, ev := range history {
		id := serviceIDFromPath(ev.Path)
		if ev.Post == nil {
			t.Fatalf("service %s was deleted by %s %s", id, ev.Agent, ev.Method)
		}
		provider := strings.HasPrefix(ev.Agent, "terraform-provider-konnect/")
		w := byN[ev.Tag]
		if ev.Agent == writerAgent && ev.Status/100 == 2 {
			res.oobApplied++
		}
		if provider && ev.Status/100 == 2 {
			res.providerWrites++
		}
		version := strings.TrimPrefix(ev.Agent, "terraform-provider-konnect/")
		var diags []*tfprotov6.Diagnostic
		if op := ops[version+" "+id]; provider && op != nil {
			diags = op.diags
		}
		for _, f := range oobFields {
			nv, ov := canon(ev.Post[f.name]), cur[id][f.name]
			k := id + " " + f.name
			if nv == ov {
				// A successful Terraform write that carried the out-of-band value over (it
				// was in the refreshed state) makes it part of what Terraform last wrote:
				// from then on, changing it is an ordinary update (guards.md, base == remote).
				if pv := pending[k]; pv != nil && provider && ev.Status/100 == 2 && !hasError(diags) {
					res.adopted++
					adoptedVals[k] = nv
					delete(pending, k)
				}
				continue
			}
			if provider && adoptedVals[k] == ov {
				res.adoptedThenChanged++ // an ordinary update (guards.md: base == remote)
			}
			delete(adoptedVals, k)
			switch {
			case ev.Agent == writerAgent && w != nil && w.field == f.name:
				pending[k] = &pendingValue{w: w, val: ev.Post[f.name]}
				c := perField[f.name]
				c[0]++
				perField[f.name] = c
			case provider:
				if pv := pending[k]; pv != nil && adoptedWithoutWrite(ops, id, guard.Field{Name: f.name, Set: f.set}, pv.val) {
					// The configuration adopted the value (an update that writes nothing,
					// guards.md) and later changed it: an ordinary update, as above.
					res.adopted++
					res.adoptedThenChanged++
					delete(pending, k)
				} else if pv != nil {
					c := perField[f.name]
					if reportsOverwrite(diags, id, guard.Field{Name: f.name, Set: f.set}, pv.val) {
						res.reported++
						c[1]++
					} else if by := recordedBy(ops, id, f.name, pv.val); by != "" {
						// An earlier apply that wrote nothing (it adopted other fields) recorded
						// the whole object, this value included, as Terraform's base: from then
						// on, changing it is an ordinary update (guards.md: base == remote),
						// planned from the value the refresh showed, as after a write that
						// carried the value over (kept-by-terraform).
						res.adopted++
						res.adoptedThenChanged++
						res.recordedWithoutWrite++
						t.Logf("out-of-band write #%d %s.%s = %s: recorded in the base by run %s (an apply that wrote nothing), replaced by %s in run %s as an ordinary update",
							pv.w.n, id, f.name, canon(pv.val), by, nv, version)
					} else {
						res.silent++
						c[2]++
						if len(res.examples) < 10 {
							res.examples = append(res.examples, fmt.Sprintf(
								"  out-of-band write #%d at %s: %s.%s = %s, overwritten with %s by run %s (%s %s, write %d) whose diagnostics were:\n%s",
								pv.w.n, pv.w.at.Format("15:04:05.000"), id, f.name, canon(pv.val), nv, version, ev.Method, ev.Path, ev.WriteSeq,
								indent(diagText(diags))+"\n  every round of this object (refresh, plan, apply diagnostics):\n"+roundsOf(ops, id)))
						}
					}
					perField[f.name] = c
					delete(pending, k)
				}
			}
			cur[id][f.name] = nv
		}
	}
	var fields []string
	for _, f := range oobFields {
		c := perField[f.name]
		fields = append(fields, fmt.Sprintf("%s %d/%d/%d", f.name, c[0], c[1], c[2]))
	}
	t.Logf("out-of-band writes per field (applied/overwritten-reported/silent): %s", strings.Join(fields, ", "))
	// Whatever was not overwritten must still be in Konnect (a check of the replay itself).
	for k, pv := range pending {
		id, field, _ := strings.Cut(k, " ")
		if canon(final[id][field]) != canon(pv.val) {
			t.Errorf("replay is inconsistent: out-of-band %s.%s = %s should still be in Konnect, which has %s",
				id, field, canon(pv.val), canon(final[id][field]))
		}
		res.survived++
	}
	res.oobWrites = len(writes)
	return res
}

// reportsOverwrite reports whether a remote-edit diagnostic names the object, the field and
// the out-of-band value that the write replaced ("in Konnect now: <value>").
func reportsOverwrite(diags []*tfprotov6.Diagnostic, id string, f guard.Field, val any) bool {
	line := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(f.Name) + `\s+(last applied|last refreshed|Konnect held): .*   in Konnect now: ` +
		regexp.QuoteMeta(guard.Show(f, val)) + `   planned: `)
	for _, d := range diags {
		if isRemoteEdit(d) && strings.Contains(d.Detail, "(id "+id) && line.MatchString(d.Detail) {
			return true
		}
	}
	return false
}

// adoptedWithoutWrite tells whether a round adopted exactly this out-of-band value of the
// object's field without an error: the plan's "Adopting changes made in Konnect" warning
// names it, and the apply records it as Terraform's without writing anything. Values
// written out of band are unique, so the adoption came after that write and before the
// write that replaced it.
func adoptedWithoutWrite(ops map[string]*opLog, id string, f guard.Field, val any) bool {
	line := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(f.Name) + `\s+(last applied: .*|not set by configuration before)   in Konnect and configuration: ` +
		regexp.QuoteMeta(guard.Show(f, val)) + `$`)
	for k, op := range ops {
		if !strings.HasSuffix(k, " "+id) || hasError(op.diags) {
			continue
		}
		for _, d := range op.diags {
			if d.Severity == tfprotov6.DiagnosticSeverityWarning && d.Summary == "Adopting changes made in Konnect" &&
				strings.Contains(d.Detail, "(id "+id) && line.MatchString(d.Detail) {
				return true
			}
		}
	}
	return false
}

var servicePathRE = regexp.MustCompile(`/core-entities/services/([0-9a-f-]{36})$`)

func serviceIDFromPath(p string) string {
	if m := servicePathRE.FindStringSubmatch(p); m != nil {
		return m[1]
	}
	return ""
}

// dumpFrom reads the mock's state in process (no faults, not counted).
func dumpFrom(h http.Handler) *mockState {
	req := httptest.NewRequest(http.MethodGet, "/_mock/dump", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	st, err := decodeState(rr.Body.Bytes())
	if err != nil {
		panic(err)
	}
	return st
}

func indent(s string) string {
	return "      " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n      ")
}

// The residual window, made deterministic: someone writes in Konnect after the provider's
// last re-read (Guard 1, right before the write) and before its PUT arrives. Without
// ETags the PUT silently overwrites that change, and the replay must count exactly one
// silent overwrite; with ETags the PUT carries If-Match, Konnect answers 412, the apply
// fails with a conflict and the change stays.
func TestLostUpdateWindow(t *testing.T) {
	t.Parallel()
	for _, etags := range []bool{false, true} {
		t.Run("etags="+onOff(etags), func(t *testing.T) {
			t.Parallel()
			var armed atomic.Bool
			var wmu sync.Mutex
			var writes []*oobWrite
			e := newEnv(t, envOptions{etags: etags, rec: func(rc *recorder) {
				rc.serialWrites = true
				rc.afterWrite = func(ev *event) {
					if id := serviceIDFromPath(ev.Path); id != "" {
						ev.Post = dumpFrom(rc.next).services()[id]
					}
				}
				rc.intercept = func(_ http.ResponseWriter, r *http.Request) bool {
					if r.Method != http.MethodPut || !strings.HasPrefix(r.Header.Get("User-Agent"), "terraform-provider-konnect/") || !armed.Swap(false) {
						return false
					}
					id := serviceIDFromPath(r.URL.Path)
					obj := dumpFrom(rc.next).services()[id]
					delete(obj, "created_at")
					delete(obj, "updated_at")
					obj["read_timeout"] = 5_000_001
					w := &oobWrite{n: 1, at: time.Now(), id: id, field: "read_timeout", value: 5_000_001}
					req := httptest.NewRequest(http.MethodPut, r.URL.Path, strings.NewReader(jsonString(obj)))
					req.Header.Set("Authorization", "Bearer "+testToken)
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("User-Agent", writerAgent)
					req.Header.Set(oobHeader, "1")
					rr := httptest.NewRecorder()
					rc.ServeHTTP(rr, req) // recorded and serialised like any write
					if rr.Code != http.StatusOK {
						panic(rr.Body.String())
					}
					wmu.Lock()
					writes = append(writes, w)
					wmu.Unlock()
					return false // now the provider's PUT goes on
				}
			}})
			cp, _, err := e.client("reliability-setup").CreateControlPlane(e.ctx, konnect.Object{"name": "window"})
			if err != nil {
				t.Fatal(err)
			}
			in := newInst(typeService, "svc", map[string]any{"control_plane_id": cp["id"], "name": "window", "host": "h.internal", "retries": 5})
			if d, _, err := e.mustRun("setup", "fail").converge(e.ctx, in); err != nil || hasError(d) {
				t.Fatalf("%v %s", err, diagText(d))
			}
			initial := dumpFrom(e.mock).services()
			in.cfg["retries"] = 2
			armed.Store(true)
			d, applied, err := e.mustRun("window", "fail").converge(e.ctx, in)
			if err != nil || !applied {
				t.Fatalf("the update should have been applied: %v %s", err, diagText(d))
			}
			ops := map[string]*opLog{"window " + in.id(): {diags: d}}
			wmu.Lock()
			res := replayHistory(t, e.rec.snapshot(), initial, writes, ops, dumpFrom(e.mock).services())
			wmu.Unlock()
			final := canon(dumpFrom(e.mock).services()[in.id()]["read_timeout"])
			if etags {
				stale := false
				for _, x := range d {
					stale = stale || isStale(x)
				}
				if !stale || res.silent != 0 || final != "5000001" {
					t.Fatalf("ETags on: want a stale-plan conflict (412), no silent overwrite and read_timeout 5000001 kept; got silent=%d read_timeout=%s:\n%s",
						res.silent, final, diagText(d))
				}
				return
			}
			if hasError(d) || res.silent != 1 || final == "5000001" {
				t.Fatalf("ETags off: want the write to go through and the replay to find 1 silent overwrite; got silent=%d read_timeout=%s:\n%s",
					res.silent, final, diagText(d))
			}
			t.Logf("ETags off: the out-of-band read_timeout 5000001 written between the re-read and the PUT was overwritten with %s and nothing reported it", final)
		})
	}
}

// roundsOf shows the diagnostics of every round of one object, for a failure message.
func roundsOf(ops map[string]*opLog, id string) string {
	var keys []string
	for k := range ops {
		if strings.HasSuffix(k, " "+id) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "  == %s (refreshed %v; state after a successful apply %v)\n%s\n", k, ops[k].refreshed, ops[k].recorded, indent(diagText(ops[k].diags)))
	}
	return b.String()
}

// fieldValues are the instance's state values of the fields the writer changes.
func fieldValues(in *inst) map[string]string {
	out := map[string]string{}
	for _, f := range oobFields {
		out[f.name] = canon(in.attr(f.name))
	}
	return out
}

// recordedBy names a run whose successful apply left this out-of-band value of the object's
// field in state (and so in the base), or "". Out-of-band values are unique, so that apply
// came after the write that made it.
func recordedBy(ops map[string]*opLog, id, field string, val any) string {
	for k, op := range ops {
		if strings.HasSuffix(k, " "+id) && op.recorded != nil && op.recorded[field] == canon(val) {
			return strings.TrimSuffix(k, " "+id)
		}
	}
	return ""
}
