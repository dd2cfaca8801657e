package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ModifyPlan runs both guards at plan time. Terraform calls it again while applying a
// saved plan (without refreshing first), so a plan that went stale is caught there too.
func (r *entityResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || r.data == nil {
		return // a create: the creation guard runs at apply
	}
	prior, err := asObject(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := r.address(prior)
	atPlan := plannedVersion(ctx, prior, req.Private)

	if req.Plan.Raw.IsNull() {
		r.checkLive(ctx, addr, atPlan, "delete", &resp.Diagnostics)
		return
	}

	planned, err := asObject(req.Plan.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	if sameExceptRevision(planned, prior) {
		// Nothing to write: the revision stays what Konnect holds.
		planned[attrRevision] = prior[attrRevision]
		resp.Plan.Raw = tftypes.NewValue(req.Plan.Raw.Type(), map[string]tftypes.Value(planned))
		return
	}
	op := "update"
	for _, a := range r.kind.Attrs {
		if (a.ForceNew || a.Parent) && !planned[a.Name].Equal(prior[a.Name]) {
			op = "replace"
		}
	}
	live, _, ok := r.checkLive(ctx, addr, atPlan, op, &resp.Diagnostics)
	if !ok {
		return
	}
	r.checkRemoteEdits(ctx, req, addr, prior, planned, live, resp)
}

func sameExceptRevision(a, b objectValues) bool {
	for k, v := range a {
		if k == attrRevision {
			continue
		}
		if !v.Equal(b[k]) {
			return false
		}
	}
	return true
}

// checkRemoteEdits is Guard 2: base (last written) vs remote (refreshed) vs desired.
func (r *entityResource) checkRemoteEdits(ctx context.Context, req resource.ModifyPlanRequest, addr Address, prior, planned objectValues, live konnect.Object, resp *resource.ModifyPlanResponse) {
	b, diags := loadBase(ctx, req.Private)
	resp.Diagnostics.Append(diags...)
	if b == nil {
		return // nothing written by Terraform yet (state from an older provider)
	}
	remote, desired := r.managedValues(prior), r.managedValues(planned)
	conflicts := guard.Compare(r.fields, b.Values, remote, desired)
	// A field that moved since the previous read is someone's change too, even when it
	// moved back to the base (configuration had adopted the value it moved away from).
	if s := loadSeen(ctx, req.Private); s != nil && s.Before != nil {
		for _, c := range guard.Compare(r.fields, s.Before, remote, desired) {
			if !slices.ContainsFunc(conflicts, func(have guard.Conflict) bool { return have.Field.Name == c.Field.Name }) {
				conflicts = append(conflicts, c)
			}
		}
	}
	// Values Konnect never returns as written (passwords) are compared by their rendering
	// (a hash): if it moved, someone set another value, and this write would replace it.
	for _, a := range r.kind.Attrs {
		was, ok := b.Hidden[a.Name]
		if !a.NotReturned || !ok || guard.Equal(guard.Field{}, was, lookup(live, a)) {
			continue
		}
		f := guard.Field{Name: a.Name, Sensitive: true}
		conflicts = append(conflicts, guard.Conflict{Field: f, Base: was, Remote: lookup(live, a), Sensitive: true})
	}
	conflicts = r.expandJSONConflicts(ctx, prior, conflicts) // per key path; secrets hidden
	changedAt := guard.FormatUpdatedAt(live["updated_at"])
	if len(conflicts) == 0 {
		r.logDecision(ctx, "remote_edit", "ok", addr, nil)
		return
	}
	policy := r.data.policy
	e := &guard.RemoteEditError{Object: r.object(addr), Conflicts: conflicts, Policy: policy, ChangedAt: changedAt}
	r.logDecision(ctx, "remote_edit", "conflict_"+string(policy), addr, map[string]any{
		"fields": strings.Join(e.Fields(), ","), "revision_base": b.Revision, "revision_now": str(prior[attrRevision])})
	switch policy {
	case guard.PolicyWarn:
		resp.Diagnostics.AddWarning(e.Summary(), e.Detail())
	case guard.PolicyOverwrite:
	default:
		resp.Diagnostics.AddError(e.Summary(), e.Detail())
	}
}

// --- import ---------------------------------------------------------------------------

func (r *entityResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	addr, err := r.parseImportID(req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import id", err.Error())
		return
	}
	obj, _, err := r.kind.API.Get(ctx, r.data.client, addr)
	if konnect.IsNotFound(err) {
		resp.Diagnostics.AddError("Cannot import a Konnect object that does not exist",
			fmt.Sprintf("%s not found in Konnect.", r.object(addr)))
		return
	}
	if err != nil {
		r.apiError(&resp.Diagnostics, "Could not read "+r.kind.TypeName, err)
		return
	}
	r.finishWrite(ctx, obj, addr.Parents, nil, &resp.State.Raw, resp.Private, &resp.Diagnostics)
}

func (r *entityResource) parents() []string {
	var out []string
	for _, a := range r.kind.Attrs {
		if a.Parent {
			out = append(out, a.Name)
		}
	}
	return out
}

// ImportFormat documents the accepted import id for this kind.
func (r *entityResource) ImportFormat() string {
	parts := append(r.parents(), "id")
	if len(parts) == 1 {
		return "<id>"
	}
	return "<" + strings.Join(parts, ">/<") + ">" + ` or {"` + strings.Join(parts, `":"…","`) + `":"…"}`
}

// parseImportID accepts `<parent>/…/<id or name>` and Kong's official JSON form
// {"control_plane_id":"…","id":"…"}.
func (r *entityResource) parseImportID(id string) (Address, error) {
	parents := r.parents()
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
