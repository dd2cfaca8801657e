package reliability

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// cancelFigures counts what the checks after each cancelled phase saw.
type cancelFigures struct {
	mu             sync.Mutex
	cancelledSteps int // applies that ended with an error under the deadline
	orphansSeen    int // objects created by a cancelled apply, reported by the creation guard
	deletedSeen    int // objects deleted by a cancelled destroy, reported by refresh
	updatesLanded  int // cancelled updates that Konnect had applied (refresh shows them)
	violations     []string
	heldLost       int
}

func (c *cancelFigures) add(f func(c *cancelFigures)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f(c)
}

// Property 4: an apply whose context is cancelled mid-way (slow requests, and writes that
// Konnect applied but whose response is held back) leaves nothing the next refresh and plan
// cannot see. After each cancelled phase (create, update, destroy), every configured object
// is in state, or absent from Konnect, or, when a cancelled create left it in Konnect, the
// creation guard reports it with an import block naming it ("seen").
func TestCancellationLeavesNothingHidden(t *testing.T) {
	t.Parallel()
	for _, seed := range seeds() {
		for _, etags := range pick([]bool{false}, []bool{true, false}) {
			t.Run(fmt.Sprintf("seed=%d/etags=%s", seed, onOff(etags)), func(t *testing.T) {
				t.Parallel()
				runCancellation(t, seed, etags, pick(2, 3), pick(8, 24), pick(4, 6))
			})
		}
	}
}

func runCancellation(t *testing.T, seed int64, etags bool, nCP, nSvc, workers int) {
	start := time.Now()
	const (
		deadline = 500 * time.Millisecond
		slow     = 3 * time.Second // longer than the deadline: the client always gives up first
	)
	var holding atomic.Bool
	var hmu sync.Mutex
	hrng := rand.New(rand.NewPCG(uint64(seed), 0xca9c))
	e := newEnv(t, envOptions{etags: etags, rec: func(rc *recorder) {
		// A write that Konnect applies but whose response comes too late.
		rc.hold = func(r *http.Request) time.Duration {
			if !holding.Load() || !isWrite(r.Method) || !strings.HasPrefix(r.Header.Get("User-Agent"), "terraform-provider-konnect/") {
				return 0
			}
			hmu.Lock()
			defer hmu.Unlock()
			if hrng.Float64() < 0.35 {
				return slow
			}
			return 0
		}
	}})
	fig := &cancelFigures{}
	cp, _, err := e.client("reliability-setup").CreateControlPlane(e.ctx, konnect.Object{"name": fmt.Sprintf("cancel-%d", seed)})
	if err != nil {
		t.Fatal(err)
	}
	var ins []*inst
	for i := range nCP {
		ins = append(ins, newInst(typeCP, fmt.Sprintf("cp%d", i), map[string]any{"name": fmt.Sprintf("cancel-%d-cp-%d", seed, i)}))
	}
	for i := range nSvc {
		ins = append(ins, newInst(typeService, fmt.Sprintf("svc%d", i), map[string]any{"control_plane_id": cp["id"],
			"name": fmt.Sprintf("svc-%d", i), "host": fmt.Sprintf("svc-%d.internal", i), "port": 8000 + i}))
	}
	nameOf := func(in *inst) string { return in.cfg["name"].(string) }
	// inKonnect returns the id of the object with this instance's name, "" when none.
	inKonnect := func(in *inst) string {
		d := e.dump()
		for _, c := range d.ControlPlanes {
			if in.typ == typeCP && c.Name == nameOf(in) {
				return c.ID
			}
			if in.typ == typeService && c.ID == cp["id"] {
				for _, s := range c.Entities["services"] {
					if s.Object["name"] == nameOf(in) {
						return s.Object["id"].(string)
					}
				}
			}
		}
		return ""
	}
	hostile := func(on bool, phase int64) {
		holding.Store(on)
		if on {
			e.setFaults(konnectmock.Faults{SlowShare: 0.2, Slow: slow, Seed: seed*10 + phase})
		} else {
			e.setFaults(konnectmock.Faults{})
			e.rec.quiesce() // whatever a cancelled request was doing in the mock is done
		}
	}
	// cancelled runs one phase of Terraform under a deadline.
	cancelled := func(phase int64, label string, step func(ctx context.Context, run *tfRun, in *inst) ([]*tfprotov6.Diagnostic, error)) {
		hostile(true, phase)
		run := e.mustRun("p4-"+label, "fail")
		ctx, cancel := context.WithTimeout(e.ctx, deadline)
		err := parallel(ins, workers, func(in *inst) error {
			d, err := step(ctx, run, in)
			if hasError(d) {
				fig.add(func(c *cancelFigures) { c.cancelledSteps++ })
			}
			return err
		})
		cancel()
		hostile(false, 0)
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
	}
	violation := func(format string, args ...any) {
		fig.add(func(c *cancelFigures) { c.violations = append(c.violations, fmt.Sprintf(format, args...)) })
	}

	// checkCreate: every configured object is in state, or absent from Konnect, or reported
	// by the creation guard with an import block naming it; then everything converges.
	checkCreate := func(label string) {
		run := e.mustRun("p4-check-"+label, "fail")
		err := parallel(ins, workers, func(in *inst) error {
			if in.hasState() {
				d, err := run.read(e.ctx, in)
				if err != nil {
					return err
				}
				if hasError(d) || !in.hasState() {
					violation("%s: %s in state but refresh says:\n%s", label, in.key, diagText(d))
					return nil
				}
				if id := inKonnect(in); id != in.id() {
					violation("%s: %s: state id %s, Konnect has %q under its name", label, in.key, in.id(), id)
				}
			}
			orphan := ""
			if !in.hasState() {
				orphan = inKonnect(in)
			}
			d, _, err := run.converge(e.ctx, in)
			if err != nil {
				return err
			}
			switch {
			case orphan == "" && hasError(d):
				violation("%s: %s: apply after the cancelled phase failed:\n%s", label, in.key, diagText(d))
			case orphan != "":
				var hint string
				for _, x := range d {
					if isNameExists(x) && strings.Contains(x.Detail, orphan) {
						hint = importHint(x)
					}
				}
				if hint == "" || !strings.HasSuffix(hint, orphan) {
					violation("%s: %s: a cancelled create left %s in Konnect, and the next apply did not report it with an import block:\n%s",
						label, in.key, orphan, diagText(d))
					return nil
				}
				fig.add(func(c *cancelFigures) { c.orphansSeen++ })
				// Follow the hint, as the user would.
				if d, err := run.importState(e.ctx, in, hint); err != nil || hasError(d) {
					violation("%s: %s: import %s: %v %s", label, in.key, hint, err, diagText(d))
					return err
				}
				if d, _, err := run.converge(e.ctx, in); err != nil || hasError(d) {
					violation("%s: %s: apply after import: %v %s", label, in.key, err, diagText(d))
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
	}

	// Phase 1: create under a deadline.
	cancelled(1, "create", func(ctx context.Context, run *tfRun, in *inst) ([]*tfprotov6.Diagnostic, error) {
		d, _, err := run.converge(ctx, in)
		return d, err
	})
	checkCreate("create")

	// Phase 2: update under a deadline. Afterwards every object is still in state and in
	// Konnect; refresh shows the updates that landed, and applying again finishes the rest.
	for _, in := range ins {
		if in.typ == typeService {
			in.cfg["port"] = in.cfg["port"].(int) + 1000
			in.cfg["retries"] = 2
		} else {
			in.cfg["description"] = "updated"
		}
	}
	before := map[*inst]string{}
	for _, in := range ins {
		before[in] = fmt.Sprint(in.attr("revision"))
	}
	cancelled(2, "update", func(ctx context.Context, run *tfRun, in *inst) ([]*tfprotov6.Diagnostic, error) {
		d, _, err := run.converge(ctx, in)
		return d, err
	})
	run := e.mustRun("p4-check-update", "fail")
	if err := parallel(ins, workers, func(in *inst) error {
		prior := fmt.Sprint(in.attr("revision"))
		d, err := run.read(e.ctx, in)
		if err != nil {
			return err
		}
		if hasError(d) || !in.hasState() || inKonnect(in) != in.id() {
			violation("update: %s: after a cancelled update the object is not in state and in Konnect:\n%s", in.key, diagText(d))
			return nil
		}
		if now := fmt.Sprint(in.attr("revision")); now != prior && prior == before[in] {
			fig.add(func(c *cancelFigures) { c.updatesLanded++ })
		}
		d, _, err = run.converge(e.ctx, in)
		if err == nil && hasError(d) {
			violation("update: %s: apply after the cancelled update failed:\n%s", in.key, diagText(d))
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}

	// Phase 3: destroy under a deadline.
	destroy := func(ctx context.Context, run *tfRun, in *inst) ([]*tfprotov6.Diagnostic, error) {
		d, err := run.read(ctx, in)
		if err != nil || hasError(d) || !in.hasState() {
			return d, err
		}
		p, err := run.plan(ctx, in, true)
		if err != nil || hasError(p.diags) {
			return append(d, p.diags...), err
		}
		ad, err := run.apply(ctx, in, p)
		return append(append(d, p.diags...), ad...), err
	}
	cancelled(3, "destroy", destroy)
	run = e.mustRun("p4-check-destroy", "fail")
	if err := parallel(ins, workers, func(in *inst) error {
		id := inKonnect(in)
		switch {
		case !in.hasState() && id != "":
			violation("destroy: %s: not in state but %s is still in Konnect", in.key, id)
			return nil
		case !in.hasState():
			return nil
		}
		d, err := run.read(e.ctx, in)
		if err != nil {
			return err
		}
		switch {
		case id == "" && in.hasState():
			violation("destroy: %s: deleted from Konnect but refresh kept it in state", in.key)
		case id == "":
			warned := false
			for _, x := range d {
				warned = warned || (x.Severity == tfprotov6.DiagnosticSeverityWarning && strings.Contains(x.Detail, in.id()))
			}
			if !warned {
				violation("destroy: %s: refresh dropped it without saying it was deleted", in.key)
			}
			fig.add(func(c *cancelFigures) { c.deletedSeen++ })
		case hasError(d):
			violation("destroy: %s: refresh failed:\n%s", in.key, diagText(d))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// Finish the destroy without a deadline; Konnect ends up with the setup control plane only.
	if err := parallel(ins, workers, func(in *inst) error {
		d, err := destroy(e.ctx, run, in)
		if err == nil && (hasError(d) || in.hasState()) {
			violation("destroy: %s: a clean destroy failed:\n%s", in.key, diagText(d))
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	final := e.dump()
	if len(final.ControlPlanes) != 1 || len(final.ControlPlanes[0].Entities["services"]) != 0 {
		violation("after the destroy Konnect still holds %d control planes and %d services", len(final.ControlPlanes),
			len(final.services()))
	}

	for _, v := range fig.violations {
		t.Error(v)
	}
	for _, ev := range e.rec.snapshot() {
		if ev.Held && ev.Lost {
			fig.heldLost++
		}
	}
	kinds, nFaults := e.faultCounts()
	kinds["held-then-cancelled"] = fig.heldLost
	if fig.cancelledSteps == 0 {
		t.Fatal("no apply was cancelled: the property was not exercised")
	}
	_, retries := e.logs.counts()
	record(t, row{property: "4-cancellation", seed: seed, etags: etags, policy: "fail", objects: len(ins), ops: e.ops.Load(),
		requests: e.requestCount(), faults: nFaults + fig.heldLost, faultKinds: kinds, retries: retries, elapsed: time.Since(start),
		notes: fmt.Sprintf("cancelled-steps=%d orphans-seen-via-hint=%d deletes-seen-at-refresh=%d updates-landed=%d violations=%d",
			fig.cancelledSteps, fig.orphansSeen, fig.deletedSeen, fig.updatesLanded, len(fig.violations))})
}
