package engine

import (
	"context"
	"net/url"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// snapshotAfter is how many refreshes of one collection go to Konnect one object at a time
// before the rest of the run's refreshes of that collection are served from one listing.
// One object costs one GET; a thousand cost a page or two.
const snapshotAfter = 1

// snapshots makes refresh cheap at scale: within one provider run (one Terraform command),
// refreshing many objects of one collection reads the whole collection in pages (1000
// objects a page for a control plane's entities, 100 for a platform collection that is
// Listed, snapshot_platform.go) instead of one GET per object. Only refresh uses it. The
// guards never do: every write is still preceded by a live read of that one object. A
// write to a collection drops its snapshot (and those above it), and an object missing
// from a snapshot is confirmed with a direct GET.
type snapshots struct {
	mu   sync.Mutex
	cols map[string]*collectionSnapshot
	casc *cascadeSnapshots // the cascade guard's listings (cascade_snapshot.go)
}

type collectionSnapshot struct {
	reads int
	ready chan struct{} // closed when objs/err are set; nil until a listing starts
	objs  map[string]konnect.Object
	err   error
}

// listable is an EntityAPI whose objects live in one listable collection (every
// coreEntityAPI, and kinds that embed one to change how they write).
type Listable interface{ Listing() CoreEntityAPI }

func (c CoreEntityAPI) Listing() CoreEntityAPI { return c }

func NewSnapshots() *snapshots { return &snapshots{cols: map[string]*collectionSnapshot{}} }

// lookup returns the object from the collection's snapshot of a control plane's entities
// (pages of 1000). ok is false when the caller must read the object directly: too few reads
// yet, the listing failed, or the object is not in it.
func (s *snapshots) Lookup(ctx context.Context, cl *konnect.Client, collection, id string) (konnect.Object, bool) {
	return s.LookupListed(ctx, collection, id, func(ctx context.Context) ([]konnect.Object, error) {
		return cl.ListEntities(ctx, collection, url.Values{"size": {"1000"}})
	})
}

// LookupListed is Lookup for a collection that list reads whole (every page), each object
// as a GET of it answers it. The first caller past snapshotAfter lists; the others wait for
// that listing.
func (s *snapshots) LookupListed(ctx context.Context, collection, id string, list func(context.Context) ([]konnect.Object, error)) (konnect.Object, bool) {
	objs, ok := s.listed(ctx, collection, snapshotAfter, list)
	if !ok {
		return nil, false
	}
	obj, ok := objs[id]
	return obj, ok
}

// listed is the collection's snapshot by id, once it has been asked for more than after
// times in the run; ok is false before that, or when the listing failed.
func (s *snapshots) listed(ctx context.Context, collection string, after int, list func(context.Context) ([]konnect.Object, error)) (map[string]konnect.Object, bool) {
	s.mu.Lock()
	c := s.cols[collection]
	if c == nil {
		c = &collectionSnapshot{}
		s.cols[collection] = c
	}
	c.reads++
	if c.reads <= after {
		s.mu.Unlock()
		return nil, false
	}
	if c.ready == nil {
		c.ready = make(chan struct{})
		s.mu.Unlock()
		objs, err := list(ctx)
		byID := make(map[string]konnect.Object, len(objs))
		for _, o := range objs {
			if id, ok := o["id"].(string); ok {
				byID[id] = o
			}
		}
		c.objs, c.err = byID, err
		tflog.Debug(ctx, "refresh snapshot taken", map[string]any{"collection": collection, "objects": len(byID), "error": errString(err)})
		close(c.ready)
	} else {
		s.mu.Unlock()
	}
	select {
	case <-c.ready:
	case <-ctx.Done():
		return nil, false
	}
	return c.objs, c.err == nil
}

// invalidate drops a collection's snapshot after a write to it, and the snapshots of the
// collections above it: a write below an object (a portal's custom domain, an API's
// publication) can change fields Konnect computes on that object.
func (s *snapshots) Invalidate(collection string) {
	s.mu.Lock()
	delete(s.cols, collection)
	for key := range s.cols {
		if strings.HasPrefix(collection, key+"/") {
			delete(s.cols, key)
		}
	}
	s.mu.Unlock()
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
