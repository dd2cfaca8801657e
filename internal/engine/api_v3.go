package engine

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The platform side of Konnect (identity, portals, the API catalog) has three shapes of
// object besides the gateway's, and each has its API style here:
//   - PatchAPI: a collection whose objects are created with POST and changed with PATCH;
//     the engine sends a PATCH only the fields the plan changes (changesOnly).
//   - SingletonAPI: one object with no id of its own (organization authentication
//     settings): read with GET, changed with PATCH, "destroyed" by a PATCH back to
//     Konnect's defaults.
//   - AssignmentAPI: a link that is created and deleted, never changed (a user in a team).

// changesOnly is implemented by APIs whose update merges (PATCH): the engine then sends only
// the fields whose planned value differs from the prior state's, so two writers changing
// different fields of one object never undo each other. An API whose update replaces the
// object (PUT) answers false, or does not implement it: its body is the whole object.
type changesOnly interface{ sendsChangesOnly() bool }

// patches reports whether an update of the API sends only what the plan changes (PATCH).
func patches(api EntityAPI) bool {
	c, ok := api.(changesOnly)
	return ok && c.sendsChangesOnly()
}

// PatchAPI reaches a platform collection (/v3/teams, /v3/system-accounts, …): POST creates
// with a server-chosen id (an ambiguous failure is resolved as PlatformAPI does), GET
// …/{id} reads, PATCH …/{id} changes the fields the body carries, DELETE …/{id} removes.
// Konnect does not refuse every taken name (two teams may share one), so the creation guard
// looks the name up before the create (create.go).
type PatchAPI struct {
	PlatformAPI
	// NameFilter is the list query that finds an object by its unique name
	// ("filter[name][eq]"); empty when the collection has no unique name.
	NameFilter string
	// NameField is the JSON field of that name (default "name").
	NameField string
}

func (PatchAPI) mergesOnUpdate() bool   { return true }
func (PatchAPI) sendsChangesOnly() bool { return true }

// FindByName lists the collection filtered by the name and returns the exact match.
func (p PatchAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	all, err := p.FindAllByName(ctx, cl, parents, name)
	if err != nil || len(all) == 0 {
		return nil, err
	}
	return all[0], nil
}

// FiltersByName: Konnect's listing filters the collection by name (NameFilter).
func (p PatchAPI) FiltersByName() bool { return p.NameFilter != "" }

// FindAllByName returns every object of the collection with exactly this name: Konnect
// takes two teams of one name, and an import by that name must not pick one of them.
func (p PatchAPI) FindAllByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) ([]konnect.Object, error) {
	if p.NameFilter == "" {
		return nil, nil
	}
	field := p.NameField
	if field == "" {
		field = "name"
	}
	q := url.Values{p.NameFilter: {name}, "page[size]": {"100"}}
	out, err := getPlatformPage(ctx, cl, p.Collection(parents), q) // api_platform.go: a bare array too
	if err != nil {
		return nil, err
	}
	var found []konnect.Object
	for _, o := range out.Data {
		if o[field] == name {
			found = append(found, p.unwrap(o))
		}
	}
	return found, nil
}

// List returns every object of the collection that Konnect's filter query (filter[…])
// matches, all pages.
// Shaped turns each object of a listing into the shape its kind's Get answers (Konnect's
// object into Kong's), for an API that reads every object in a shape of its own: its List
// and FindAllByName then answer as its Get does.
func Shaped(all []konnect.Object, err error, shape func(konnect.Object) konnect.Object) ([]konnect.Object, error) {
	for i, o := range all {
		all[i] = shape(o)
	}
	return all, err
}

func (p PatchAPI) List(ctx context.Context, cl *konnect.Client, parents map[string]string, query url.Values) ([]konnect.Object, error) {
	found, err := ListPlatformQuery(ctx, cl, p.Collection(parents), query)
	for i, o := range found {
		found[i] = p.unwrap(o)
	}
	return found, err
}

// Update sends a PATCH with the body the engine built: only the changed fields.
func (p PatchAPI) Update(ctx context.Context, cl *konnect.Client, a Address, body, _ konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPatch, p.Path(a.Parents, a.ID), nil, body, &out, konnect.IfMatch(ifMatch))
	if err != nil {
		return nil, resp, err
	}
	return p.unwrap(out), resp, nil
}

// SingletonAPI reaches one object with no id of its own (/v3/authentication-settings).
// Its address is its parents (often none); its id in state is ID.
type SingletonAPI struct {
	// Path is the object's path for its parents.
	Path func(parents map[string]string) string
	// ID is the fixed id state gives the object.
	ID string
	// IDFrom, when set, names the parent whose id is the object's id (a portal's
	// authentication settings: the portal's id), instead of ID; an import then takes that
	// id alone.
	IDFrom string
	// Defaults are Konnect's values for an organization that never changed the object:
	// a destroy writes them back.
	Defaults konnect.Object
	// Created: the object exists only once created (a portal's custom domain): POST creates
	// it, DELETE removes it, and a GET before that is 404. Defaults is then unused.
	Created bool
	// NameField is the JSON field the creation guard compares for a Created object: one
	// that exists with the same value is reported with its import block.
	NameField string
	// Put: writes are PUTs (a portal's logo, whose one field is its whole body).
	Put bool
	// Kept: Konnect cannot remove the object nor reset it (a portal's logo): a destroy
	// writes nothing and leaves it as it is.
	Kept bool
	// DeleteResets: Konnect's DELETE puts the object's defaults back rather than removing
	// it (a portal's audit log webhook: disabled, no destination): a destroy sends it
	// instead of writing Defaults.
	DeleteResets bool
	// Listing, when set, is the collection that lists the objects of the kind below their
	// last parent (a portal's API publications), each row naming the other parents by
	// their attribute names (api_id): the export reads it, then each object's GET.
	Listing func(parents map[string]string) string
}

// A singleton written with PUT (Put: a publication, a portal's logo) is replaced whole: the
// body carries every field, and a field left out goes back to Konnect's default.
func (s SingletonAPI) mergesOnUpdate() bool   { return !s.Put }
func (s SingletonAPI) sendsChangesOnly() bool { return !s.Put }

// Singleton is the declaration itself, also through an API that wraps it (a portal image's).
func (s SingletonAPI) Singleton() SingletonAPI { return s }

// KeyParent is the parent whose id is the object's (IDFrom); "" when the id is fixed.
func (s SingletonAPI) KeyParent() string { return s.IDFrom }

// idOf is the id state gives the object below these parents.
func (s SingletonAPI) idOf(parents map[string]string) string {
	if s.IDFrom != "" {
		return parents[s.IDFrom]
	}
	return s.ID
}

func (s SingletonAPI) Get(ctx context.Context, cl *konnect.Client, a Address) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodGet, s.Path(a.Parents), nil, nil, &out)
	if err != nil {
		return nil, resp, err
	}
	if out == nil {
		out = konnect.Object{}
	}
	out["id"] = s.idOf(a.Parents)
	return out, resp, nil
}

// FindByName: a singleton always exists, and the create-time name check does not apply;
// a Created one that exists with this name (NameField) is returned.
func (s SingletonAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	if !s.Created || s.NameField == "" {
		return nil, nil
	}
	obj, _, err := s.Get(ctx, cl, Address{Parents: parents, ID: s.idOf(parents)})
	if konnect.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if got, _ := obj[s.NameField].(string); !strings.EqualFold(got, name) {
		return nil, nil // another one: Konnect's refusal of a second names it
	}
	return obj, nil
}

// Create writes the configured fields: the object exists already, with Konnect's values
// (a Created one is POSTed).
func (s SingletonAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	if !s.Created {
		return s.patch(ctx, cl, parents, body, "")
	}
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPost, s.Path(parents), nil, body, &out)
	if err != nil {
		return nil, resp, err
	}
	if out == nil {
		return s.Get(ctx, cl, Address{Parents: parents, ID: s.idOf(parents)})
	}
	out["id"] = s.idOf(parents)
	return out, resp, nil
}

func (s SingletonAPI) Update(ctx context.Context, cl *konnect.Client, a Address, body, _ konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	return s.patch(ctx, cl, a.Parents, body, ifMatch)
}

// Delete puts Konnect's defaults back: the object itself cannot be removed (a Created one
// is DELETEd).
func (s SingletonAPI) Delete(ctx context.Context, cl *konnect.Client, a Address, ifMatch string) (*konnect.Response, error) {
	if s.Created || s.DeleteResets {
		return cl.Do(ctx, http.MethodDelete, s.Path(a.Parents), nil, nil, nil, konnect.IfMatch(ifMatch))
	}
	if s.Kept {
		return nil, nil
	}
	_, resp, err := s.patch(ctx, cl, a.Parents, s.Defaults, ifMatch)
	return resp, err
}

func (s SingletonAPI) patch(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	method := http.MethodPatch
	if s.Put {
		method = http.MethodPut
	}
	resp, err := cl.Do(ctx, method, s.Path(parents), nil, body, &out, konnect.IfMatch(ifMatch))
	if err != nil {
		return nil, resp, err
	}
	if out == nil { // an answer without a body: read what Konnect holds now
		return s.Get(ctx, cl, Address{Parents: parents, ID: s.idOf(parents)})
	}
	out["id"] = s.idOf(parents)
	return out, resp, nil
}

// AssignmentAPI reaches a link below a parent (/v3/teams/{teamId}/users): POST creates it,
// DELETE …/{id} removes it, and nothing changes it in place (every attribute of such a kind
// is ForceNew). Reads find the link in the parent's listing, filtered by id when the
// collection allows it.
type AssignmentAPI struct {
	// Collection is the collection path for the link's parents.
	Collection func(parents map[string]string) string
	// IDFrom is the body field holding the linked object's id, which is the link's id
	// (team users: "id", the user's id). Empty: Konnect gives the link an id of its own.
	IDFrom string
	// IDFilter is the list query that narrows a listing to one id ("filter[id][eq]").
	IDFilter string
	// Keep are the fields of a listed object that belong to the link (a team's listing of
	// users carries each user's name and email, which are the user's, not the link's):
	// only they are read, so the link's revision changes only when the link does.
	Keep []string
}

func (a AssignmentAPI) path(parents map[string]string, id string) string {
	return a.Collection(parents) + "/" + url.PathEscape(id)
}

// Get finds the link in the parent's listing; a link that is not there is 404, like a
// deleted object.
func (a AssignmentAPI) Get(ctx context.Context, cl *konnect.Client, addr Address) (konnect.Object, *konnect.Response, error) {
	var found []konnect.Object
	if a.IDFilter != "" {
		var out struct {
			Data []konnect.Object `json:"data"`
		}
		if _, err := cl.Do(ctx, http.MethodGet, a.Collection(addr.Parents), url.Values{a.IDFilter: {addr.ID}}, nil, &out); err != nil {
			return nil, nil, err
		}
		found = out.Data
	} else {
		all, err := ListPlatform(ctx, cl, a.Collection(addr.Parents))
		if err != nil {
			return nil, nil, err
		}
		found = all
	}
	for _, o := range found {
		if fmt.Sprint(o["id"]) == addr.ID {
			return a.link(o), nil, nil
		}
	}
	return nil, nil, &konnect.APIError{StatusCode: http.StatusNotFound, Method: http.MethodGet, Path: a.path(addr.Parents, addr.ID),
		Message: "not found in " + a.Collection(addr.Parents)}
}

// link is a listed object as the link's own fields (Keep), or whole without Keep.
func (a AssignmentAPI) link(listed konnect.Object) konnect.Object {
	if len(a.Keep) == 0 {
		return listed
	}
	link := konnect.Object{}
	for _, f := range a.Keep {
		if v, ok := listed[f]; ok {
			link[f] = v
		}
	}
	return link
}

// FindByName finds an existing link to the same object (the kind's NameAttr holds the linked
// object's id): the creation guard then reports a link made outside Terraform, with its
// import block, instead of Konnect's 409.
func (a AssignmentAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, id string) (konnect.Object, error) {
	if a.IDFrom == "" {
		return nil, nil
	}
	obj, _, err := a.Get(ctx, cl, Address{Parents: parents, ID: id})
	if konnect.IsNotFound(err) {
		return nil, nil
	}
	return obj, err
}

// Create posts the link. Konnect answers with the link or with nothing (201 and no body);
// either way the link as listed is returned.
func (a AssignmentAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPost, a.Collection(parents), nil, body, &out)
	if err != nil && Ambiguous(err) && a.IDFrom != "" {
		// The creation guard found no such link before this POST: one there now is its.
		if obj, _, gerr := a.Get(ctx, cl, Address{Parents: parents, ID: fmt.Sprint(body[a.IDFrom])}); gerr == nil {
			return obj, resp, nil
		}
	}
	if err != nil {
		return nil, resp, err
	}
	id := ""
	if a.IDFrom != "" {
		id = fmt.Sprint(body[a.IDFrom])
	} else if out != nil {
		id = fmt.Sprint(out["id"])
	}
	if id == "" || strings.EqualFold(id, "<nil>") {
		return nil, resp, fmt.Errorf("POST %s: Konnect's answer names no id", a.Collection(parents))
	}
	return a.Get(ctx, cl, Address{Parents: parents, ID: id})
}

// Update is never called: every attribute of a link is ForceNew.
func (a AssignmentAPI) Update(_ context.Context, _ *konnect.Client, addr Address, _, _ konnect.Object, _ string) (konnect.Object, *konnect.Response, error) {
	return nil, nil, fmt.Errorf("%s cannot be changed in place", a.path(addr.Parents, addr.ID))
}

func (a AssignmentAPI) Delete(ctx context.Context, cl *konnect.Client, addr Address, ifMatch string) (*konnect.Response, error) {
	return cl.Do(ctx, http.MethodDelete, a.path(addr.Parents, addr.ID), nil, nil, nil, konnect.IfMatch(ifMatch))
}

// onlyChanges returns the fields of body whose value differs from the prior state's body,
// and every field in keep (resets, secrets being written). A map (labels) is merged by
// Konnect key by key: only its changed keys are sent, a removed key as null.
func onlyChanges(prior, body konnect.Object, keep, maps map[string]bool) konnect.Object {
	out := konnect.Object{}
	for k, v := range body {
		if sameJSON(prior[k], v) && !keep[k] {
			continue
		}
		was, wasMap := prior[k].(map[string]any)
		now, isMap := v.(map[string]any)
		if !maps[k] || !wasMap || (!isMap && v != nil) {
			out[k] = v
			continue
		}
		changed := map[string]any{}
		for key, val := range now {
			if !sameJSON(was[key], val) {
				changed[key] = val
			}
		}
		for key := range was {
			if _, still := now[key]; !still {
				changed[key] = nil
			}
		}
		out[k] = changed
	}
	return out
}

// patchMembers narrows the objects of a PATCH body whose members Konnect takes one by one
// (Attr.PatchMembers) to the members whose value changed from the prior body, with the
// members each of them is sent with (Attr.SentWith); an object left empty is not sent.
func (r *EntityResource) patchMembers(prior, body konnect.Object) {
	for _, a := range r.Kind.Attrs {
		now, ok := body[a.JSONName()].(map[string]any)
		if !a.PatchMembers || !ok {
			continue
		}
		was, _ := prior[a.JSONName()].(map[string]any)
		out := map[string]any{}
		for _, m := range a.Type.Attrs {
			k := m.JSONName()
			if now[k] == nil || sameJSON(was[k], now[k]) {
				continue
			}
			out[k] = now[k]
			for _, with := range m.SentWith {
				if v := now[with]; v != nil {
					out[with] = v
				}
			}
		}
		if len(out) == 0 {
			delete(body, a.JSONName())
			continue
		}
		body[a.JSONName()] = out
	}
}

// mapFields are the JSON names of a kind's map attributes.
func (r *EntityResource) mapFields() map[string]bool {
	out := map[string]bool{}
	for _, a := range r.Kind.Attrs {
		if a.Type.Kind == KMap {
			out[a.JSONName()] = true
		}
	}
	return out
}

// sameJSON compares two decoded JSON values by their canonical form.
func sameJSON(a, b any) bool {
	ca, errA := canonjson.Canonical(a)
	cb, errB := canonjson.Canonical(b)
	return errA == nil && errB == nil && bytes.Equal(ca, cb)
}

// names returns the JSON names of the reset attributes and documents.
func (p resetPlan) names(r *EntityResource) map[string]bool {
	out := map[string]bool{}
	for _, a := range p.attrs {
		out[a.JSONName()] = true
	}
	for _, a := range r.Kind.Attrs {
		if _, ok := p.keys[a.Name]; ok {
			out[a.JSONName()] = true
		}
	}
	return out
}

// keepUnpatched returns Konnect's answer to a PATCH with the planned value in every managed
// field the PATCH did not carry. Konnect's answer holds whatever someone else wrote there
// between this apply's read and its write; this apply did not write it, so state and the
// guard's record keep what the plan had (what configuration set), and the next refresh
// brings the other writer's value, which the next plan reports as a change made in Konnect
// instead of quietly writing over it.
func (r *EntityResource) keepUnpatched(obj, sent konnect.Object, planned ObjectValues) konnect.Object {
	if obj == nil {
		return nil
	}
	out := maps.Clone(obj)
	for _, a := range r.Kind.Attrs {
		if !a.Managed() || a.Parent || a.ReadFrom != "" || a.NotReturned {
			continue // (Konnect's answer never holds what it does not return: a secret)
		}
		if _, written := sent[a.JSONName()]; written {
			continue
		}
		j, err := a.Type.BodyJSON(planned[a.Name])
		if err != nil || j == nil {
			continue
		}
		remote := obj[a.JSONName()]
		if a.Type.Kind == KObject {
			// An object: the fields the plan has, without those Konnect never returns (not
			// in its answer) and beside those only Konnect sets (computed, not in j).
			j = a.Type.withoutNotReturned(j)
			if sameJSON(guard.Project(canonjson.Normalize(remote), j), j) {
				continue
			}
			rm, ok1 := remote.(map[string]any)
			jm, ok2 := j.(map[string]any)
			if ok1 && ok2 {
				out[a.JSONName()] = Overlay(rm, jm)
				continue
			}
		}
		if sameJSON(j, remote) || (a.Same != nil && a.Same(j, remote)) {
			continue // Konnect holds what the plan had: its answer stays as it is (and so its revision)
		}
		out[a.JSONName()] = j
	}
	return out
}

// V3Path returns the collection path /v3/<segments…> of a platform kind, with {param}
// segments taken from the object's parents (/v3/portals/{portal_id}/teams).
func V3Path(segments ...string) func(map[string]string) string {
	return func(p map[string]string) string {
		parts := []string{"/v3"}
		for _, s := range segments {
			if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
				s = url.PathEscape(p[strings.Trim(s, "{}")])
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, "/")
	}
}

// readOnlyFields are fields Konnect sets on every object and never takes from a body.
var readOnlyFields = map[string]bool{"id": true, "created_at": true, "updated_at": true}

// keepUndeclared adds to the body of a replacing write (PUT) the fields of the object read
// live under Guard 1 that the kind does not declare (a setting Konnect added after this
// provider's schema, another writer's field this provider does not model): a PUT replaces
// the whole object, and leaving them out would reset them without a plan showing it. Fields
// Konnect sets itself or derives from other objects are left out, as are nulls (Konnect's
// default already).
func (r *EntityResource) keepUndeclared(body, live konnect.Object) {
	declared := map[string]bool{}
	for _, a := range r.Kind.Attrs {
		declared[strings.SplitN(a.JSONName(), ".", 2)[0]] = true
	}
	for _, f := range r.Kind.Derived {
		declared[f] = true
	}
	if l, ok := r.Kind.API.(Listable); ok {
		for _, f := range l.Listing().Derived {
			declared[f] = true
		}
	}
	for k, v := range live {
		if declared[k] || readOnlyFields[k] || v == nil {
			continue
		}
		if _, set := body[k]; !set {
			body[k] = v
		}
	}
}
