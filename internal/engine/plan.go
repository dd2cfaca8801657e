package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ModifyPlan runs both guards at plan time. Terraform calls it again while applying a
// saved plan (without refreshing first), so a plan that went stale is caught there too.
func (r *EntityResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	defer r.planConfigSecrets(ctx, req, resp) // config_secrets.go: runs last
	r.checkPlanned(ctx, req, resp)
	if req.State.Raw.IsNull() || r.Data == nil {
		return // a create: the creation guard runs at apply
	}
	prior, err := AsObject(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := r.address(prior)
	if RefreshCommand() { // refreshcmd.go: the plan of `terraform refresh` writes nothing
		r.logDecision(ctx, "all", "skipped_in_refresh", addr, nil)
		return
	}
	atPlan := plannedVersion(ctx, prior, req.Private)

	b, diags := LoadBase(ctx, req.Private)
	resp.Diagnostics.Append(diags...)

	if req.Plan.Raw.IsNull() {
		if m := refreshedNow(ctx, req.Private, prior); m != nil { // refreshmark.go
			r.logDecision(ctx, "stale_plan", "refreshed_by_this_command", addr, map[string]any{"revision_at_plan": atPlan.Revision})
			r.checkDestroy(ctx, addr, b, prior, konnect.Object{"updated_at": m.UpdatedAt, "id": addr.ID}, m.Hidden, resp)
		} else if live, _, ok := r.checkLive(ctx, addr, atPlan, guard.OpDelete, &resp.Diagnostics); ok {
			r.checkDestroy(ctx, addr, b, prior, live, r.Hidden(live), resp)
		}
		return
	}

	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	cfg, err := AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	r.plannedImportSecrets(ctx, req.Private, prior, planned) // secrets.go: secrets an import kept out of state
	resets := r.resets(cfg, b)
	resets.plan(planned, cfg)
	for _, a := range resets.attrs {
		if a.ForceNew && !planned[a.Name].Equal(prior[a.Name]) {
			resp.RequiresReplace = append(resp.RequiresReplace, path.Root(a.Name))
		}
	}
	if r.sameExceptWritten(planned, prior) {
		r.keepWritten(planned, prior) // fields.go: the revision and updated_at stay
		if adopted := r.adoptions(b, cfg, prior); len(adopted) > 0 {
			// Nothing to write, but values to adopt: plan an update that writes nothing,
			// so that the apply records them in the base (Guard 1 still applies).
			if _, _, ok := r.checkLive(ctx, addr, atPlan, guard.OpUpdate, &resp.Diagnostics); !ok {
				return
			}
			n := &guard.AdoptionNotice{Object: r.object(addr), Adopted: adopted}
			r.logDecision(ctx, "remote_edit", "adopt", addr, map[string]any{"fields": strings.Join(n.Names(), ",")})
			resp.Diagnostics.AddWarning(n.Summary(), n.Detail())
			r.unknownAfterWrite(planned)
		}
		resp.Plan.Raw = tftypes.NewValue(req.Plan.Raw.Type(), map[string]tftypes.Value(planned))
		return
	}
	// The plan writes: the revision is Konnect's after the write (the framework marks it
	// unknown too, unless only resets made this plan differ from the prior state).
	r.unknownAfterWrite(planned) // fields.go: the revision and updated_at
	// writeonly.go: a classic secret coming back into state; a password that must be sent
	secretsOK := r.planSecrets(prior, planned, cfg, &resp.Diagnostics)
	resp.Plan.Raw = tftypes.NewValue(req.Plan.Raw.Type(), map[string]tftypes.Value(planned))
	if !secretsOK {
		return
	}
	op := guard.OpUpdate
	for _, a := range r.Kind.Attrs {
		if (a.ForceNew || a.Parent) && !planned[a.Name].Equal(prior[a.Name]) {
			op = guard.OpReplace
		}
	}
	live, _, ok := r.checkLive(ctx, addr, atPlan, op, &resp.Diagnostics)
	if !ok {
		return
	}
	r.checkRemoteEdits(ctx, req, addr, b, resets, prior, planned, live, resp)
	r.noticeFoldedAdoptions(ctx, addr, b, cfg, prior, planned, resets, &resp.Diagnostics) // plan_adopt.go
}

// adoptions are the values configuration now sets to what Konnect holds, where Konnect
// differs from the base.
func (r *EntityResource) adoptions(b *guard.Base, cfg, prior ObjectValues) []guard.Adopted {
	if b == nil {
		return nil
	}
	values := r.ManagedValues(prior)
	set := func(name string) bool { v, ok := cfg[name]; return ok && !v.IsNull() }
	adopted := guard.Adoptions(r.Fields, set, b.Values, values, values)
	for i := range adopted {
		adopted[i].FirstSet = b.Follows(adopted[i].Field.Name)
	}
	return adopted
}

// checkRemoteEdits is Guard 2 for a plan that writes (guard.RemoteEdits).
func (r *EntityResource) checkRemoteEdits(ctx context.Context, req resource.ModifyPlanRequest, addr Address, b *guard.Base, resets resetPlan, prior, planned ObjectValues, live konnect.Object, resp *resource.ModifyPlanResponse) {
	if b == nil {
		return // nothing written by Terraform yet (state from an older provider)
	}
	remote, desired := r.ManagedValues(prior), r.ManagedValues(planned)
	resets.desired(desired)
	hidden := r.Hidden(live)
	r.rekeyBase(b, hidden, live["updated_at"], live["id"]) // digest.go
	r.unsentSecrets(prior, planned, hidden)                // writeonly.go: a secret this plan does not send cannot conflict
	conflicts := guard.RemoteEdits(r.Fields, b, loadSeen(ctx, req.Private), remote, desired, hidden)
	r.report(ctx, addr, b, prior, live, conflicts, false, &resp.Diagnostics)
}

// hidden is how Konnect renders the values it never returns as written (a password's hash).
func (r *EntityResource) Hidden(live konnect.Object) guard.Values {
	out := guard.Values{}
	for _, a := range r.Kind.Attrs {
		if a.NotReturned {
			out[a.Name] = Lookup(live, a)
		}
	}
	r.addRenderings(live, out) // writeonly.go: of write-only secrets, never the secret
	r.keyedHidden(live, out)   // digest.go: keyed digests only
	return out
}

// checkDestroy is Guard 2 for a delete (guard.DestroyEdits): destroying an object that
// someone changed in Konnect since Terraform last wrote or adopted it deletes their changes.
func (r *EntityResource) checkDestroy(ctx context.Context, addr Address, b *guard.Base, prior ObjectValues, live konnect.Object, hidden guard.Values, resp *resource.ModifyPlanResponse) {
	if b == nil {
		return
	}
	r.rekeyBase(b, hidden, live["updated_at"], live["id"]) // digest.go
	conflicts, followed := guard.SplitDestroyEdits(b, guard.DestroyEdits(r.Fields, b, r.ManagedValues(prior), hidden))
	if followed = r.expandJSONConflicts(ctx, prior, followed, true); len(followed) > 0 {
		n := &guard.DestroyNotice{Object: r.object(addr), ChangedAt: guard.FormatUpdatedAt(live["updated_at"]), Followed: followed}
		r.logDecision(ctx, "remote_edit_destroy", "followed", addr, map[string]any{"fields": len(followed)})
		if r.Data.Policy != guard.PolicyOverwrite {
			resp.Diagnostics.AddWarning(n.Summary(), n.Detail())
		}
	}
	r.report(ctx, addr, b, prior, live, conflicts, true, &resp.Diagnostics)
}

// report turns Guard 2's conflicts into what the policy says: an error, a warning, or a
// line in the log.
func (r *EntityResource) report(ctx context.Context, addr Address, b *guard.Base, prior ObjectValues, live konnect.Object, conflicts []guard.Conflict, destroy bool, diags *diag.Diagnostics) {
	g := "remote_edit"
	if destroy {
		g = "remote_edit_destroy"
	}
	conflicts = r.expandJSONConflicts(ctx, prior, conflicts, destroy) // per key path; secrets hidden
	if len(conflicts) == 0 {
		r.logDecision(ctx, g, "ok", addr, nil)
		return
	}
	policy := r.Data.Policy
	e := &guard.RemoteEditError{Object: r.object(addr), Conflicts: conflicts, Policy: policy, ChangedAt: guard.FormatUpdatedAt(live["updated_at"]), Destroy: destroy}
	r.logDecision(ctx, g, "conflict_"+string(policy), addr, map[string]any{
		"fields": strings.Join(e.Fields(), ","), "revision_base": b.Revision, "revision_now": Str(prior[attrRevision])})
	switch policy {
	case guard.PolicyWarn:
		diags.AddWarning(e.Summary(), e.Detail())
	case guard.PolicyOverwrite:
	default:
		diags.AddError(e.Summary(), e.Detail())
	}
}

// --- import ---------------------------------------------------------------------------

func (r *EntityResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	addr, err := r.ParseImportID(req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import id", err.Error())
		return
	}
	obj, _, err := r.Kind.API.Get(ctx, r.Data.Client, addr)
	if konnect.IsNotFound(err) {
		resp.Diagnostics.AddError("Cannot import a Konnect object that does not exist",
			fmt.Sprintf("%s not found in Konnect.", r.object(addr)))
		return
	}
	if err != nil {
		r.apiError(&resp.Diagnostics, "Could not read "+r.Kind.TypeName, err)
		return
	}
	r.finishWrite(ctx, obj, addr.Parents, nil, nil, &resp.State.Raw, resp.Private, &resp.Diagnostics)
}

func (r *EntityResource) Parents() []string {
	var out []string
	for _, a := range r.Kind.Attrs {
		if a.Parent {
			out = append(out, a.Name)
		}
	}
	return out
}

// ImportFormat documents the accepted import id for this kind.
func (r *EntityResource) ImportFormat() string {
	parts := append(r.Parents(), "id")
	if len(parts) == 1 {
		return "<id>"
	}
	return "<" + strings.Join(parts, ">/<") + ">" + ` or {"` + strings.Join(parts, `":"…","`) + `":"…"}`
}

// parseImportID accepts `<parent>/…/<id or name>` and Kong's official JSON form
// {"control_plane_id":"…","id":"…"}.
func (r *EntityResource) ParseImportID(id string) (Address, error) {
	parents := r.Parents()
	addr := Address{Parents: map[string]string{}}
	id = strings.TrimSpace(id)
	if !utf8.ValidString(id) {
		return addr, fmt.Errorf("import id %q is not valid UTF-8; expected %s", id, r.ImportFormat())
	}
	if strings.HasPrefix(id, "{") {
		var m map[string]string
		if err := json.Unmarshal([]byte(id), &m); err != nil {
			return addr, fmt.Errorf("import id %q is not valid JSON of strings: %v; expected %s", id, err, r.ImportFormat())
		}
		for _, p := range append(parents, "id") {
			if m[p] == "" {
				return addr, fmt.Errorf("import id %q has no %q; expected %s", id, p, r.ImportFormat())
			}
		}
		for _, p := range parents {
			addr.Parents[p] = m[p]
		}
		addr.ID = m["id"]
		return addr, nil
	}
	parts := strings.Split(id, "/")
	if len(parts) != len(parents)+1 {
		return addr, fmt.Errorf("import id %q has %d part(s); expected %s", id, len(parts), r.ImportFormat())
	}
	for i, p := range parents {
		if parts[i] == "" {
			return addr, fmt.Errorf("import id %q has an empty %s; expected %s", id, p, r.ImportFormat())
		}
		addr.Parents[p] = parts[i]
	}
	addr.ID = parts[len(parts)-1]
	if addr.ID == "" {
		return addr, fmt.Errorf("import id %q has an empty id; expected %s", id, r.ImportFormat())
	}
	return addr, nil
}

// checkPlanned runs the kind's Check on a create or a change (never on a plan that changes
// nothing): each problem is an error on its attribute, and the plan fails.
func (r *EntityResource) checkPlanned(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.Kind.Check == nil || r.Data == nil || r.Data.Client == nil || req.Plan.Raw.IsNull() || req.Plan.Raw.Equal(req.State.Raw) {
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		return
	}
	values := konnect.Object{}
	for _, a := range r.Kind.Attrs {
		if v, ok := planned[a.Name]; ok && v.IsFullyKnown() && !v.IsNull() {
			if j, err := a.Type.ToJSON(v); err == nil {
				values[a.JSONName()] = j
			}
		}
	}
	for _, p := range r.Kind.Check(ctx, r.Data.Client, values) {
		resp.Diagnostics.AddAttributeError(path.Root(p.Attr), p.Summary, p.Detail)
	}
}
