package engine

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// sameElementState is UseStateForUnknown for an attribute inside an element of a list or
// set of objects (a plugin's partials: `name` and `path`, which Konnect fills in): the
// state's value is kept only when the state's element at that place is the same element,
// every value the plan knows for it equal to the state's. An element that is new, or whose
// configured values changed (another partial linked), leaves what Konnect fills in unknown
// until apply: keeping the state's value there (null for a new element) would promise a
// value the write cannot return ("Provider produced inconsistent result after apply").
type sameElementState struct{}

func (sameElementState) Description(context.Context) string {
	return "Keeps the value in state while the element it belongs to stays the same."
}

func (m sameElementState) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

// keep reports whether the state's value at p may stand for the unknown planned one.
func (sameElementState) keep(ctx context.Context, p path.Path, state tfsdk.State, plan tfsdk.Plan, planValue, configValue interface{ IsUnknown() bool }) bool {
	if state.Raw.IsNull() || !planValue.IsUnknown() || configValue.IsUnknown() {
		return false
	}
	elem := p.ParentPath()
	var planned, prior types.Object
	if d := plan.GetAttribute(ctx, elem, &planned); d.HasError() || planned.IsNull() || planned.IsUnknown() {
		return false
	}
	if d := state.GetAttribute(ctx, elem, &prior); d.HasError() || prior.IsNull() || prior.IsUnknown() {
		return false
	}
	was := prior.Attributes()
	for name, v := range planned.Attributes() {
		if v.IsUnknown() {
			continue
		}
		if w, ok := was[name]; !ok || !v.Equal(w) {
			return false
		}
	}
	return true
}

func (m sameElementState) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

func (m sameElementState) PlanModifyInt64(ctx context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

func (m sameElementState) PlanModifyFloat64(ctx context.Context, req planmodifier.Float64Request, resp *planmodifier.Float64Response) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

func (m sameElementState) PlanModifyBool(ctx context.Context, req planmodifier.BoolRequest, resp *planmodifier.BoolResponse) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

func (m sameElementState) PlanModifyList(ctx context.Context, req planmodifier.ListRequest, resp *planmodifier.ListResponse) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

func (m sameElementState) PlanModifySet(ctx context.Context, req planmodifier.SetRequest, resp *planmodifier.SetResponse) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

func (m sameElementState) PlanModifyMap(ctx context.Context, req planmodifier.MapRequest, resp *planmodifier.MapResponse) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

func (m sameElementState) PlanModifyObject(ctx context.Context, req planmodifier.ObjectRequest, resp *planmodifier.ObjectResponse) {
	if m.keep(ctx, req.Path, req.State, req.Plan, req.PlanValue, req.ConfigValue) {
		resp.PlanValue = req.StateValue
	}
}

// UnchangedPlanNoop: an unchanged plan has no unknown value (it is the prior state), so
// the modifier does nothing there (the protocol fast path, server.go).
func (sameElementState) UnchangedPlanNoop() {}
