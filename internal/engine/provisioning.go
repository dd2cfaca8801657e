package engine

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Konnect provisions some objects asynchronously (a cloud gateway network takes half an
// hour): the create answers at once with state `initializing`, and the object is usable
// only once it reports `ready`; a delete answers at once too and the object goes through
// `terminating` and `terminated`. A kind that declares Provisioning has its create (and an
// update whose answer is not ready: Konnect reprovisions) wait for a ready state and its
// delete for a gone one (or 404), each within the timeout that
// its `timeouts` attribute gives (ProvisioningTimeouts), polling with a growing interval
// and logging progress. A failed provisioning is an error naming the object and Konnect's
// reason; the object is in state then, so that Terraform keeps it (tainted: the next apply
// replaces it) and nothing is left in Konnect that Terraform does not know.
//
// While an object provisions, Konnect moves its state and entity_version: the kind lists
// those in Derived, so that its revision (and so every plan) stays the same.

// Provisioning declares how a kind's objects report their provisioning.
type Provisioning struct {
	// State is the JSON field holding the object's state (default "state").
	State string
	// Ready are the states a create waits for; Failed those that end the wait with an
	// error; Gone those a delete waits for (besides a 404); Leaving those of an object
	// being torn down. A Gone or Leaving object holds no name a create could take.
	Ready, Failed, Gone, Leaving []string
	// Reason is the dotted JSON path of Konnect's reason for a failed state.
	Reason string
	// CreateTimeout and DeleteTimeout are the waits when `timeouts` does not set them.
	CreateTimeout, DeleteTimeout time.Duration
	// StateOf, when set, tells an object's state and Konnect's reason for a failed one from
	// the whole object, instead of State and Reason (a configuration's: its data-plane
	// groups' together).
	StateOf func(obj konnect.Object) (state, reason string)
	// Needs, when set, names an object the create needs ready first (a transit gateway's
	// network): what it is, for diagnostics, and its path; "" when the body names none.
	Needs func(parents map[string]string, body konnect.Object) (what, path string)
}

func (p *Provisioning) stateOf(obj konnect.Object) string {
	if p.StateOf != nil {
		st, _ := p.StateOf(obj)
		return st
	}
	f := p.State
	if f == "" {
		f = "state"
	}
	s, _ := obj[f].(string)
	return s
}

func (p *Provisioning) leaving(obj konnect.Object) bool {
	st := p.stateOf(obj)
	return slices.Contains(p.Gone, st) || slices.Contains(p.Leaving, st)
}

func (p *Provisioning) reasonOf(obj konnect.Object) string {
	if p.StateOf != nil {
		_, reason := p.StateOf(obj)
		return reason
	}
	s, _ := Lookup(obj, Attr{Name: "reason", JSON: p.Reason}).(string)
	return s
}

// AttrTimeouts is the attribute holding a provisioning kind's create and delete timeouts.
const AttrTimeouts = "timeouts"

// ProvisioningTimeouts is the `timeouts` attribute of a kind with Provisioning: Terraform's
// usual create and delete durations, configuration's only (Kong's provider has none, so a
// state switched from it holds null, which plans nothing).
func ProvisioningTimeouts(create, del time.Duration) Attr {
	d := func(what string, def time.Duration) Attr {
		return Attr{Name: what, Type: String, Mode: Optional, Validators: []Validator{Duration()},
			Description: fmt.Sprintf("How long to wait for Konnect to %s the object, a Go duration (\"45m\", \"1h30m\"). Default: %s.", map[string]string{"create": "provision", "delete": "tear down"}[what], shortDuration(def))}
	}
	return Attr{Name: AttrTimeouts, Local: true, Type: ObjectOf(d("create", create), d("delete", del)),
		Description: "How long the create waits for the object to be ready and the delete for it to be gone, as `timeouts = { create = \"45m\", delete = \"30m\" }`. Never sent to Konnect."}
}

// shortDuration spells d as configuration would: 1h, 30m, 1h30m (not 1h0m0s).
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// PollIntervalEnv sets the first interval between two reads of an object that provisions
// (a Go duration; default PollInterval); each wait doubles it up to maxPollInterval.
const PollIntervalEnv = "KONNECT_POLL_INTERVAL"

// PollInterval is the default first interval: a network that is ready within seconds (a
// retried create, the mock) is seen so.
const PollInterval = time.Second

const maxPollInterval = 30 * time.Second

// PollIntervalFromEnv is the first poll interval that PollIntervalEnv sets, or PollInterval.
func PollIntervalFromEnv() (time.Duration, error) {
	raw := strings.TrimSpace(os.Getenv(PollIntervalEnv))
	if raw == "" {
		return PollInterval, nil
	}
	d, err := time.ParseDuration(raw)
	if err != nil || d <= 0 || d > maxPollInterval {
		return 0, fmt.Errorf("%s is %q: it must be a duration above 0 and at most %s (\"500ms\", \"5s\")", PollIntervalEnv, raw, maxPollInterval)
	}
	return d, nil
}

// errWaitTimedOut ends a Poll whose timeout passed.
var errWaitTimedOut = errors.New("timed out")

// Poll calls check until it reports done or an error, first at once, then after interval,
// each interval twice the last up to maxPollInterval, for at most timeout. A timeout that
// passes ends it with an error wrapping errWaitTimedOut; a cancelled ctx with ctx's error.
func Poll(ctx context.Context, interval, timeout time.Duration, check func(context.Context) (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for {
		done, err := check(ctx)
		if err != nil || done {
			return err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return errWaitTimedOut
		}
		t := time.NewTimer(min(interval, left))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		interval = min(2*interval, maxPollInterval)
	}
}

// ProvisioningFailedError is a provisioning that ended in a failed state.
type ProvisioningFailedError struct {
	Object, State, Reason string
}

func (e *ProvisioningFailedError) Error() string {
	reason := e.Reason
	if reason == "" {
		reason = "Konnect gives no reason"
	}
	return fmt.Sprintf("%s is in state %q: %s", e.Object, e.State, reason)
}

// waitTimeout is the timeout configuration sets for op ("create", "update", "delete"), or def.
func waitTimeout(m ObjectValues, op string, def time.Duration) time.Duration {
	v, ok := m[AttrTimeouts]
	if !ok || !v.IsKnown() || v.IsNull() {
		return def
	}
	var t map[string]tftypes.Value
	if err := v.As(&t); err != nil {
		return def
	}
	if d, err := time.ParseDuration(Str(t[op])); err == nil && d > 0 {
		return d
	}
	return def
}

func (d *ProviderData) pollInterval() time.Duration {
	if d == nil || d.PollInterval <= 0 {
		return PollInterval
	}
	return d.PollInterval
}

// waitFor polls the object at addr until its state is one of want (a 404 counts when
// goneOK), logging each state it sees; it returns the last object read (nil when gone). A
// failed state ends it with a *ProvisioningFailedError.
func (r *EntityResource) waitFor(ctx context.Context, op string, addr Address, want []string, goneOK bool, timeout time.Duration) (konnect.Object, error) {
	p := r.Kind.Provisioning
	start := time.Now()
	var last konnect.Object
	err := Poll(ctx, r.Data.pollInterval(), timeout, func(ctx context.Context) (bool, error) {
		obj, _, err := r.Kind.API.Get(ctx, r.Data.Client, addr)
		if goneOK && konnect.IsNotFound(err) {
			last = nil
			tflog.Info(ctx, "konnect provisioning", map[string]any{"resource_type": r.Kind.TypeName, "id": addr.ID, "operation": op, "state": "gone", "elapsed": time.Since(start).Round(time.Second).String()})
			return true, nil
		}
		if err != nil {
			return false, err
		}
		last = obj
		st := p.stateOf(obj)
		tflog.Info(ctx, "konnect provisioning", map[string]any{"resource_type": r.Kind.TypeName, "id": addr.ID, "operation": op, "state": st, "elapsed": time.Since(start).Round(time.Second).String()})
		if slices.Contains(p.Failed, st) {
			return false, &ProvisioningFailedError{Object: r.object(addr).String(), State: st, Reason: p.reasonOf(obj)}
		}
		return slices.Contains(want, st), nil
	})
	return last, err
}

// waitCreated waits for an object just created or updated (already in state) to be ready
// again (an update Konnect reprovisions for: a configuration's new data-plane group), and
// writes the ready object to state. On failure the object stays in state with an error:
// Terraform keeps it, tainted. op is "create" or "update"; an update waits within
// timeouts.update when the kind's timeouts have one, else timeouts.create.
func (r *EntityResource) waitCreated(ctx context.Context, op string, obj konnect.Object, parents map[string]string, planned ObjectValues, configured []string,
	state *tftypes.Value, p privateSetter, diags *diag.Diagnostics) {
	pv := r.Kind.Provisioning
	id, _ := obj[AttrID].(string)
	addr := Address{Parents: parents, ID: id}
	if slices.Contains(pv.Ready, pv.stateOf(obj)) {
		return
	}
	timeout, setting := readyTimeout(planned, op, pv.CreateTimeout)
	done := map[string]string{"create": "created", "update": "updated"}[op]
	ready, err := r.waitFor(ctx, op, addr, pv.Ready, false, timeout)
	if ready != nil {
		r.finishWrite(ctx, ready, parents, planned, configured, state, p, diags)
	}
	if err == nil {
		return
	}
	var failed *ProvisioningFailedError
	kept := "It is in Terraform's state, marked tainted: the next apply deletes it in Konnect and creates it again. To keep it as it is instead, run `terraform untaint " + r.Kind.TypeName + ".<name>`."
	switch {
	case errors.As(err, &failed):
		diags.AddError("Konnect could not provision "+r.Kind.TypeName,
			fmt.Sprintf("%s was %s, but its provisioning failed: Konnect reports state %q, reason: %s\n\n%s", r.object(addr), done, failed.State, orNone(failed.Reason), kept))
	case errors.Is(err, errWaitTimedOut):
		diags.AddError("Timed out waiting for "+r.Kind.TypeName+" to be ready",
			fmt.Sprintf("%s was %s, but after %s Konnect still reports state %q (%s). %s", r.object(addr), done, timeout, pv.stateOf(ready), setting, kept))
	default:
		diags.AddError("Could not wait for "+r.Kind.TypeName+" to be ready",
			fmt.Sprintf("%s was %s, but reading its provisioning state failed: %v\n\n%s", r.object(addr), done, err, kept))
	}
}

// readyTimeout is how long op ("create", "update") waits for an object to be ready, and
// the setting that says so: an update's is timeouts.update when the kind's timeouts have
// one (Kong's name), else timeouts.create, else def.
func readyTimeout(m ObjectValues, op string, def time.Duration) (time.Duration, string) {
	if op == "update" {
		if d := waitTimeout(m, "update", 0); d > 0 {
			return d, "timeouts.update"
		}
	}
	return waitTimeout(m, "create", def), "timeouts.create"
}

func orNone(reason string) string {
	if reason == "" {
		return "(Konnect gives none)"
	}
	return reason
}

// waitNeeds waits, before a create, for the object it needs to be ready (a transit
// gateway's network), instead of sending a create Konnect refuses meanwhile.
func (r *EntityResource) waitNeeds(ctx context.Context, m ObjectValues, parents map[string]string, body konnect.Object, diags *diag.Diagnostics) bool {
	pv := r.Kind.Provisioning
	if pv == nil || pv.Needs == nil {
		return true
	}
	what, path := pv.Needs(parents, body)
	if path == "" {
		return true
	}
	timeout := waitTimeout(m, "create", pv.CreateTimeout)
	start := time.Now()
	var st string
	err := Poll(ctx, r.Data.pollInterval(), timeout, func(ctx context.Context) (bool, error) {
		var obj konnect.Object
		if _, err := r.Data.Client.Do(ctx, "GET", path, nil, nil, &obj); err != nil {
			return false, err
		}
		st = pv.stateOf(obj)
		tflog.Info(ctx, "konnect provisioning", map[string]any{"resource_type": r.Kind.TypeName, "operation": "create", "waiting_for": what, "state": st, "elapsed": time.Since(start).Round(time.Second).String()})
		if slices.Contains(pv.Failed, st) {
			return false, &ProvisioningFailedError{Object: what, State: st, Reason: pv.reasonOf(obj)}
		}
		return slices.Contains(pv.Ready, st), nil
	})
	if err == nil {
		return true
	}
	if errors.Is(err, errWaitTimedOut) {
		err = fmt.Errorf("after %s it is still in state %q (timeouts.create)", timeout, st)
	}
	diags.AddError("Could not create "+r.Kind.TypeName, fmt.Sprintf("It needs %s ready first: %v\n\nNothing was created.", what, err))
	return false
}

// waitDeleted waits, after Konnect accepted a delete, for the object to be gone.
func (r *EntityResource) waitDeleted(ctx context.Context, addr Address, prior ObjectValues, diags *diag.Diagnostics) {
	pv := r.Kind.Provisioning
	timeout := waitTimeout(prior, "delete", pv.DeleteTimeout)
	last, err := r.waitFor(ctx, "delete", addr, pv.Gone, true, timeout)
	var failed *ProvisioningFailedError
	switch {
	case err == nil:
	case errors.As(err, &failed):
		diags.AddError("Konnect could not tear down "+r.Kind.TypeName,
			fmt.Sprintf("%s: Konnect accepted the delete, then reported state %q, reason: %s\n\nIt stays in Terraform's state; the next destroy tries again.", r.object(addr), failed.State, orNone(failed.Reason)))
	case errors.Is(err, errWaitTimedOut):
		diags.AddError("Timed out waiting for "+r.Kind.TypeName+" to be deleted",
			fmt.Sprintf("%s: Konnect accepted the delete, but after %s it still reports state %q (timeouts.delete). It stays in Terraform's state; the next destroy waits again.", r.object(addr), timeout, pv.stateOf(last)))
	default:
		diags.AddError("Could not wait for "+r.Kind.TypeName+" to be deleted",
			fmt.Sprintf("%s: Konnect accepted the delete, but reading its state failed: %v\n\nIt stays in Terraform's state; the next destroy waits again.", r.object(addr), err))
	}
}

// Duration accepts a Go duration above zero ("45m", "1h30m").
func Duration() validator.String { return durationValidator{} }

type durationValidator struct{}

func (durationValidator) Description(context.Context) string {
	return "must be a duration such as \"45m\" or \"1h30m\""
}
func (v durationValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (durationValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if d, err := time.ParseDuration(req.ConfigValue.ValueString()); err != nil || d <= 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid duration",
			fmt.Sprintf("%q is not a duration above zero: write it as Go does, such as \"45m\", \"90s\" or \"1h30m\".", req.ConfigValue.ValueString()))
	}
}

// CIDR accepts an IPv4 or IPv6 network in CIDR notation ("10.0.0.0/16"), its address the
// network's own (no host bits set).
func CIDR() validator.String { return cidrValidator{} }

type cidrValidator struct{}

func (cidrValidator) Description(context.Context) string {
	return "must be a CIDR block such as \"10.0.0.0/16\""
}
func (v cidrValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (cidrValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	p, err := netip.ParsePrefix(s)
	switch {
	case err != nil:
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid CIDR block", fmt.Sprintf("%q is not a CIDR block: write an address and a prefix length, such as \"10.0.0.0/16\".", s))
	case p.Masked() != p:
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid CIDR block", fmt.Sprintf("%q has host bits set: the block it names is %q.", s, p.Masked().String()))
	}
}
