// Regression tests for bugs this suite found, each fixed in the provider:
//
//   - Bug 1, stale base: Guard 2 compared Konnect only with the last value Terraform wrote, so
//     a Konnect change back to that value (after configuration had adopted another) was
//     reverted silently. Fixed: every read records what it found, and a field that moved since
//     the previous read is someone's change too.
//   - Bug 2, ETags on: a retried write refused with 412 because its own first attempt had
//     landed was reported as someone else's change. Fixed: after a 412 the provider re-reads,
//     and an object that holds exactly what this apply wrote (or is gone, for a delete) is a
//     success.

package reliability

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// oobSet changes one field of a service out of band (a person in the Konnect UI).
func oobSet(t *testing.T, e *env, cpID, id, field string, v any) {
	t.Helper()
	c := e.client(writerAgent)
	obj, _, err := c.GetService(e.ctx, cpID, id)
	if err != nil {
		t.Fatal(err)
	}
	delete(obj, "created_at")
	delete(obj, "updated_at")
	obj[field] = v
	if _, _, err := c.PutService(e.ctx, cpID, id, obj, ""); err != nil {
		t.Fatal(err)
	}
}

func mustConverge(t *testing.T, e *env, in *inst) {
	t.Helper()
	if d, _, err := e.mustRun("setup", "fail").converge(e.ctx, in); err != nil || hasError(d) {
		t.Fatalf("%v %s", err, diagText(d))
	}
}

// requireNoSilentRevert plans and applies in after Konnect went back to retries = 5
// while configuration says 2: Guard 2 must report it (a Konnect change the plan would undo).
func requireNoSilentRevert(t *testing.T, e *env, in *inst) {
	t.Helper()
	run := e.mustRun("check", "fail")
	if _, err := run.read(e.ctx, in); err != nil {
		t.Fatal(err)
	}
	p, err := run.plan(e.ctx, in, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range p.diags {
		if isRemoteEdit(d) {
			return // reported: fixed
		}
	}
	if !p.noop && !hasError(p.diags) {
		if _, err := run.apply(e.ctx, in, p); err != nil {
			t.Fatal(err)
		}
	}
	t.Errorf("Konnect was changed back to retries = 5 after Terraform last saw 2 (and configuration agreed with 2); the plan "+
		"reported nothing and the apply set Konnect to %v: a silent overwrite. Plan diagnostics:\n%s",
		e.dump().services()[in.id()]["retries"], diagText(p.diags))
}

// Bug 1 (stale base after adopting a Konnect value). Guard 2's base moves only when
// Terraform writes. When configuration adopts a value someone set in Konnect, the plan is
// empty, nothing is written, and the base keeps the old value. If Konnect is then changed
// back to that old value, base == remote, so the plan takes it for a configuration change
// and reverts it without a conflict.
//
// Fix: let the base catch up with values Terraform has seen and agreed to even when nothing
// is written. ReadResource's private state is persisted, so refresh can record the
// refreshed managed values in private state (a "seen" copy next to base), and Guard 2 can
// treat a field as changed in Konnect when remote differs from base or from the values seen
// at the previous refresh. Another option is to plan an update that writes nothing to
// Konnect, only the base, when base != remote == desired (visible as a revision-only
// change in the plan).
func TestRegressionStaleBaseAfterAdoption(t *testing.T) {
	e := newEnv(t, envOptions{})
	cp, _, err := e.client("setup").CreateControlPlane(e.ctx, konnect.Object{"name": "aba"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	in := newInst(typeService, "svc", map[string]any{"control_plane_id": cpID, "name": "aba", "host": "h.internal", "retries": 5})
	mustConverge(t, e, in) // base: retries 5
	oobSet(t, e, cpID, in.id(), "retries", 2)
	in.cfg["retries"] = 2 // keep the Konnect value, as the conflict diagnostic advises
	mustAdopt(t, e, in)
	oobSet(t, e, cpID, in.id(), "retries", 5) // someone in Konnect sets it back
	requireNoSilentRevert(t, e, in)
}

// Bug 1, second way in: an update that Konnect applied but whose response was lost (the
// apply was cancelled, or timed out) leaves the base at the old values, while refresh
// shows the new ones and the plan is empty. A later change in Konnect back to the old
// value is then reverted silently. Same fix as above.
func TestRegressionStaleBaseAfterCancelledUpdate(t *testing.T) {
	var hold atomic.Bool
	var cancelApply atomic.Pointer[context.CancelFunc]
	e := newEnv(t, envOptions{rec: func(rc *recorder) {
		rc.hold = func(r *http.Request) time.Duration {
			if hold.Load() && r.Method == http.MethodPut {
				return time.Minute
			}
			return 0
		}
		// The apply is cancelled once Konnect has applied its PUT and holds the response:
		// no timer, so a loaded machine cannot cancel it before the PUT is sent.
		rc.onHeld = func(*http.Request) {
			if c := cancelApply.Load(); c != nil {
				(*c)()
			}
		}
	}})
	cp, _, err := e.client("setup").CreateControlPlane(e.ctx, konnect.Object{"name": "aba-cancel"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	in := newInst(typeService, "svc", map[string]any{"control_plane_id": cpID, "name": "aba", "host": "h.internal", "retries": 5})
	mustConverge(t, e, in)
	in.cfg["retries"] = 2
	hold.Store(true)
	ctx, cancel := context.WithCancel(e.ctx)
	cancelApply.Store(&cancel)
	d, _, err := e.mustRun("cancelled", "fail").converge(ctx, in)
	cancelApply.Store(nil)
	cancel()
	hold.Store(false)
	e.rec.quiesce()
	if err != nil || !hasError(d) {
		t.Fatalf("the update should have been cancelled: %v %s", err, diagText(d))
	}
	if got := e.dump().services()[in.id()]["retries"]; canon(got) != "2" {
		t.Fatalf("the cancelled update should have landed in Konnect, which has retries %v", got)
	}
	// Konnect holds what configuration says, but not what the base says: the plan adopts it.
	mustAdopt(t, e, in)
	oobSet(t, e, cpID, in.id(), "retries", 5)
	requireNoSilentRevert(t, e, in)
}

// Bug 2 (ETags on: a write whose response was lost is reported as someone else's change).
// The provider's PUT (update) or DELETE carries If-Match. When Konnect applies it and the
// connection drops before the response, the client retries the same request with the same
// If-Match, which now fails with 412 because of the provider's own write. The provider
// reports "Konnect object changed since this plan was made … Nothing was written", though
// the write was applied; state keeps the old values, and the base goes stale (bug 1).
//
// Fix: after a 412 on a retried conditional write (APIError.Attempts > 1, or any 412),
// read the object: if it now holds exactly the values this apply wrote (for a delete: it is
// gone), the write was this apply's own, so finish it as a success (finishWrite with the
// live object; for a delete, remove it from state). Only a live object that differs is a
// conflict. Alternatively, do not retry conditional writes after an ambiguous failure
// inside the client; let the provider re-read and decide.
func TestRegressionLostResponseReportedAsConflict(t *testing.T) {
	for _, op := range []string{"update", "delete"} {
		t.Run(op, func(t *testing.T) {
			var armed atomic.Bool
			e := newEnv(t, envOptions{etags: true, rec: func(rc *recorder) {
				rc.intercept = func(w http.ResponseWriter, r *http.Request) bool {
					if !isWrite(r.Method) || !strings.HasPrefix(r.Header.Get("User-Agent"), "terraform-provider-konnect/") || !armed.Swap(false) {
						return false
					}
					rc.next.ServeHTTP(httptest.NewRecorder(), r) // applied…
					conn, _, err := w.(http.Hijacker).Hijack()   // …but the response is lost
					if err != nil {
						panic(err)
					}
					_ = conn.Close()
					return true
				}
			}})
			cp, _, err := e.client("setup").CreateControlPlane(e.ctx, konnect.Object{"name": "lost-" + op})
			if err != nil {
				t.Fatal(err)
			}
			in := newInst(typeService, "svc", map[string]any{"control_plane_id": cp["id"], "name": "lost", "host": "h.internal", "retries": 5})
			mustConverge(t, e, in)
			id := in.id()
			run := e.mustRun(op, "fail")
			if _, err := run.read(e.ctx, in); err != nil {
				t.Fatal(err)
			}
			in.cfg["retries"] = 2
			p, err := run.plan(e.ctx, in, op == "delete")
			if err != nil || hasError(p.diags) {
				t.Fatalf("%v %s", err, diagText(p.diags))
			}
			armed.Store(true)
			d, err := run.apply(e.ctx, in, p)
			if err != nil {
				t.Fatal(err)
			}
			live, exists := e.dump().services()[id]
			landed := (op == "update" && exists && canon(live["retries"]) == "2") || (op == "delete" && !exists)
			if !landed {
				t.Fatalf("the %s should have been applied in Konnect", op)
			}
			if hasError(d) && strings.Contains(diagText(d), "Nothing was written") {
				t.Errorf("the %s was applied in Konnect, but the apply failed saying nothing was written:\n%s", op, diagText(d))
			}
			if !hasError(d) && (op == "update") != in.hasState() {
				t.Errorf("the %s succeeded but state does not reflect it", op)
			}
		})
	}
}

// mustAdopt converges an instance whose configuration agrees with a value changed in
// Konnect: the plan adopts it (an apply that writes nothing to Konnect), and the plan after
// it is empty.
func mustAdopt(t *testing.T, e *env, in *inst) {
	t.Helper()
	e.rec.quiesce()
	before := len(e.rec.snapshot())
	d, applied, err := e.mustRun("adopt", "fail").converge(e.ctx, in)
	if err != nil || hasError(d) || !applied || !strings.Contains(diagText(d), "Adopting changes made in Konnect") {
		t.Fatalf("adopting the Konnect value should apply an adoption: applied=%v %v %s", applied, err, diagText(d))
	}
	e.rec.quiesce()
	for _, ev := range e.rec.snapshot()[before:] {
		if ev.Method != http.MethodGet {
			t.Fatalf("adopting wrote to Konnect: %s %s", ev.Method, ev.Path)
		}
	}
	if d, applied, err := e.mustRun("after-adopt", "fail").converge(e.ctx, in); err != nil || hasError(d) || applied {
		t.Fatalf("after adopting, the plan should be empty: applied=%v %v %s", applied, err, diagText(d))
	}
}

// The replay of TestNoLostUpdate once counted as silent (1 run in about 300 under load) an
// out-of-band value of a field configuration did not set, later replaced when configuration
// set it, with no conflict. Its cause: between the two, an apply that wrote nothing (an
// adoption of another field) recorded the whole object as Terraform's base, that value
// included: guards.md's "base catches up at the next write" for a field that follows
// Konnect. From then on, setting the field is an ordinary update (base == remote) planned from
// the value the refresh showed, exactly as after a write that carried the value over. Before
// any such write, the same change is a conflict. The replay now credits the first case;
// this test holds both.
func TestNewlyConfiguredFieldAfterTheBaseCaughtUp(t *testing.T) {
	for _, caughtUp := range []bool{false, true} {
		t.Run(fmt.Sprintf("caught-up=%v", caughtUp), func(t *testing.T) {
			e := newEnv(t, envOptions{etags: true})
			cp, _, err := e.client("setup").CreateControlPlane(e.ctx, konnect.Object{"name": "newly-set"})
			if err != nil {
				t.Fatal(err)
			}
			cpID := cp["id"].(string)
			in := newInst(typeService, "svc", map[string]any{"control_plane_id": cpID, "name": "newly-set", "host": "h.internal", "port": 1001})
			mustConverge(t, e, in)
			oobSet(t, e, cpID, in.id(), "path", "/oob")
			if caughtUp {
				oobSet(t, e, cpID, in.id(), "port", 20001)
				in.cfg["port"] = 20001
				mustAdopt(t, e, in) // writes nothing; the base records the object, path included
			}
			run := e.mustRun("newly-set", "fail")
			if d, err := run.read(e.ctx, in); err != nil || hasError(d) {
				t.Fatalf("refresh: %v %s", err, diagText(d))
			}
			if got := in.attr("path"); got != "/oob" {
				t.Fatalf("refresh should put Konnect's path in state (the value the plan shows before), got %v", got)
			}
			in.cfg["path"] = "/cfg"
			p, err := run.plan(e.ctx, in, false)
			if err != nil {
				t.Fatal(err)
			}
			if !caughtUp {
				if !strings.Contains(diagText(p.diags), `path   Konnect held: null   in Konnect now: "/oob"   planned: "/cfg"`) {
					t.Fatalf("before any write since the Konnect change, setting path is a conflict naming it:\n%s", diagText(p.diags))
				}
				if got := e.dump().services()[in.id()]["path"]; got != "/oob" {
					t.Fatalf("Konnect holds path %v, want /oob", got)
				}
				return
			}
			if hasError(p.diags) || p.noop {
				t.Fatalf("after the base caught up, setting path is an ordinary update: noop=%v %s", p.noop, diagText(p.diags))
			}
			if got := fromValue(mustAttr(t, p.state, "path")); got != "/cfg" {
				t.Fatalf("planned path = %v, want /cfg", got)
			}
			if d, err := run.apply(e.ctx, in, p); err != nil || hasError(d) {
				t.Fatalf("apply: %v %s", err, diagText(d))
			}
			if got := e.dump().services()[in.id()]["path"]; got != "/cfg" {
				t.Fatalf("Konnect holds path %v, want /cfg", got)
			}
			// From now on a change of path in Konnect is a conflict naming it.
			oobSet(t, e, cpID, in.id(), "path", "/oob-2")
			in.cfg["retries"] = 3
			d, applied, err := e.mustRun("after", "fail").converge(e.ctx, in)
			if err != nil || applied || !strings.Contains(diagText(d), `path   last applied: "/cfg"   in Konnect now: "/oob-2"`) {
				t.Fatalf("a change of the now configured path should be a conflict naming it: applied=%v %v\n%s", applied, err, diagText(d))
			}
		})
	}
}

func mustAttr(t *testing.T, v tftypes.Value, name string) tftypes.Value {
	t.Helper()
	var m map[string]tftypes.Value
	if err := v.As(&m); err != nil {
		t.Fatal(err)
	}
	return m[name]
}
