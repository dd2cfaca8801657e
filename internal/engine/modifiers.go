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
