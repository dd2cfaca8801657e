package engine

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// An object that no longer works (EntityKind.Expired: an access token past its expiry)
// stays in state after the refresh that finds it, with a mark in private state; the plan
// then replaces it: its values shown once (the token) become unknown and require the
// replacement. No guard runs on it: deleting a token that no longer works loses nothing, and
// the replacement is what configuration asks for.

const privateExpiredKey = "expired"

// expiredMark is the private state value: why the object no longer works, or nothing.
func expiredMark(why string) []byte {
	if why == "" {
		return nil
	}
	b, _ := json.Marshal(why)
	return b
}

// planExpired plans the replacement of an object the last refresh found no longer working;
// it reports whether it did (and the rest of ModifyPlan is skipped).
func (r *EntityResource) planExpired(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) bool {
	if r.Kind.Expired == nil || req.Plan.Raw.IsNull() {
		return false
	}
	if raw, _ := req.Private.GetKey(ctx, privateExpiredKey); len(raw) == 0 {
		return false
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		return false
	}
	for _, a := range r.Kind.Attrs {
		if a.ShownOnce {
			planned[a.Name] = tftypes.NewValue(a.Type.TFType(), tftypes.UnknownValue)
			resp.RequiresReplace = append(resp.RequiresReplace, path.Root(a.Name))
		}
	}
	r.unknownAfterWrite(planned) // fields.go: the revision and updated_at
	resp.Plan.Raw = tftypes.NewValue(req.Plan.Raw.Type(), map[string]tftypes.Value(planned))
	return len(resp.RequiresReplace) > 0
}
