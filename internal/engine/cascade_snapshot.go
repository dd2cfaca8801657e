package engine

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The cascade guard's listings, once per apply. Listing every dependent collection of
// every parent costs calls per parent (a destroy of 300 services made 300 plugin listings).
// Instead, at the first parent delete that needs it, the guard lists the control plane's
// whole collection of such objects once (all pages) and keeps it for the rest of this
// provider run (one Terraform graph walk: the apply), grouped by the parent each object
// references. Objects this run has deleted since are left out: Terraform deletes the
// children it manages before their parent, so they are gone by the time the parent is
// deleted, even when the listing was taken before.
//
// The window: an object created outside Terraform in the same control plane after the
// listing was taken, during the same apply, is not seen by the guard for the parents
// deleted later in that apply; Konnect deletes it with its parent. A listing that fails is
// not kept (the next parent tries again), and the guard treats the failure like a
// conflict, as before. When the listing shows dependents of a parent, that parent's
// collection is listed live before anything is reported (a refusal is rare; its diagnostic
// names what Konnect holds now). Dependents with no control-plane-wide listing (an upstream's
// targets, a group's members) are still listed per parent.

type cascadeSnapshots struct {
	mu      sync.Mutex
	lists   map[string]*cascadeList // by control-plane-wide collection path
	deleted map[string]bool         // ids this run deleted
}

type cascadeList struct {
	ready    chan struct{}
	all      []konnect.Object
	byParent map[string][]konnect.Object // parent id (of any kind) -> objects referencing it
	err      error
}

// remaining returns what this run's listing of the collection at path holds and this run
// has not deleted since, and whether there is such a listing (complete, without error).
// A control plane's delete uses it instead of listing again: one listing per collection
// per apply.
func (cs *cascadeSnapshots) remaining(path string) ([]konnect.Object, bool) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	l := cs.lists[path]
	if l == nil {
		return nil, false
	}
	select {
	case <-l.ready:
	default:
		return nil, false // still being listed (by another parent's delete)
	}
	if l.err != nil {
		return nil, false
	}
	var out []konnect.Object
	for _, o := range l.all {
		if id, _ := o["id"].(string); !cs.deleted[id] {
			out = append(out, o)
		}
	}
	return out, true
}

// under returns the objects of this run's listing at key that reference parent and that
// this run has not deleted since. The listing is taken once (list, all pages) at the first
// call for key, and grouped by the parents each object references (parents); a listing
// that fails is not kept, and the next call lists again.
func (cs *cascadeSnapshots) under(ctx context.Context, key, parent string, list func() ([]konnect.Object, error), parents func(konnect.Object) []string) ([]konnect.Object, error) {
	cs.mu.Lock()
	l := cs.lists[key]
	if l == nil {
		l = &cascadeList{ready: make(chan struct{})}
		cs.lists[key] = l
		cs.mu.Unlock()
		objs, err := list()
		l.err, l.all = err, objs
		l.byParent = map[string][]konnect.Object{}
		for _, o := range objs {
			for _, p := range parents(o) {
				l.byParent[p] = append(l.byParent[p], o)
			}
		}
		if err != nil {
			cs.mu.Lock()
			delete(cs.lists, key) // not kept: the next parent lists again
			cs.mu.Unlock()
		}
		close(l.ready)
	} else {
		cs.mu.Unlock()
	}
	select {
	case <-l.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if l.err != nil {
		return nil, l.err
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	var out []konnect.Object
	for _, o := range l.byParent[parent] {
		if id, _ := o["id"].(string); !cs.deleted[id] {
			out = append(out, o)
		}
	}
	return out, nil
}

var cascadeMu sync.Mutex

// cascade returns this run's cascade snapshots, created on first use.
func (s *snapshots) cascade() *cascadeSnapshots {
	cascadeMu.Lock()
	defer cascadeMu.Unlock()
	if s.casc == nil {
		s.casc = &cascadeSnapshots{lists: map[string]*cascadeList{}, deleted: map[string]bool{}}
	}
	return s.casc
}

// parentRef is the reference field that names a parent of the collection at path's end.
var parentRef = map[string]string{
	"services": "service", "routes": "route", "consumers": "consumer", "consumer_groups": "consumer_group",
	"certificates": "certificate", "key-sets": "set",
}

// parentRefFields are parentRef's values, in a fixed order.
var parentRefFields = []string{"service", "route", "consumer", "consumer_group", "certificate", "set"}

// dependentsOf lists the objects of collection d below the parent at self: from this run's
// listing of the whole control plane when Konnect has one, else per parent (one page; a
// platform listing, every page).
func (r *EntityResource) DependentsOf(ctx context.Context, addr Address, self string, d Dependent) ([]konnect.Object, bool, error) {
	return r.dependentsOf(ctx, addr, self, d, nil)
}

// dependentsOf is DependentsOf; gone, when set, tells the objects that go before the
// parent (the cascade guard at plan: those this plan destroys first). A listing of the whole
// control plane that shows nothing else under the parent then needs no live listing of it.
func (r *EntityResource) dependentsOf(ctx context.Context, addr Address, self string, d Dependent, gone func(konnect.Object) bool) ([]konnect.Object, bool, error) {
	others := func(objs []konnect.Object) []konnect.Object {
		if gone == nil {
			return objs
		}
		var out []konnect.Object
		for _, o := range objs {
			if !gone(o) {
				out = append(out, o)
			}
		}
		return out
	}
	if d.Across != "" {
		return r.listAcross(ctx, addr, d, others)
	}
	if d.Descendants {
		// The object's own collection, a tree: what is under the object at any depth.
		col := self[:strings.LastIndexByte(self, '/')]
		if r.Data.Snapshots != nil {
			// Once per run, as a control plane's collections: the tree, each object under
			// every object above it. Only a parent it shows something under is listed live.
			out, err := r.Data.Snapshots.cascade().under(ctx, "tree:"+col, addr.ID, func() ([]konnect.Object, error) {
				objs, err := ListPlatform(ctx, r.Data.Client, col)
				return withAncestors(objs, d.Tree, nil), err
			}, func(o konnect.Object) []string {
				above, _ := o[ancestorsKey].([]string)
				return above
			})
			if err != nil {
				return nil, false, err
			}
			if len(others(out)) == 0 {
				return nil, false, nil
			}
		}
		objs, err := ListPlatform(ctx, r.Data.Client, col)
		return descendants(objs, d.Tree, addr.ID), false, err
	}
	if d.Platform {
		// A platform listing below the parent: every page of it, live (a parent has few).
		base := self
		if d.Above {
			base = strings.TrimSuffix(self, "/core-entities")
		}
		objs, err := ListPlatform(ctx, r.Data.Client, base+"/"+d.Collection)
		if d.Tree != "" {
			objs = flattenTree(objs, d.Tree)
		}
		if err == nil {
			r.readOwners(ctx, d, objs)
		}
		return objs, false, err
	}
	var ref string
	if l, ok := r.Kind.API.(Listable); ok {
		parentCol := l.Listing().Collection(addr.Parents)
		ref = parentRef[parentCol[strings.LastIndexByte(parentCol, '/')+1:]]
	}
	cp := addr.Parents["control_plane_id"]
	if _, ok := r.Kind.API.(ControlPlaneAPI); ok && d.All != "" && r.Data.Snapshots != nil {
		// The control plane is deleted after everything this run deleted in it: a listing
		// this run took for a parent there, less what it deleted since, is what is left,
		// unless it shows something (then the diagnostic comes from a live listing).
		if objs, ok := r.Data.Snapshots.cascade().remaining(konnect.CoreEntitiesPath(addr.ID, d.All)); ok && len(others(objs)) == 0 {
			return nil, false, nil
		}
	}
	if d.All == "" || ref == "" || cp == "" || r.Data.Snapshots == nil {
		return r.Data.Client.ListFirstPage(ctx, self+"/"+d.Collection, cascadePageSize)
	}
	all := konnect.CoreEntitiesPath(cp, d.All)
	out, err := r.Data.Snapshots.cascade().under(ctx, all, addr.ID, func() ([]konnect.Object, error) {
		return r.Data.Client.ListEntities(ctx, all, url.Values{"size": {"1000"}})
	}, func(o konnect.Object) []string {
		// Under every parent it references (a plugin of a service and a consumer goes
		// with either): one listing serves every kind of parent.
		var ps []string
		for _, f := range parentRefFields {
			if p := refID(o[f]); p != "" {
				ps = append(ps, p)
			}
		}
		return ps
	})
	if err != nil {
		return nil, false, err
	}
	if len(others(out)) > 0 {
		// Something to report: what the diagnostic names comes from a live listing of this
		// parent's collection, so that an object deleted since the listing is never
		// reported (and one added since, to this parent, is).
		return r.Data.Client.ListFirstPage(ctx, self+"/"+d.Collection, cascadePageSize)
	}
	return nil, false, nil
}

// deleted records an object this run deleted (or found already gone).
func (s *snapshots) Deleted(id string) {
	if s == nil {
		return
	}
	cs := s.cascade()
	cs.mu.Lock()
	cs.deleted[id] = true
	cs.mu.Unlock()
}

func refID(v any) string {
	m, _ := v.(map[string]any)
	id, _ := m["id"].(string)
	return id
}

// ancestorsKey holds, in the cascade snapshot of a tree, the ids of the objects above one.
const ancestorsKey = "\x00ancestors"

// withAncestors flattens a tree (children in field) into a copy of each object that holds,
// under ancestorsKey, the ids of every object above it.
func withAncestors(tree []konnect.Object, field string, above []string) []konnect.Object {
	var out []konnect.Object
	for _, o := range tree {
		c := make(konnect.Object, len(o)+1)
		for k, v := range o {
			c[k] = v
		}
		c[ancestorsKey] = above
		out = append(out, c)
		id, _ := o["id"].(string)
		out = append(out, withAncestors(childrenOf(o, field), field, append(slices.Clip(above), id))...)
	}
	return out
}

// descendants are the objects under the one with this id, at any depth, in a tree whose
// children are in field; none when it is not in the tree.
func descendants(tree []konnect.Object, field, id string) []konnect.Object {
	for _, o := range flattenTree(tree, field) {
		if o["id"] == id {
			return flattenTree(childrenOf(o, field), field)
		}
	}
	return nil
}

// flattenTree lists the objects of a tree (each holding its children under field) parents
// first, at any depth.
func flattenTree(objs []konnect.Object, field string) []konnect.Object {
	var out []konnect.Object
	for _, o := range objs {
		out = append(out, o)
		out = append(out, flattenTree(childrenOf(o, field), field)...)
	}
	return out
}

// childrenOf is the objects o holds under field (a tree's children).
func childrenOf(o konnect.Object, field string) []konnect.Object {
	kids, _ := o[field].([]any)
	var children []konnect.Object
	for _, k := range kids {
		if c, ok := k.(map[string]any); ok {
			children = append(children, c)
		}
	}
	return children
}

// listAcross lists the objects of an Across dependent that reference the parent at addr,
// each with its owner under "owner" when OwnerPath is set (an owner gone since is left out).
//
// With Scope, the listing is taken once per apply for the parent's control plane
// (filter[Scope][eq]=<control plane id>, every page) and grouped by the parent each object
// names at Ref; only a parent that has some is listed live, as the diagnostic's source.
func (r *EntityResource) listAcross(ctx context.Context, addr Address, d Dependent, others func([]konnect.Object) []konnect.Object) ([]konnect.Object, bool, error) {
	if scope := addr.Parents[d.Scope]; d.Scope != "" && scope != "" && r.Data.Snapshots != nil {
		key := d.Across + "?" + d.Scope + "=" + scope
		some, err := r.Data.Snapshots.cascade().under(ctx, key, addr.ID, func() ([]konnect.Object, error) {
			return ListPlatformQuery(ctx, r.Data.Client, d.Across, url.Values{"filter[" + d.Scope + "][eq]": {scope}})
		}, func(o konnect.Object) []string {
			if p := stringAt(o, d.Ref); p != "" {
				return []string{p}
			}
			return nil
		})
		if err != nil || len(others(some)) == 0 {
			return nil, false, err
		}
	}
	objs, err := ListPlatformQuery(ctx, r.Data.Client, d.Across, url.Values{"filter[" + d.Filter + "][eq]": {addr.ID}})
	if err != nil {
		return objs, false, err
	}
	r.readOwners(ctx, d, objs)
	return objs, false, nil
}

// readOwners puts each listed object's owner (GET OwnerPath/<obj[Owner]>) under "owner",
// for NameFields ("owner.name"); an owner that cannot be read is left out.
func (r *EntityResource) readOwners(ctx context.Context, d Dependent, objs []konnect.Object) {
	if d.OwnerPath == "" {
		return
	}
	for _, o := range objs {
		owner, _ := o[d.Owner].(string)
		if owner == "" {
			continue
		}
		var obj konnect.Object
		if _, err := r.Data.Client.Do(ctx, http.MethodGet, d.OwnerPath+"/"+url.PathEscape(owner), nil, nil, &obj); err == nil {
			o["owner"] = obj
		}
	}
}

// stringAt returns the string at path in o ("" when there is none).
func stringAt(o map[string]any, path []string) string {
	var v any = o
	for _, k := range path {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	s, _ := v.(string)
	return s
}
