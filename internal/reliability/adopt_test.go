package reliability

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Property 5: adopt, revert, refresh. One managed field per object (a service's retries, a
// route's paths, a rate-limiting plugin's config.minute), each with a domain of three values
// so that values recur, and a random interleaving, per object, of:
//
//   - oob: someone sets the field in Konnect to a value of the domain;
//   - cfg: the configuration changes the field to a value of the domain, a third of the time
//     to what Konnect holds (an adoption once applied); for the service and the route it
//     sometimes leaves the field out (back to Konnect's default if configuration set it at
//     the last write or adoption, otherwise the field follows Konnect);
//   - refresh: `terraform apply -refresh-only`: the state and private state that
//     ReadResource returns are kept;
//   - plan: `terraform plan`: refresh and plan, nothing kept;
//   - apply: `terraform apply` (refresh, plan, apply) under policy fail;
//   - race: an apply where someone sets the field in Konnect between the plan and the write;
//   - destroy: `terraform destroy` of the object under policy fail (the next apply creates
//     it again).
//
// The oracle knows nothing of the provider's private state. Per object it tracks owned: the
// value Terraform last wrote (create, update, reset) or that the user adopted (an apply that
// succeeded while configuration said what Konnect holds; a refresh-only apply or a plan is
// not an agreement). Konnect's value is protected when it differs from owned: only an
// out-of-band write can have put it there since. Then
//
//   - a silent overwrite is a provider write that changes a protected value (under policy
//     fail, with or without a diagnostic: an error must mean nothing was written), or a
//     delete of an object whose value is protected;
//   - an apply without an error leaves Konnect holding what configuration says (or the
//     default, or what it held, when configuration leaves the field out);
//   - an adoption writes nothing to Konnect, says "Adopting changes made in Konnect", and
//     happens exactly when the oracle sees the user take a protected value over.
//
// Zero silent overwrites are required, and the guard must not be useless: some applies
// write, some adopt, and some are refused with a conflict.
//
// The oracle can fail: with adoption switched off in the provider (adoptions in plan.go
// returning nil), seed 1 of the short run reports 5 silent overwrites, among them the
// sequence "adopt 2 over 1; Konnect set back to 1; apply -refresh-only; apply writes 2".

// adoptSubject is one object kind with its managed field.
type adoptSubject struct {
	name, typ, coll, field string
	domain                 []any // Konnect (JSON) values
	// unsettable: configuration may also leave the field out; def is then Konnect's
	// default, where a field configuration set at the last write or adoption goes back.
	unsettable bool
	def        any
	config     func(cpID string, v any) map[string]any
	get        func(obj map[string]any) any
	set        func(obj map[string]any, v any, rng *rand.Rand)
}

var adoptSubjects = []adoptSubject{
	{
		name: "service", typ: typeService, coll: "services", field: "retries", domain: []any{1, 2, 3}, unsettable: true, def: 5,
		config: func(cpID string, v any) map[string]any {
			return map[string]any{"control_plane_id": cpID, "name": "adopt-svc", "host": "adopt.internal", "retries": v}
		},
		get: func(obj map[string]any) any { return obj["retries"] },
		set: func(obj map[string]any, v any, _ *rand.Rand) { obj["retries"] = v },
	},
	{
		name: "route", typ: "konnect_gateway_route", coll: "routes", field: "paths",
		domain: []any{[]any{"/a"}, []any{"/b"}, []any{"/a", "/b"}}, unsettable: true, def: nil,
		config: func(cpID string, v any) map[string]any {
			return map[string]any{"control_plane_id": cpID, "name": "adopt-route", "hosts": []any{"adopt.example"}, "paths": v}
		},
		get: func(obj map[string]any) any { return obj["paths"] },
		set: func(obj map[string]any, v any, rng *rand.Rand) {
			// Konnect keeps the order someone typed: a set in another order is the same value.
			p := slices.Clone(v.([]any))
			rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
			obj["paths"] = p
		},
	},
	{
		name: "plugin", typ: "konnect_gateway_plugin", coll: "plugins", field: "config.minute", domain: []any{1, 2, 3},
		config: func(cpID string, v any) map[string]any {
			return map[string]any{"control_plane_id": cpID, "name": "rate-limiting",
				"config": jsonString(map[string]any{"minute": v, "policy": "local"})}
		},
		get: func(obj map[string]any) any {
			c, _ := obj["config"].(map[string]any)
			return c["minute"]
		},
		set: func(obj map[string]any, v any, _ *rand.Rand) {
			c, _ := obj["config"].(map[string]any)
			c["minute"] = v
		},
	},
}

// adoptObject is one managed object, the oracle's memory of it and its history.
type adoptObject struct {
	s     adoptSubject
	in    *inst
	want  any    // the value configuration sets (nil: left out)
	owned string // canon of the value Terraform last wrote or the user adopted
	// configured: configuration set the field at the last write or adoption, so leaving it
	// out resets it to Konnect's default; otherwise the field then follows Konnect.
	configured bool
	history    []string
}

func (o *adoptObject) log(step int, format string, args ...any) {
	o.history = append(o.history, fmt.Sprintf("  %4d %s", step, fmt.Sprintf(format, args...)))
}

func (o *adoptObject) wantText() string {
	if o.want == nil {
		return "(left out)"
	}
	return canon(o.want)
}

func (o *adoptObject) recent() string {
	h := o.history
	if len(h) > 25 {
		h = h[len(h)-25:]
	}
	return strings.Join(h, "\n")
}

type adoptResult struct {
	steps                              int
	oob, cfg, refresh, plans, applies  int
	writes, resets, adoptions, created int
	noops                              int
	conflicts, stale, refusals, delete int
	conservative                       int // conflicts while Konnect held the owned value (it moved and came back)
	silent                             int
	other                              int // other failed invariants
}

func TestAdoptRevertRefresh(t *testing.T) {
	t.Parallel()
	for _, seed := range seeds() {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			e := newEnv(t, envOptions{})
			res := runAdoptRevertRefresh(t, e, seed, pick(800, 4000))
			notes := fmt.Sprintf("steps=%d oob=%d cfg=%d refresh=%d plan=%d applies=%d writes=%d (resets=%d) adoptions=%d created=%d noop=%d conflicts=%d (conservative=%d) stale=%d destroy-refused=%d deleted=%d",
				res.steps, res.oob, res.cfg, res.refresh, res.plans, res.applies, res.writes, res.resets, res.adoptions, res.created, res.noops,
				res.conflicts, res.conservative, res.stale, res.refusals, res.delete)
			record(t, row{property: "5-adopt-revert", seed: seed, policy: "fail", objects: len(adoptSubjects), ops: e.ops.Load(),
				requests: e.requestCount(), conflicts: res.conflicts + res.stale + res.refusals, silent: res.silent,
				notes: notes, elapsed: time.Since(start)})
			if res.silent > 0 {
				t.Errorf("%d silent overwrite(s) of values changed in Konnect (see above)", res.silent)
			}
			// The guard is not useless: it lets applies through, adopts, and refuses.
			if res.writes == 0 || res.adoptions == 0 || res.conflicts == 0 || res.refusals == 0 || res.stale == 0 {
				t.Errorf("too little happened to test anything: writes=%d adoptions=%d conflicts=%d destroy-refused=%d stale=%d",
					res.writes, res.adoptions, res.conflicts, res.refusals, res.stale)
			}
		})
	}
}

// runAdoptRevertRefresh runs steps random operations on one object of every subject and
// checks the oracle after each; it reports every violation with the object's recent history.
func runAdoptRevertRefresh(t *testing.T, e *env, seed int64, steps int) adoptResult {
	ctx := e.ctx
	rng := rand.New(rand.NewPCG(uint64(seed), 0xad0b7))
	cp, _, err := e.client("reliability-setup").CreateControlPlane(ctx, konnect.Object{"name": fmt.Sprintf("adopt-%d", seed)})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	oob := e.client(writerAgent)
	var res adoptResult
	violation := func(o *adoptObject, format string, args ...any) {
		t.Helper()
		t.Errorf("seed %d, %s %s: %s\nrecent history (step, operation, what Konnect holds, owned = last written or adopted):\n%s",
			seed, o.s.name, o.s.field, fmt.Sprintf(format, args...), o.recent())
	}

	// konnectValue is the field as Konnect holds it; ok is false when the object is gone.
	konnectValue := func(o *adoptObject) (any, bool) {
		if !o.in.hasState() {
			return nil, false
		}
		for _, c := range e.dump().ControlPlanes {
			for _, ent := range c.Entities[o.s.coll] {
				if ent.Object["id"] == o.in.id() {
					return o.s.get(ent.Object), true
				}
			}
		}
		return nil, false
	}
	setInKonnect := func(o *adoptObject, v any) {
		t.Helper()
		coll := konnect.CoreEntitiesPath(cpID, o.s.coll)
		obj, _, err := oob.GetEntity(ctx, coll, o.in.id())
		if err != nil {
			t.Fatal(err)
		}
		delete(obj, "created_at")
		delete(obj, "updated_at")
		o.s.set(obj, v, rng)
		if _, _, err := oob.PutEntity(ctx, coll, o.in.id(), obj, ""); err != nil {
			t.Fatal(err)
		}
	}
	// providerWrites returns the provider's writes since the recorder was last reset.
	providerWrites := func() []string {
		var out []string
		for _, ev := range e.rec.snapshot() {
			if isWrite(ev.Method) && strings.HasPrefix(ev.Agent, "terraform-provider-konnect/") {
				out = append(out, ev.Method+" "+ev.Path)
			}
		}
		return out
	}
	// wrote checks one provider operation that may write: a change of a protected value is
	// a silent overwrite; otherwise what Konnect now holds is Terraform's.
	wrote := func(o *adoptObject, step int, what string, before any, existed bool, diags []*tfprotov6.Diagnostic) {
		t.Helper()
		after, exists := konnectValue(o)
		switch {
		case existed && !exists:
			if canon(before) != o.owned {
				res.silent++
				violation(o, "step %d: %s deleted the object while Konnect held %s, set out of band (owned: %s); diagnostics:\n%s",
					step, what, canon(before), o.owned, indent(diagText(diags)))
			}
		case existed && canon(after) != canon(before):
			if canon(before) != o.owned {
				res.silent++
				violation(o, "step %d: %s wrote %s over %s, set out of band (owned: %s); diagnostics:\n%s",
					step, what, canon(after), canon(before), o.owned, indent(diagText(diags)))
			}
			o.owned = canon(after)
		case !existed && exists:
			o.owned = canon(after)
		}
	}

	var objs []*adoptObject
	for _, s := range adoptSubjects {
		o := &adoptObject{s: s, want: s.domain[0], configured: true}
		o.in = newInst(s.typ, s.name, s.config(cpID, o.want))
		objs = append(objs, o)
	}
	converge := func(o *adoptObject, step int, race bool) {
		t.Helper()
		res.applies++
		before, existed := konnectValue(o)
		e.rec.quiesce()
		e.rec.reset()
		what := "apply   "
		if race {
			what = "apply*  "
		}
		o.log(step, "%s configuration %s, Konnect %s, owned %s", what, o.wantText(), canon(before), o.owned)
		run := e.mustRun(fmt.Sprintf("adopt-%d", step), "fail")
		diags, err := run.read(ctx, o.in)
		if err != nil {
			t.Fatal(err)
		}
		applied := false
		if !hasError(diags) {
			p, err := run.plan(ctx, o.in, false)
			if err != nil {
				t.Fatal(err)
			}
			diags = append(diags, p.diags...)
			if !hasError(p.diags) && !p.noop {
				if race && o.in.hasState() {
					v := o.s.domain[rng.IntN(len(o.s.domain))]
					setInKonnect(o, v)
					o.log(step, "         someone sets %s in Konnect between the plan and the write", canon(v))
					before, _ = konnectValue(o)
				}
				d, err := run.apply(ctx, o.in, p)
				if err != nil {
					t.Fatal(err)
				}
				diags = append(diags, d...)
				applied = !hasError(d)
			}
		}
		writes := providerWrites()
		adopting := false
		for _, d := range diags {
			switch {
			case isStale(d):
				res.stale++
			case isRemoteEdit(d) && d.Severity == tfprotov6.DiagnosticSeverityError:
				res.conflicts++
				if existed && canon(before) == o.owned {
					res.conservative++
				}
			case d.Summary == "Adopting changes made in Konnect":
				adopting = true
			case d.Severity == tfprotov6.DiagnosticSeverityError:
				res.other++
				violation(o, "step %d: apply failed with an error that is not a conflict:\n%s", step, indent(diagText(diags)))
			}
		}
		ownedBefore, configuredBefore := o.owned, o.configured
		wrote(o, step, "apply", before, existed, diags)
		after, exists := konnectValue(o)
		switch {
		case hasError(diags):
			o.log(step, "         refused: %s", firstSummary(diags))
			return
		case !exists:
			res.other++
			violation(o, "step %d: an apply without an error left no object in Konnect", step)
			return
		case o.want != nil && canon(after) != canon(o.want):
			res.other++
			violation(o, "step %d: an apply without an error left Konnect holding %s; configuration says %s", step, canon(after), canon(o.want))
		case o.want == nil && (!existed || configuredBefore) && canon(after) != canon(o.s.def):
			res.other++
			violation(o, "step %d: configuration left the field out after setting it; an apply without an error left Konnect holding %s, not its default %s",
				step, canon(after), canon(o.s.def))
		case o.want == nil && existed && !configuredBefore && canon(after) != canon(before):
			res.other++
			violation(o, "step %d: configuration never set the field; the apply changed it in Konnect from %s to %s", step, canon(before), canon(after))
		}
		// The user agreed: configuration says what Konnect holds, and the apply succeeded.
		tookOver := existed && o.want != nil && canon(before) == canon(after) && canon(after) != ownedBefore
		if o.want != nil || canon(after) != canon(before) || !existed {
			o.owned = canon(after)
		}
		if !existed || canon(after) != canon(before) || tookOver {
			o.configured = o.want != nil
		}
		outcome := "no changes"
		switch {
		case !existed:
			res.created++
			outcome = "created"
		case canon(before) != canon(after):
			res.writes++
			outcome = "wrote"
			if o.want == nil {
				res.resets++
				outcome = "reset to the default"
			}
		case tookOver:
			res.adoptions++
			outcome = "adopted"
		default:
			res.noops++
		}
		o.log(step, "         %s: Konnect %s, owned %s", outcome, canon(after), o.owned)
		if tookOver && (!adopting || !applied || len(writes) > 0) {
			res.other++
			violation(o, "step %d: configuration took over %s (owned: %s), and the apply should adopt it (a warning, an apply that writes nothing): warning=%v applied=%v writes=%v",
				step, canon(after), ownedBefore, adopting, applied, writes)
		}
		if adopting && !tookOver {
			res.other++
			violation(o, "step %d: the apply said it adopts a value, but Konnect held %s before and after, and %s was already owned:\n%s",
				step, canon(before), ownedBefore, indent(diagText(diags)))
		}
		if adopting && len(writes) > 0 {
			res.other++
			violation(o, "step %d: an adoption wrote to Konnect: %v", step, writes)
		}
	}

	for _, o := range objs {
		converge(o, 0, false)
		if !o.in.hasState() {
			t.Fatalf("setup: %s was not created", o.s.name)
		}
	}
	for step := 1; step <= steps; step++ {
		res.steps++
		o := objs[rng.IntN(len(objs))]
		k, exists := konnectValue(o)
		switch r := rng.IntN(100); {
		case r < 16: // someone sets the field in Konnect
			if !exists {
				continue
			}
			v := o.s.domain[rng.IntN(len(o.s.domain))]
			setInKonnect(o, v)
			res.oob++
			o.log(step, "oob      Konnect %s -> %s   (owned %s)", canon(k), canon(v), o.owned)
		case r < 50: // the configuration changes, a third of the time to what Konnect holds
			v := o.s.domain[rng.IntN(len(o.s.domain))]
			switch {
			case exists && rng.IntN(3) == 0:
				v = k
			case o.s.unsettable && rng.IntN(5) == 0:
				v = nil
			}
			o.want = v
			o.in.cfg = o.s.config(cpID, v)
			res.cfg++
			o.log(step, "cfg      configuration = %s   (Konnect %s, owned %s)", o.wantText(), canon(k), o.owned)
		case r < 62: // terraform apply -refresh-only
			if !o.in.hasState() {
				continue
			}
			d, err := e.mustRun(fmt.Sprintf("refresh-%d", step), "fail").read(ctx, o.in)
			if err != nil || hasError(d) {
				t.Fatalf("refresh: %v %s", err, diagText(d))
			}
			res.refresh++
			o.log(step, "refresh  state = %s (kept)", canon(o.in.attrValue(o.s)))
		case r < 70: // terraform plan: nothing kept
			if !o.in.hasState() {
				continue
			}
			state, private := o.in.state, o.in.private
			run := e.mustRun(fmt.Sprintf("plan-%d", step), "fail")
			d, err := run.read(ctx, o.in)
			if err != nil || hasError(d) {
				t.Fatalf("refresh: %v %s", err, diagText(d))
			}
			p, err := run.plan(ctx, o.in, false)
			if err != nil {
				t.Fatal(err)
			}
			o.in.state, o.in.private = state, private
			res.plans++
			o.log(step, "plan     %s", planSummary(p))
		case r < 92: // terraform apply
			converge(o, step, false)
		case r < 97: // terraform apply, and someone writes between its plan and its write
			converge(o, step, true)
		default: // terraform destroy
			if !o.in.hasState() {
				continue
			}
			run := e.mustRun(fmt.Sprintf("destroy-%d", step), "fail")
			if d, err := run.read(ctx, o.in); err != nil || hasError(d) {
				t.Fatalf("refresh: %v %s", err, diagText(d))
			}
			// `terraform destroy` plans the configuration first (refresh, then a normal plan)
			// and stops on its errors; then it plans and applies the destroy.
			pc, err := run.plan(ctx, o.in, false)
			if err != nil {
				t.Fatal(err)
			}
			diags := pc.diags
			var p *planned
			if !hasError(pc.diags) {
				if p, err = run.plan(ctx, o.in, true); err != nil {
					t.Fatal(err)
				}
				diags = append(diags, p.diags...)
			}
			if p != nil && !hasError(p.diags) {
				d, err := run.apply(ctx, o.in, p)
				if err != nil {
					t.Fatal(err)
				}
				diags = append(diags, d...)
			}
			o.log(step, "destroy  Konnect %s, owned %s", canon(k), o.owned)
			wrote(o, step, "destroy", k, exists, diags)
			_, still := konnectValue(o)
			switch {
			case hasError(diags) && still:
				res.refusals++
				o.log(step, "         refused: %s", firstSummary(diags))
			case hasError(diags) || still:
				res.other++
				violation(o, "step %d: destroy: error=%v, object still in Konnect=%v:\n%s", step, hasError(diags), still, indent(diagText(diags)))
			default:
				res.delete++
				o.log(step, "         deleted")
			}
		}
	}
	return res
}

// attrValue is the subject's field as the state holds it.
func (in *inst) attrValue(s adoptSubject) any {
	if s.typ == "konnect_gateway_plugin" {
		c, _ := in.attr("config").(string)
		var m map[string]any
		if json.Unmarshal([]byte(c), &m) != nil {
			return nil
		}
		return s.get(map[string]any{"config": m})
	}
	return in.attr(strings.SplitN(s.field, ".", 2)[0])
}

func firstSummary(diags []*tfprotov6.Diagnostic) string {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return d.Summary
		}
	}
	return ""
}

func planSummary(p *planned) string {
	switch {
	case hasError(p.diags):
		return "refused: " + firstSummary(p.diags)
	case p.noop:
		return "no changes"
	}
	for _, d := range p.diags {
		if d.Summary == "Adopting changes made in Konnect" {
			return "adopts"
		}
	}
	return "update"
}
