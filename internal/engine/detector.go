package engine

import (
	"context"
	"encoding/json"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A change detector (PlatformAPI.Detector) lets refresh skip the GET of an object whose
// collection's listing leaves fields out (a portal page's content) but carries a field
// Konnect moves on every write of the object (updated_at): after a full read, the object's
// private state records that field's value as Konnect sent it, with the revision the read
// gave state; a later refresh that finds the same value in the run's listing of the
// collection (the snapshot, snapshot.go) and the same revision in state keeps the state as
// it is. A write records it too, from what Konnect answered the write. Anything else (no record, another value, another revision: a write since, an
// import, an adoption) reads the object in full, and the guard compares what it read. The
// guards' own reads before a write never use it.

// privateDetectorKey holds the detector record in private state.
const privateDetectorKey = "detector"

// detectorMark is the detector record: the value the last full read saw, and the revision
// (its tag, guard.RevisionTag) that read gave state.
type detectorMark struct {
	Revision string `json:"r"`
	Value    string `json:"v"`
}

// detectedCollection is a platform collection whose listing carries a change detector.
type detectedCollection interface {
	platformCollection
	changeDetector() string
}

func (p PlatformAPI) changeDetector() string { return p.Detector }

// detectorOf is the collection, its listing and the detector field of a kind refreshed by
// its change detector; ok is false for every other kind (a Listed collection serves whole
// objects from the snapshot instead).
func (r *EntityResource) detectorOf(addr Address) (string, func(context.Context) ([]konnect.Object, error), string, bool) {
	d, ok := r.Kind.API.(detectedCollection)
	if !ok || d.changeDetector() == "" {
		return "", nil, "", false
	}
	col, listed := d.listedCollection(addr.Parents)
	if listed {
		return "", nil, "", false
	}
	cl := r.Data.Client
	return col, func(ctx context.Context) ([]konnect.Object, error) { return d.listAll(ctx, cl, addr.Parents) }, d.changeDetector(), true
}

// unchangedSinceRead reports whether the run's listing shows the object unwritten since the
// full read that gave state its revision; the refresh then keeps the state, and records that
// this command read it at that revision (refreshmark.go), as a full read does.
func (r *EntityResource) unchangedSinceRead(ctx context.Context, addr Address, state ObjectValues, private privateGetter, newPrivate privateSetter) bool {
	if r.Data == nil || r.Data.Snapshots == nil {
		return false
	}
	col, list, field, ok := r.detectorOf(addr)
	if !ok {
		return false
	}
	raw, diags := private.GetKey(ctx, privateDetectorKey)
	if diags.HasError() || len(raw) == 0 {
		return false
	}
	var mark detectorMark
	if json.Unmarshal(raw, &mark) != nil || mark.Value == "" || !guard.SameRevision(mark.Revision, Str(state[attrRevision])) {
		return false
	}
	listed, ok := r.Data.Snapshots.LookupListed(ctx, col, addr.ID, list)
	if !ok {
		return false
	}
	if v, _ := listed[field].(string); v != mark.Value {
		return false
	}
	r.saveRefreshMark(ctx, newPrivate, listed, Str(state[attrRevision]))
	return true
}

// saveDetector records, after a full read or a write of obj that gave state revision rev, the
// detector field's value as Konnect sent it.
func (r *EntityResource) saveDetector(ctx context.Context, p privateSetter, obj konnect.Object, rev string) {
	d, ok := r.Kind.API.(detectedCollection)
	if !ok || d.changeDetector() == "" {
		return
	}
	v, _ := obj[d.changeDetector()].(string)
	if v == "" {
		return
	}
	if b, err := json.Marshal(detectorMark{Revision: guard.RevisionTag(rev), Value: v}); err == nil {
		_ = p.SetKey(ctx, privateDetectorKey, b)
	}
}
