package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Two resources of one configuration that plan the same object: two pages of one slug under
// one parent, two identical role grants. Konnect takes the first create and refuses the
// second (or keeps two where it should keep one), after the rest of the apply was written.
// Every create of a plan is planned in one provider process, so the plan of each create of
// a kind with Unique attributes records what it creates; the second of two that match fails
// on the last Unique attribute, saying which values they share. Values not yet known (a
// parent created in the same run) are not compared: they may differ. A Unique name ending
// in "?" counts as a value when unset (Konnect then chooses it the same way for both).

// planDuplicate is that check, on the plan of a create.
func (r *EntityResource) planDuplicate(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if len(r.Kind.Unique) == 0 {
		return
	}
	m, err1 := AsObject(req.Plan.Raw)
	cfg, err2 := AsObject(req.Config.Raw)
	if err1 != nil || err2 != nil {
		return
	}
	var key, shown []string
	for _, u := range r.Kind.Unique {
		name, unsetCounts := strings.CutSuffix(u, "?")
		v, ok := m[name]
		s := "null"
		switch {
		case !ok:
			return
		case !v.IsKnown() && unsetCounts && cfg[name].IsNull():
			s = "(unset)" // Konnect chooses, the same for both
		case !v.IsKnown():
			return
		case !v.IsNull():
			s = fmt.Sprintf("%q", Str(v))
		}
		key = append(key, s)
		shown = append(shown, name+" = "+s)
	}
	k := r.Kind.TypeName + "\x00" + strings.Join(key, "\x00")
	if _, seen := r.Data.planned.LoadOrStore(k, true); !seen {
		return
	}
	last := strings.TrimSuffix(r.Kind.Unique[len(r.Kind.Unique)-1], "?")
	r.logDecision(ctx, "create_duplicate", "conflict_at_plan", r.address(m), nil)
	resp.Diagnostics.AddAttributeError(path.Root(last), "Two resources plan the same "+r.Kind.TypeName,
		fmt.Sprintf("Another %s resource of this configuration plans to create the same object: %s. "+
			"Konnect keeps one object for these values, so the second create would fail (or make a second object) after the rest of the apply was written. "+
			"Remove one of the two resources, or change %s in one of them.", r.Kind.TypeName, strings.Join(shown, ", "), last))
}
