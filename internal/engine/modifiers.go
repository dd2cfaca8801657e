package engine

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// unknownWhenChanged plans a computed string as unknown when the attribute it is derived
// from changes (the engine otherwise keeps the state's value for computed attributes).
func UnknownWhenChanged(source string) planmodifier.String { return unknownWhenChangedModifier(source) }

type unknownWhenChangedModifier string

func (m unknownWhenChangedModifier) Description(context.Context) string {
	return "Recomputed by Konnect when " + string(m) + " changes."
}

func (m unknownWhenChangedModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m unknownWhenChangedModifier) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var configured, prior types.String
	p := path.Root(string(m))
	if d := req.Config.GetAttribute(ctx, p, &configured); d.HasError() {
		return
	}
	if d := req.State.GetAttribute(ctx, p, &prior); d.HasError() {
		return
	}
	// Configuration decides whether the source changes: unset, it keeps what Konnect holds
	// (the engine keeps the state's value), whatever order the framework plans the two in.
	if !configured.IsNull() && !configured.Equal(prior) {
		resp.PlanValue = types.StringUnknown()
	}
}

// UnchangedPlanNoop: see jsonSemanticEquality.
func (unknownWhenChangedModifier) UnchangedPlanNoop() {}

// StringDefaultWhenUnknown plans value for a string that configuration leaves unset and
// that has no value yet (a create): the value Konnect uses then (a CMEK's id, "default"),
// so that the plan and the create's checks know it.
func StringDefaultWhenUnknown(value string) planmodifier.String { return defaultWhenUnknown(value) }

type defaultWhenUnknown string

func (m defaultWhenUnknown) Description(context.Context) string {
	return "Defaults to " + string(m) + " when unset."
}

func (m defaultWhenUnknown) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m defaultWhenUnknown) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.ConfigValue.IsNull() && resp.PlanValue.IsUnknown() {
		resp.PlanValue = types.StringValue(string(m))
	}
}

// UnchangedPlanNoop: an unchanged plan holds the prior state's value, never an unknown one.
func (defaultWhenUnknown) UnchangedPlanNoop() {}
