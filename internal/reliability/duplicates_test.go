package reliability

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// parallel runs f for every instance with at most workers at a time (Terraform's
// -parallelism) and returns the first protocol-level error.
func parallel(ins []*inst, workers int, f func(in *inst) error) error {
	if workers < 1 {
		workers = 1
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		sem   = make(chan struct{}, workers)
	)
	for _, in := range ins {
		wg.Add(1)
		sem <- struct{}{}
		go func(in *inst) {
			defer wg.Done()
			defer func() { <-sem }()
			if err := f(in); err != nil {
				mu.Lock()
				if first == nil {
					first = fmt.Errorf("%s: %w", in.key, err)
				}
				mu.Unlock()
			}
		}(in)
	}
	wg.Wait()
	return first
}

// createStats counts what it took to get every object created.
type createStats struct {
	mu          sync.Mutex
	failures    map[string]int // failed refresh, plan or apply, by diagnostic summary
	imports     int            // creation-guard errors resolved with the printed import block
	collisions  int            // errors that say Konnect refused a second object with the same name
	conflicts   int            // conflict diagnostics (there should be none here)
	nameNoHint  int            // creation-guard errors without an import block
	unexpected  []string
	rounds      int
	verifyPlans int
}

func (s *createStats) failed(diags []*tfprotov6.Diagnostic) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failures == nil {
		s.failures = map[string]int{}
	}
	for _, d := range diags {
		if d.Severity != tfprotov6.DiagnosticSeverityError {
			continue
		}
		s.failures[d.Summary]++
		if isConflict(d) {
			s.conflicts++
		}
		text := strings.ToLower(d.Detail)
		if strings.Contains(text, " 409 ") || strings.Contains(text, "already exists.") || strings.Contains(text, "unique") {
			s.collisions++
			s.unexpected = append(s.unexpected, d.Summary+": "+d.Detail)
		}
	}
}

func (s *createStats) failureTotal() int {
	n := 0
	for _, v := range s.failures {
		n += v
	}
	return n
}

// ensureCreated runs `terraform apply` rounds until every instance is in state, the way a
// user re-runs a failed apply: refresh first when there is state, plan, apply; a
// creation-guard error is resolved with the import block it prints. Control planes go
// first; a service's control_plane_id comes from its control plane's state.
func ensureCreated(ctx context.Context, e *env, label string, cps []*inst, svcs []*inst, cpOf map[*inst]*inst,
	workers, maxRounds int, st *createStats) error {
	done := map[*inst]bool{}
	step := func(run *tfRun) func(in *inst) error {
		return func(in *inst) error {
			diags, _, err := run.converge(ctx, in)
			if err != nil {
				return err
			}
			if !hasError(diags) {
				if in.hasState() {
					st.mu.Lock()
					done[in] = true
					st.mu.Unlock()
				}
				return nil
			}
			st.failed(diags)
			for _, d := range diags {
				if !isNameExists(d) {
					continue
				}
				id := importHint(d)
				if id == "" {
					st.mu.Lock()
					st.nameNoHint++
					st.mu.Unlock()
					return nil
				}
				idiags, err := run.importState(ctx, in, id)
				if err != nil {
					return err
				}
				if hasError(idiags) {
					st.failed(idiags)
					return nil
				}
				st.mu.Lock()
				st.imports++
				st.mu.Unlock()
			}
			return nil
		}
	}
	for round := 1; ; round++ {
		var todoCP, todoSvc []*inst
		for _, in := range cps {
			if !done[in] {
				todoCP = append(todoCP, in)
			}
		}
		for _, in := range svcs {
			if !done[in] {
				todoSvc = append(todoSvc, in)
			}
		}
		if len(todoCP)+len(todoSvc) == 0 {
			st.rounds = round - 1
			return nil
		}
		if round > maxRounds {
			return fmt.Errorf("%d control plane(s) and %d service(s) still not created after %d rounds; failures %v",
				len(todoCP), len(todoSvc), maxRounds, st.failures)
		}
		run, err := e.newRun(fmt.Sprintf("%s-r%d", label, round), "fail")
		if err != nil {
			return err
		}
		if err := parallel(todoCP, workers, step(run)); err != nil {
			return err
		}
		var ready []*inst
		for _, in := range todoSvc {
			if cp := cpOf[in]; cp.hasState() {
				in.cfg["control_plane_id"] = cp.id()
				ready = append(ready, in)
			}
		}
		if err := parallel(ready, workers, step(run)); err != nil {
			return err
		}
	}
}

// verifyConverged refreshes and plans every instance until all plans are empty and free of
// errors (faults may fail a refresh; a user would run plan again).
func verifyConverged(ctx context.Context, e *env, label string, ins []*inst, workers, maxRounds int, st *createStats) error {
	clean := map[*inst]bool{}
	for round := 1; round <= maxRounds; round++ {
		run, err := e.newRun(fmt.Sprintf("%s-v%d", label, round), "fail")
		if err != nil {
			return err
		}
		var todo []*inst
		for _, in := range ins {
			if !clean[in] {
				todo = append(todo, in)
			}
		}
		if len(todo) == 0 {
			return nil
		}
		var mu sync.Mutex
		err = parallel(todo, workers, func(in *inst) error {
			d, err := run.read(ctx, in)
			if err != nil {
				return err
			}
			if hasError(d) {
				st.failed(d)
				return nil
			}
			if !in.hasState() {
				return errors.New("deleted outside Terraform during verification")
			}
			p, err := run.plan(ctx, in, false)
			if err != nil {
				return err
			}
			mu.Lock()
			st.verifyPlans++
			mu.Unlock()
			if hasError(p.diags) {
				st.failed(p.diags)
				return nil
			}
			if !p.noop {
				return fmt.Errorf("plan after convergence is not empty: %s", p.state)
			}
			mu.Lock()
			clean[in] = true
			mu.Unlock()
			return nil
		})
		if err != nil {
			return err
		}
	}
	return fmt.Errorf("plans still failing after %d rounds: %v", maxRounds, st.failures)
}

// Property 1: creates retried under 5xx and dropped connections (before and after the
// write is applied) leave exactly one object per configured name, and state ids are the
// mock's.
func TestNoDuplicates(t *testing.T) {
	t.Parallel()
	for _, seed := range seeds() {
		for _, etags := range pick([]bool{false}, []bool{true, false}) {
			t.Run(fmt.Sprintf("seed=%d/etags=%s", seed, onOff(etags)), func(t *testing.T) {
				t.Parallel()
				runNoDuplicates(t, seed, etags, pick(2, 4), pick(10, 60), pick(1, 6))
			})
		}
	}
}

func runNoDuplicates(t *testing.T, seed int64, etags bool, nCP, nSvc, workers int) {
	start := time.Now()
	e := newEnv(t, envOptions{etags: etags})
	faults := konnectmock.Faults{ErrorShare: 0.10, DropBeforeShare: 0.05, DropAfterShare: 0.05, Seed: seed}
	e.setFaults(faults)
	ctx := e.ctx
	label := fmt.Sprintf("p1s%d", seed)

	var cps, svcs []*inst
	cpOf := map[*inst]*inst{}
	for i := range nCP {
		cps = append(cps, newInst(typeCP, fmt.Sprintf("cp%d", i), map[string]any{
			"name": fmt.Sprintf("rel-%s-cp-%d", label, i), "description": "reliability: no duplicates",
			"labels": map[string]string{"suite": "reliability"}}))
	}
	for i := range nSvc {
		in := newInst(typeService, fmt.Sprintf("svc%d", i), map[string]any{
			"name": fmt.Sprintf("svc-%d", i), "host": fmt.Sprintf("svc-%d.internal", i), "port": 8000 + i,
			"retries": i % 6, "tags": []string{"reliability", fmt.Sprintf("n%d", i)}})
		svcs = append(svcs, in)
		cpOf[in] = cps[i%nCP]
	}

	st := &createStats{}
	if err := ensureCreated(ctx, e, label, cps, svcs, cpOf, workers, 25, st); err != nil {
		t.Fatal(err)
	}
	all := append(append([]*inst(nil), cps...), svcs...)
	if err := verifyConverged(ctx, e, label, all, workers, 10, st); err != nil {
		t.Fatal(err)
	}

	// The invariant, on the mock's own state (read without faults).
	dump := e.dump()
	dups := 0
	cpByName := map[string][]mockCP{}
	for _, cp := range dump.ControlPlanes {
		cpByName[cp.Name] = append(cpByName[cp.Name], cp)
	}
	wantCP := map[string]bool{}
	for _, in := range cps {
		name := in.cfg["name"].(string)
		wantCP[name] = true
		got := cpByName[name]
		switch {
		case len(got) == 0:
			t.Errorf("control plane %q is missing from Konnect", name)
		case len(got) > 1:
			dups += len(got) - 1
			t.Errorf("control plane %q exists %d times", name, len(got))
		case got[0].ID != in.id():
			t.Errorf("control plane %q: state id %s, Konnect id %s", name, in.id(), got[0].ID)
		}
	}
	for name, got := range cpByName {
		if !wantCP[name] {
			dups += len(got)
			t.Errorf("stray control plane %q in Konnect", name)
		}
	}
	for _, cpIn := range cps {
		var cp *mockCP
		for i := range dump.ControlPlanes {
			if dump.ControlPlanes[i].ID == cpIn.id() {
				cp = &dump.ControlPlanes[i]
			}
		}
		if cp == nil {
			continue
		}
		byName := map[string][]map[string]any{}
		for _, ent := range cp.Entities["services"] {
			byName[ent.Object["name"].(string)] = append(byName[ent.Object["name"].(string)], ent.Object)
		}
		want := map[string]bool{}
		for _, in := range svcs {
			if cpOf[in] != cpIn {
				continue
			}
			name := in.cfg["name"].(string)
			want[name] = true
			got := byName[name]
			if len(got) != 1 {
				dups += max(0, len(got)-1)
				t.Errorf("service %q: %d objects in Konnect, want 1", name, len(got))
				continue
			}
			if got[0]["id"] != in.id() {
				t.Errorf("service %q: state id %s, Konnect id %v", name, in.id(), got[0]["id"])
			}
			if rev, _ := guard.Revision(got[0]); rev != in.attr("revision") {
				t.Errorf("service %q: state revision %v, Konnect's object has %s", name, in.attr("revision"), rev)
			}
		}
		for name, got := range byName {
			if !want[name] {
				dups += len(got)
				t.Errorf("stray service %q in control plane %s", name, cp.Name)
			}
		}
	}
	if st.collisions > 0 {
		t.Errorf("%d apply(s) failed because Konnect refused a second object with the same name: a create was sent twice:\n%s",
			st.collisions, strings.Join(st.unexpected, "\n"))
	}
	if st.nameNoHint > 0 {
		t.Errorf("%d creation-guard error(s) without an import block", st.nameNoHint)
	}
	if st.conflicts > 0 {
		t.Errorf("%d conflict diagnostic(s) although nobody else wrote", st.conflicts)
	}

	kinds, nFaults := e.faultCounts()
	if nFaults == 0 {
		t.Fatal("no fault was injected: the property was not exercised")
	}
	_, retries := e.logs.counts()
	record(t, row{property: "1-no-duplicates", seed: seed, etags: etags, policy: "fail", objects: len(all), ops: e.ops.Load(),
		requests: e.requestCount(), faults: nFaults, faultKinds: kinds, retries: retries, conflicts: st.conflicts, duplicates: dups,
		notes:   fmt.Sprintf("rounds=%d failed-steps=%d imports-via-hint=%d", st.rounds, st.failureTotal(), st.imports),
		elapsed: time.Since(start)})
}
