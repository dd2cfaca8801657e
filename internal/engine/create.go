package engine

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The creation guard without a read per object. An object created with a name that is
// already taken is never written over or adopted: Konnect itself refuses the write (a core
// entity's PUT with a new id answers 400 with a unique violation on the name field; a
// control plane's POST answers 409, and so does the POST of a platform collection whose
// spec documents it: PlatformAPI.Unique), and only then does the provider look the existing
// object up by name, to name it in the diagnostic with its import block. A create therefore
// costs one call when the name is free, which is nearly always.

// refusesTakenName is an EntityAPI whose Create Konnect refuses when the kind's unique
// name is taken (true), so the name needs no check before the write. Kinds without it (a consumer
// group membership: Konnect's refusal of a second membership is no proof the first one
// predates this apply) keep the look-up before the write.
type refusesTakenName interface{ refusesTakenName() bool }

func (CoreEntityAPI) refusesTakenName() bool   { return true }
func (ControlPlaneAPI) refusesTakenName() bool { return true }

// ScopedNameFinder is an EntityAPI whose unique name is unique only among the objects that
// share another field of the body (a portal page's slug among the pages under the same
// parent page): the creation guard looks the name up with the body the create would write.
type ScopedNameFinder interface {
	FindByNameIn(ctx context.Context, c *konnect.Client, parents map[string]string, name string, body konnect.Object) (konnect.Object, error)
}

// findByName looks a name up for the creation guard: in the scope the body gives it when the
// API has one (ScopedNameFinder).
func (r *EntityResource) findByName(ctx context.Context, parents map[string]string, name string, body konnect.Object) (konnect.Object, error) {
	if f, ok := r.Kind.API.(ScopedNameFinder); ok {
		return f.FindByNameIn(ctx, r.Data.Client, parents, name, body)
	}
	obj, err := r.Kind.API.FindByName(ctx, r.Data.Client, parents, name)
	if p := r.Kind.Provisioning; p != nil && obj != nil && p.leaving(obj) {
		return nil, err // torn down or being torn down: the name is free (provisioning.go)
	}
	return obj, err
}

// checkNameFirst reports whether Create must look the name up before writing.
func (r *EntityResource) checkNameFirst() bool {
	t, ok := r.Kind.API.(refusesTakenName)
	return !ok || !t.refusesTakenName()
}

// freeNameTest is, for a create whose name the creation guard has just found free, the test
// of a listed object having that name in its scope (WithNameFree); nil when the look-up
// proves nothing about the listing: a kind without a name index (no name filter, so no
// unique name), or one whose look-up skips objects being torn down (provisioning).
func (r *EntityResource) freeNameTest(name string, body konnect.Object) func(konnect.Object) bool {
	keyOf, keyFor, ok := r.nameIndex()
	if !ok || r.Kind.Provisioning != nil {
		return nil
	}
	want := keyFor(name, body)
	return func(o konnect.Object) bool { return keyOf(o) == want }
}

// nameJSON is the JSON name of the kind's unique name attribute.
func (r *EntityResource) nameJSON() string {
	for _, a := range r.Kind.Attrs {
		if a.Name == r.Kind.NameAttr {
			return a.JSONName()
		}
	}
	return r.Kind.NameAttr
}

// HolderFinder is an EntityAPI whose objects are unique on something other than a name
// (a plugin: one of a name per scope). When Konnect refuses a create on UniqueField,
// FindHolder finds the object body collides with (nil when it finds none), with the shared
// name and scope in words, so that the creation guard names it and its import block.
type HolderFinder interface {
	UniqueField() string
	FindHolder(ctx context.Context, c *konnect.Client, parents map[string]string, body konnect.Object) (obj konnect.Object, name, scope string, err error)
}

// takenName handles a create that failed. When Konnect refused it because the name is
// taken, the existing object is looked up and named in the creation guard's diagnostic;
// it returns true then (the diagnostic is added). Otherwise it adds nothing and returns
// false: the caller reports err as it is.
func (r *EntityResource) takenName(ctx context.Context, addr Address, name string, body konnect.Object, err error, diags *diag.Diagnostics) bool {
	var taken *nameTakenError
	var existing konnect.Object
	scope := ""
	holder, holds := r.Kind.API.(HolderFinder)
	switch {
	case r.Kind.NameAttr == "" && holds && konnect.IsUniqueViolation(err, holder.UniqueField()):
		found, n, s, lerr := holder.FindHolder(ctx, r.Data.Client, addr.Parents, body)
		if lerr != nil || found == nil {
			r.logDecision(ctx, "create_exists", "conflict_unnamed", addr, nil)
			return false
		}
		existing, name, scope = found, n, s
	case r.Kind.NameAttr == "" || name == "":
		return false
	case errors.As(err, &taken):
		existing = taken.Existing
	case konnect.IsUniqueViolation(err, r.nameJSON()):
		found, lerr := r.findByName(ctx, addr.Parents, name, body)
		if lerr != nil || found == nil {
			// Taken in a scope this look-up does not see (a credential's name is unique in
			// the control plane, looked up under its consumer): Konnect's answer names it.
			r.logDecision(ctx, "create_exists", "conflict_unnamed", addr, nil)
			return false
		}
		existing = found
	default:
		return false
	}
	e := r.nameExists(addr, name, existing)
	if scope != "" {
		e.NameField, e.Scope = holder.UniqueField(), scope
	}
	r.logDecision(ctx, "create_exists", "conflict", addr, map[string]any{"existing_id": e.ExistingID})
	detail := e.Detail()
	if taken != nil && taken.Note != "" {
		detail += "\n\n" + taken.Note
	}
	diags.AddError(e.Summary(), detail)
	return true
}

// nameTakenError is a create whose first attempt had an unknown outcome and after which
// an object with the name exists that this create cannot prove it made: it is reported by
// the creation guard, never adopted.
type nameTakenError struct {
	Existing konnect.Object
	Note     string
	cause    error
}

func (e *nameTakenError) Error() string {
	return fmt.Sprintf("an object with this name exists and was not created by this request (%v)", e.cause)
}

func (e *nameTakenError) Unwrap() error { return e.cause }

// claimCreated decides, after a create whose answer was lost (cause), whether existing (an
// object with the create's unique name, which Konnect refuses a second of) is the one that
// create made: get reads it fresh, with Konnect's Date, and it is returned when Konnect
// created it after the request was sent (CreatedSince). Otherwise it is someone else's, or
// cannot be told: a nameTakenError, reported by the creation guard with its import block,
// never adopted.
func claimCreated(existing konnect.Object, sent time.Time, cause error, get func() (konnect.Object, *konnect.Response, error)) (konnect.Object, *konnect.Response, error) {
	fresh, fresp, gerr := get()
	ours, known := CreatedSince(fresh, fresp, sent)
	if gerr == nil && ours {
		return fresh, fresp, nil
	}
	note := "Konnect's answer to this apply's request to create it was lost (" + cause.Error() + "), and the object above was created before that request reached Konnect."
	if gerr != nil || !known {
		note = "Konnect's answer to this apply's request to create it was lost (" + cause.Error() + "), and it could not be told whether the object above is the one that request created: if it is, import it."
	}
	return nil, nil, &nameTakenError{Existing: existing, Note: note, cause: cause}
}

// createdSince reports whether Konnect created obj no earlier than a request sent at sent
// (local clock) can have reached it. Konnect's clock is read from the Date header of a
// fresh read of obj: the request reached Konnect at or after date - (now - sent), so an
// object created before that moment existed before the request and is not its result.
// An object created after it is the request's own, or one made by someone else in the
// same seconds (the same window the old look-up before the write had). Without a Date
// header or a readable created_at it proves nothing: known is false.
func CreatedSince(obj konnect.Object, resp *konnect.Response, sent time.Time) (since, known bool) {
	if resp == nil || resp.Header == nil {
		return false, false
	}
	date, err := http.ParseTime(resp.Header.Get("Date"))
	if err != nil {
		return false, false
	}
	elapsed := time.Since(sent)
	s, _ := obj["created_at"].(string)
	created, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return false, false
	}
	return !created.Before(date.Add(-elapsed)), true
}

// NameIndexer is an EntityAPI whose unique names the plan's creation guard may look up in
// one listing of the collection: NameKeyOf is the key of a listed object (as listAll
// answers it), NameKeyFor that of the name and body a create would write; two objects
// that cannot share their names have the same key. ok is false when the API cannot say
// (no name filter, so no unique name).
type NameIndexer interface {
	NameIndex() (keyOf func(konnect.Object) string, keyFor func(name string, body konnect.Object) string, ok bool)
}

// nameIndex is the kind's NameIndex; ok is false when it has none.
func (r *EntityResource) nameIndex() (keyOf func(konnect.Object) string, keyFor func(string, konnect.Object) string, ok bool) {
	if ix, is := r.Kind.API.(NameIndexer); is {
		return ix.NameIndex()
	}
	return nil, nil, false
}

// NameIndex: the name field, as FindAllByName compares it.
func (p PatchAPI) NameIndex() (func(konnect.Object) string, func(string, konnect.Object) string, bool) {
	field := p.NameField
	if field == "" {
		field = "name"
	}
	return func(o konnect.Object) string { return fmt.Sprint(o[field]) },
		func(name string, _ konnect.Object) string { return name },
		p.NameFilter != ""
}

// namesPrefix keys a collection's name index among the run's snapshots.
const namesPrefix = "names:"

// namesAfter is how many of a run's name look-ups in one collection go to Konnect one at a
// time before the rest are answered from one listing of it. Unlike a refresh, whose objects
// are all in the collection, a few creates say nothing of its size: two new teams in an
// organization of ten thousand are two look-ups, not a hundred pages.
const namesAfter = 10

// planFindByName is findByName for the plan's creation guard. Once a run's plan has looked
// up more than namesAfter names in a collection, the rest are answered from one listing of
// the collection (every page), taken once for the run, instead of a look-up each: a plan
// that creates a thousand teams asks Konnect for 10 look-ups and ten pages, not a thousand
// look-ups. Only the plan uses it; the create looks its name up again, live, right before
// it writes. A write of this run leaves the index as it is (Invalidate drops only the
// refresh snapshots): Terraform plans each create again during the apply, and that plan
// would list the collection again after every create of it. What the index misses, the
// names this run wrote, is no object someone else made.
func (r *EntityResource) planFindByName(ctx context.Context, parents map[string]string, name string, body konnect.Object) (konnect.Object, error) {
	keyOf, keyFor, ok := r.nameIndex()
	pc, listable := r.Kind.API.(platformCollection)
	if !ok || !listable || r.Data.Snapshots == nil {
		return r.findByName(ctx, parents, name, body)
	}
	col, _ := pc.listedCollection(parents)
	cl := r.Data.Client
	byName, ok := r.Data.Snapshots.listed(ctx, namesPrefix+col, namesAfter, func(ctx context.Context) ([]konnect.Object, error) {
		objs, err := pc.listAll(ctx, cl, parents)
		out := make([]konnect.Object, 0, len(objs))
		for _, o := range objs {
			out = append(out, konnect.Object{"id": keyOf(o), "object": o})
		}
		return out, err
	})
	if !ok {
		return r.findByName(ctx, parents, name, body)
	}
	if e, found := byName[keyFor(name, body)]; found {
		obj, _ := e["object"].(konnect.Object)
		if p := r.Kind.Provisioning; p != nil && obj != nil && p.leaving(obj) {
			return nil, nil // as findByName: torn down or being torn down, the name is free
		}
		return obj, nil
	}
	return nil, nil
}
