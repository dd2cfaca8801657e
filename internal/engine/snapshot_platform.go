package engine

import (
	"context"
	"net/url"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Platform collections join the refresh snapshots (snapshot.go) when their API is Listed:
// Konnect's listing of the collection answers each object with every field its GET does.
// A kind whose listing leaves fields out (a portal page's content, an API version's
// specification) is not Listed, and its refresh reads each object with a GET.

// platformCollection is an API whose objects live in one platform collection per parents
// (PlatformAPI and the kinds that embed it).
type platformCollection interface {
	// listedCollection is the collection path for parents, and whether its listing serves
	// refresh (Listed).
	listedCollection(parents map[string]string) (string, bool)
	// listAll reads every object of the collection, each as Get answers it.
	listAll(ctx context.Context, cl *konnect.Client, parents map[string]string) ([]konnect.Object, error)
}

func (p PlatformAPI) listedCollection(parents map[string]string) (string, bool) {
	return p.Collection(parents), p.Listed
}

func (p PlatformAPI) listAll(ctx context.Context, cl *konnect.Client, parents map[string]string) ([]konnect.Object, error) {
	found, err := ListPlatform(ctx, cl, p.Collection(parents))
	if p.Tree != "" {
		found = flattenTree(found, p.Tree)
	}
	for i, o := range found {
		found[i] = p.unwrap(o)
	}
	return found, err
}

// writtenPath is the path a write of an object goes below, for the snapshots it drops.
type writtenPath interface {
	writesUnder(parents map[string]string) string
}

func (p PlatformAPI) writesUnder(parents map[string]string) string   { return p.Collection(parents) }
func (s SingletonAPI) writesUnder(parents map[string]string) string  { return s.Path(parents) }
func (a AssignmentAPI) writesUnder(parents map[string]string) string { return a.Collection(parents) }

// snapshotOf is the collection whose snapshot may serve the refresh of the object at addr,
// and how to list it; ok is false when the object is read with a GET. A kind that embeds
// PlatformAPI and changes what Get answers (Konnect's shape turned into Kong's) lists through
// its own List (FilteredLister), which changes each object the same way.
func (r *EntityResource) snapshotOf(addr Address) (string, func(context.Context) ([]konnect.Object, error), bool) {
	cl := r.Data.Client
	if l, ok := r.Kind.API.(Listable); ok {
		col := l.Listing().Collection(addr.Parents)
		return col, func(ctx context.Context) ([]konnect.Object, error) {
			return cl.ListEntities(ctx, col, url.Values{"size": {"1000"}})
		}, true
	}
	p, ok := r.Kind.API.(platformCollection)
	if !ok {
		return "", nil, false
	}
	col, listed := p.listedCollection(addr.Parents)
	if !listed {
		return "", nil, false
	}
	if fl, ok := r.Kind.API.(FilteredLister); ok {
		return col, func(ctx context.Context) ([]konnect.Object, error) { return fl.List(ctx, cl, addr.Parents, nil) }, true
	}
	return col, func(ctx context.Context) ([]konnect.Object, error) { return p.listAll(ctx, cl, addr.Parents) }, true
}

// writtenCollection is the collection path whose snapshot (and those above it) a write of
// the object at addr drops.
func (r *EntityResource) writtenCollection(addr Address) (string, bool) {
	if l, ok := r.Kind.API.(Listable); ok {
		return l.Listing().Collection(addr.Parents), true
	}
	if w, ok := r.Kind.API.(writtenPath); ok {
		return w.writesUnder(addr.Parents), true
	}
	return "", false
}
