package engine

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// planCreateOver: "creating" an object Konnect creates with its parent (SingletonAPI with
// Defaults: a portal's or the organization's settings) writes configuration over the object
// Konnect holds. When the parent exists already, the plan reads that object, and a field
// someone changed from Konnect's default that the create would set to another value is a
// conflict under the policy (guard.CheckCreateOver), reported before anything is written.
// Only fields whose default the kind declares (not null: a null is Konnect's to fill) can be
// told apart from someone's change; an object Konnect merges counts by the members written.
// A parent this apply creates has Konnect's defaults: nothing is read.
func (r *EntityResource) planCreateOver(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	s, ok := r.Kind.API.(interface{ Singleton() SingletonAPI })
	if !ok {
		return
	}
	api := s.Singleton()
	if api.Created || api.Kept || api.Defaults == nil {
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		return
	}
	for _, p := range r.Parents() {
		if v := planned[p]; !v.IsKnown() || v.IsNull() {
			return
		}
	}
	addr := r.address(planned)
	addr.ID = api.idOf(addr.Parents)
	body, err := r.Body(planned)
	if err != nil {
		return // the apply reports it
	}
	live, _, err := r.Kind.API.Get(ctx, r.Data.Client, addr)
	if konnect.IsNotFound(err) {
		return // no parent: the apply's error names it
	}
	if err != nil {
		r.apiError(&resp.Diagnostics, "Could not read "+r.Kind.TypeName+" before writing over it", err)
		return
	}
	var edits []guard.SettingEdit
	for _, a := range r.Kind.Attrs {
		want, sent := body[a.JSONName()]
		def := api.Defaults[a.JSONName()]
		if !sent || !a.Managed() || def == nil {
			// (a default written as null is Konnect's to fill: its value is not known here,
			// and neither is whether someone changed it)
			continue
		}
		remote := live[a.JSONName()]
		if w, ok := want.(map[string]any); ok {
			// an object Konnect merges: only the members the create writes
			remote, def = members(remote, w), members(def, w)
		}
		edits = append(edits, guard.SettingEdit{Field: guard.Field{Name: a.Name, Sensitive: a.Sensitive, Set: a.Type.Kind == KSet},
			Default: def, Remote: remote, Desired: want})
	}
	e := guard.CheckCreateOver(r.object(addr), edits, r.Data.Policy)
	if e == nil {
		r.logDecision(ctx, "create_over", "ok", addr, nil)
		return
	}
	names := make([]string, len(e.Edits))
	for i, s := range e.Edits {
		names[i] = s.Field.Name
	}
	r.logDecision(ctx, "create_over", "conflict_"+string(e.Policy), addr, map[string]any{"fields": names})
	if e.Policy == guard.PolicyWarn {
		resp.Diagnostics.AddWarning(e.Summary(), e.Detail())
		return
	}
	resp.Diagnostics.AddError(e.Summary(), e.Detail())
}

// members is v's members named in keys (v itself when it is no object).
func members(v any, keys map[string]any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := map[string]any{}
	for k := range keys {
		if x, ok := m[k]; ok {
			out[k] = x
		}
	}
	return out
}
