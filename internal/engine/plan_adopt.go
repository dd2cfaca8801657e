package engine

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
)

// noticeFoldedAdoptions is the adoption warning of a plan that writes: values someone
// changed in Konnect that configuration now sets to what Konnect holds are adopted by the
// same update that writes the other changes (the write records them in the base), and the
// user is told so, as for an adoption that writes nothing.
func (r *EntityResource) noticeFoldedAdoptions(ctx context.Context, addr Address, b *guard.Base, cfg, prior, planned ObjectValues, resets resetPlan, diags *diag.Diagnostics) {
	if b == nil {
		return
	}
	remote, desired := r.ManagedValues(prior), r.ManagedValues(planned)
	resets.desired(desired)
	set := func(name string) bool { v, ok := cfg[name]; return ok && !v.IsNull() }
	adopted := guard.Adoptions(r.Fields, set, b.Values, remote, desired)
	if len(adopted) == 0 {
		return
	}
	n := &guard.AdoptionNotice{Object: r.object(addr), Adopted: adopted, WithUpdate: true}
	r.logDecision(ctx, "remote_edit", "adopt_with_update", addr, map[string]any{"fields": strings.Join(n.Names(), ",")})
	diags.AddWarning(n.Summary(), n.Detail())
}
