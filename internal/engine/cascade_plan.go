package engine

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The cascade guard at plan. A destroy that the cascade guard will refuse at apply (an
// object made outside this configuration under a parent being destroyed) is refused when
// it is planned, so that no managed child is deleted before the parent's refusal: a
// half-done destroy.
//
// What the parent's plan must tell apart is a child this same plan destroys (managed
// here) from one it does not (someone else's). Terraform plans a destroy walk
// (`terraform destroy`, `plan -destroy`, `apply -destroy`, a targeted destroy) in one
// provider process, children before the parents they reference: the walk's graph carries
// the state's dependencies reversed, as the apply does (measured with Terraform 1.5.7 and
// OpenTofu 1.12.6: a page's sub-pages, then the page, then its portal). So by the time a
// parent is planned, every managed child that references it has had its destroy planned
// in this process, recorded here; a listed child not recorded is not destroyed by this
// plan. A plain plan that destroys what was removed from configuration plans those
// orphans side by side, in no order: there the parent's plan cannot know, and the guard
// decides at apply only (where Terraform deletes children first), as before.
//
// Which walk this process serves: a destroy walk never refreshes (the destroy command
// refreshes in another process, with a plain plan of the configuration), and a plain plan
// refreshes every object it plans, unless -refresh=false; so the walk is a destroy walk when
// this process did not refresh the object and, when the provider runs as the CLI's plugin,
// the CLI's command line is a destroy (the destroy subcommand, or -destroy).

// walkRecord is what this provider process saw of the graph walk it serves.
type walkRecord struct {
	read sync.Map // "<type>/<id>": refreshed by this process
	mu   sync.Mutex
	// own holds the id of each object whose destroy this process planned: ids are unique
	// across Konnect, and one object may be managed under two types (an API's version, as a
	// konnect_api_specification too).
	own map[string]bool
	// links: "<type>/<id>" → the ids held by each object planned for destroy that holds id
	// (its own, its parents', what it links): a parent's listing names a link by what it
	// links, which is matched with the parent's id too.
	links map[string][][]string
}

// markRead records that this process refreshed the object.
func (w *walkRecord) markRead(typeName, id string) { w.read.Store(typeName+"/"+id, true) }

// planningDestroy records that this process planned the destroy of the object prior, a
// value of type typeName.
func (w *walkRecord) planningDestroy(typeName string, prior ObjectValues) {
	var ids []string
	for name, v := range prior {
		if name != AttrID && !strings.HasSuffix(name, "_id") {
			continue
		}
		if s := Str(v); s != "" {
			ids = append(ids, s)
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.own == nil {
		w.own, w.links = map[string]bool{}, map[string][][]string{}
	}
	if id := Str(prior[AttrID]); id != "" {
		w.own[id] = true
	}
	for _, id := range ids {
		w.links[typeName+"/"+id] = append(w.links[typeName+"/"+id], ids)
	}
}

// destroyPlanned reports that this process planned the destroy of the object a parent's
// listing shows as dep: the object with that id, or, for a link (listed by what it links, or
// without an id of its own), one of dep's type holding dep.ID and the parent's id.
func (w *walkRecord) destroyPlanned(dep guard.Dependent, parentID string, link bool) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !link {
		return w.own[dep.ID]
	}
	for _, ids := range w.links[dep.TypeName+"/"+dep.ID] {
		if slices.Contains(ids, parentID) {
			return true
		}
	}
	return false
}

// destroyWalk reports that this process serves a destroy walk (see above), in which the
// children of the object at addr were planned before it.
func (r *EntityResource) destroyWalk(addr Address) bool {
	_, read := r.Data.walk.read.Load(r.Kind.TypeName + "/" + addr.ID)
	if c := launchingCLI(); c.ID != "" {
		// (a destroy's first plan, of the configuration, refreshes what it plans: a plain
		// plan's walk, whose orphans are not ordered)
		return c.Destroy && !read
	}
	return !read
}

// planCascade is the cascade guard at the plan of a destroy (ModifyPlan): the guard's
// listings, less the children this plan destroys before the object, under the conflict
// policy. A listing that fails, or is truncated with nothing left to name, leaves the
// decision to the apply (checkCascade), which makes it again in any case.
func (r *EntityResource) planCascade(ctx context.Context, addr Address, prior ObjectValues, diags *diag.Diagnostics) {
	self, ok := r.cascadeRoot(addr, prior)
	if len(r.Kind.Dependents) == 0 || !ok || !r.destroyWalk(addr) {
		return
	}
	goneFor := func(d Dependent) func(konnect.Object) bool {
		link := d.Link != "" || d.IDField != ""
		return func(o konnect.Object) bool { return r.Data.walk.destroyPlanned(d.Describe(o, addr), addr.ID, link) }
	}
	found, truncated, failed, err := r.cascadeFound(ctx, "cascade_at_plan", addr, self, prior, goneFor)
	if err != nil {
		r.logDecision(ctx, "cascade_at_plan", "left_to_apply", addr, map[string]any{"collection": failed.Collection, "error": err.Error()})
		return
	}
	e := guard.CheckCascade(r.object(addr), found, truncated, r.Data.Policy)
	if e != nil {
		e.AtPlan = true
	}
	r.cascadeDecide(ctx, "cascade_at_plan", e, addr, truncated, diags)
}

// isDestroyArg reports a command line's destroy mode: the destroy subcommand, or -destroy
// given to plan or apply.
func isDestroyArg(args []string) bool {
	sub := Subcommand(args)
	if sub == "destroy" {
		return true
	}
	if sub != "plan" && sub != "apply" {
		return false
	}
	for _, a := range args[1:] {
		if a == "-destroy" || a == "--destroy" || a == "-destroy=true" || a == "--destroy=true" {
			return true
		}
	}
	return false
}
