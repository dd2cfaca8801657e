package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// platformAPI reaches a platform-style collection below a control plane
// (/v2/control-planes/{cp}/…): POST creates with a server-chosen id, PUT …/{id} replaces,
// DELETE …/{id} removes. Some collections answer `{"item": …}`, others the object itself.
//
// A POST has no client-chosen id, so a create whose outcome is unknown (connection lost,
// 5xx) is not simply sent again: the collection is listed before the POST (unless the
// creation guard has just found the body's unique name free: WithNameFree), and after an
// ambiguous failure the object that appeared since and holds what was posted is adopted;
// only when there is none is the POST sent once more.
type PlatformAPI struct {
	// Collection is the collection path for an object's path parameters.
	Collection func(parents map[string]string) string
	// Item: responses wrap the object in {"item": …}.
	Item bool
	// Key is the field that addresses an object (default "id"); it is copied into "id".
	Key string
	// PutBody is the body of a PUT from a create/update body (default: the body).
	PutBody func(body konnect.Object) konnect.Object
	// Listed: Konnect's listing of the collection answers each object with every field its
	// GET does, so a refresh may read it from the run's snapshot of the collection
	// (snapshot_platform.go). Leave it false, with the reason, where a listed object lacks
	// fields (a page's content).
	Listed bool
	// Detector: the listing leaves fields out (not Listed) but carries this one, which
	// Konnect moves on every write of the object ("updated_at"): a refresh that finds the
	// value the last full read saw keeps the state without a GET (detector.go). Only for a
	// kind without secrets, which a listing never shows.
	Detector string
	// Tree: Konnect's listing answers the collection as a tree, each object holding the
	// objects below it in this field (a portal's pages, an API's documents); a listing of
	// every object (the export's) flattens it.
	Tree string
	// Unique: the body fields whose values, together, Konnect refuses a second object of in
	// the collection, with a 409 its published spec documents (a Kong Identity scope's
	// "name" in its auth server; an API document's "slug" among its siblings: "slug",
	// "parent_document_id"). A create whose body sets the first of them lists nothing before
	// its POST: after a lost answer, the object that has those values is the POST's if
	// Konnect made it after the POST was sent, and someone else's otherwise (claimCreated).
	// A kind whose unique name is the first field needs no look-up before the write either
	// (create.go). Set it only where the spec documents the refusal: without it Konnect would
	// make a second object.
	Unique []string
}

func (p PlatformAPI) unwrap(out konnect.Object) konnect.Object {
	if p.Item {
		if item, ok := out["item"].(map[string]any); ok {
			out = item
		}
	}
	if out != nil && p.Key != "" {
		out["id"] = out[p.Key]
	}
	return out
}

func (p PlatformAPI) Path(parents map[string]string, id string) string {
	return p.Collection(parents) + "/" + url.PathEscape(id)
}

func (p PlatformAPI) Get(ctx context.Context, cl *konnect.Client, a Address) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodGet, p.Path(a.Parents, a.ID), nil, nil, &out)
	if err != nil {
		return nil, resp, err
	}
	return p.unwrap(out), resp, nil
}

// FindByName reads the object addressed by this key (kinds whose address is a unique name).
func (p PlatformAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	obj, _, err := p.Get(ctx, cl, Address{Parents: parents, ID: name})
	if konnect.IsNotFound(err) {
		return nil, nil
	}
	return obj, err
}

func (p PlatformAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	named, refused := freeName(ctx), p.sameUnique(body)
	var before []konnect.Object
	if named == nil && refused == nil {
		var listErr error
		if before, listErr = p.listAll(ctx, cl, parents); listErr != nil {
			return nil, nil, listErr
		}
	}
	post := func() (konnect.Object, *konnect.Response, error) {
		var out konnect.Object
		resp, err := cl.Do(ctx, http.MethodPost, p.Collection(parents), nil, body, &out)
		if err != nil {
			return nil, resp, err
		}
		return p.unwrap(out), resp, nil
	}
	sent := time.Now()
	obj, resp, err := post()
	if err == nil || !Ambiguous(err) {
		return obj, resp, err
	}
	after, lookErr := p.listAll(ctx, cl, parents)
	if lookErr != nil {
		return nil, nil, err // still unknown: report the original failure, post nothing
	}
	if refused != nil {
		// Konnect refuses a second object of the name: one that has it now is this POST's
		// if Konnect made it after the POST was sent, and someone else's otherwise.
		for _, o := range after {
			if refused(o) {
				return claimCreated(o, sent, err, func() (konnect.Object, *konnect.Response, error) {
					return p.Get(ctx, cl, Address{Parents: parents, ID: fmt.Sprint(o["id"])})
				})
			}
		}
		return post()
	}
	seen := map[string]bool{}
	for _, o := range before {
		seen[fmt.Sprint(o["id"])] = true
	}
	for _, o := range after {
		if named != nil && !named(o) {
			continue
		}
		if !seen[fmt.Sprint(o["id"])] && holdsFields(o, body) {
			return p.Get(ctx, cl, Address{Parents: parents, ID: fmt.Sprint(o["id"])})
		}
	}
	return post()
}

// refusesTakenName: see Unique (create.go).
func (p PlatformAPI) refusesTakenName() bool { return len(p.Unique) > 0 }

// sameUnique is the test of a listed object having the Unique values body has (absent and
// null alike), or nil when the collection has no Unique fields or body leaves the first out
// (a document's slug Konnect derives from its title).
func (p PlatformAPI) sameUnique(body konnect.Object) func(konnect.Object) bool {
	if len(p.Unique) == 0 {
		return nil
	}
	if first, _ := body[p.Unique[0]].(string); first == "" {
		return nil
	}
	value := func(o konnect.Object, f string) string {
		if o[f] == nil {
			return ""
		}
		return fmt.Sprint(o[f])
	}
	return func(o konnect.Object) bool {
		for _, f := range p.Unique {
			if value(o, f) != value(body, f) {
				return false
			}
		}
		return true
	}
}

// freeNameKey marks a context whose create the creation guard has just cleared: no object of
// the collection held the body's unique name (in its scope) a moment before the write.
type freeNameKey struct{}

// WithNameFree is ctx for a create whose unique name the creation guard has just found free
// in the collection; named reports whether a listed object (as the collection's listing
// answers it) has that name, in its scope (a page's slug under the same parent).
// PlatformAPI.Create then lists nothing before its POST (that listing is one call per 100
// objects of the collection, per create): after an ambiguous failure, an object that has
// the name and holds the body can only be this create's.
func WithNameFree(ctx context.Context, named func(konnect.Object) bool) context.Context {
	return context.WithValue(ctx, freeNameKey{}, named)
}

// freeName is the name test of WithNameFree, or nil.
func freeName(ctx context.Context) func(konnect.Object) bool {
	named, _ := ctx.Value(freeNameKey{}).(func(konnect.Object) bool)
	return named
}

// holdsFields reports whether a listed object carries every string field of a body that
// the listing returns (a listing may leave out a secret value).
func holdsFields(obj, body konnect.Object) bool {
	for k, v := range body {
		got, listed := obj[k]
		if !listed {
			continue
		}
		if s, ok := v.(string); ok && fmt.Sprint(got) != s {
			return false
		}
	}
	return true
}

func (p PlatformAPI) Update(ctx context.Context, cl *konnect.Client, a Address, body, _ konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	if p.PutBody != nil {
		body = p.PutBody(body)
	}
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPut, p.Path(a.Parents, a.ID), nil, body, &out, konnect.IfMatch(ifMatch))
	if err != nil {
		return nil, resp, err
	}
	return p.unwrap(out), resp, nil
}

func (p PlatformAPI) Delete(ctx context.Context, cl *konnect.Client, a Address, ifMatch string) (*konnect.Response, error) {
	return cl.Do(ctx, http.MethodDelete, p.Path(a.Parents, a.ID), a.Query, nil, nil, konnect.IfMatch(ifMatch))
}

// platformMaxPages bounds a listing against a server that never ends one.
const platformMaxPages = 1000

// platformPage is one page of a platform listing in any of the envelopes Konnect uses:
// {"data": […], "meta": {"page": {…}}}, {"items": […], "page": {"total": n}}, or a bare array
// (identity providers: no paging).
type platformPage struct {
	Data  []konnect.Object `json:"data"`
	Items []konnect.Object `json:"items"`
	Meta  struct {
		// Next is the next page's link where meta is the cursor page itself (the audit
		// logs API's destinations: {"meta": {"next", "previous", "size"}}).
		Next json.RawMessage `json:"next"`
		Page struct {
			Total int `json:"total"`
			// Next is the link to the next page of a cursor-paged listing: null on the
			// last, absent from a listing paged by number.
			Next json.RawMessage `json:"next"`
		} `json:"page"`
	} `json:"meta"`
	Page struct {
		Total int `json:"total"`
	} `json:"page"`
	bare bool
}

// getPlatformPage reads one page of a listing.
func getPlatformPage(ctx context.Context, cl *konnect.Client, collection string, q url.Values) (*platformPage, error) {
	var raw json.RawMessage
	if _, err := cl.Do(ctx, http.MethodGet, collection, q, nil, &raw); err != nil {
		return nil, err
	}
	out := &platformPage{}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '[' {
		out.bare = true
		if err := dec.Decode(&out.Data); err != nil {
			return nil, fmt.Errorf("GET %s: %w", collection, err)
		}
		return out, nil
	}
	if err := dec.Decode(out); err != nil {
		return nil, fmt.Errorf("GET %s: %w", collection, err)
	}
	return out, nil
}

// listPlatform reads every object of a platform collection, following page numbers, or the
// cursor of a cursor-paged listing (page[after], from meta.page.next).
func ListPlatform(ctx context.Context, cl *konnect.Client, collection string) ([]konnect.Object, error) {
	return ListPlatformQuery(ctx, cl, collection, nil)
}

// ListPlatformQuery is ListPlatform with more query parameters (filter[…]), sent with every page.
func ListPlatformQuery(ctx context.Context, cl *konnect.Client, collection string, query url.Values) ([]konnect.Object, error) {
	const size = 100
	var all []konnect.Object
	after := ""
	for page := 1; page <= platformMaxPages; page++ {
		q := url.Values{}
		for k, v := range query {
			q[k] = v
		}
		q.Set("page[size]", strconv.Itoa(size))
		if after != "" {
			q.Set("page[after]", after)
		} else {
			q.Set("page[number]", strconv.Itoa(page))
		}
		out, err := getPlatformPage(ctx, cl, collection, q)
		if err != nil {
			return nil, err
		}
		got := append(out.Data, out.Items...)
		if page > 1 && after == "" && len(got) > 0 && len(all) > 0 && fmt.Sprint(got[0]["id"]) == fmt.Sprint(all[0]["id"]) {
			// The first page again: the server does not page this listing (a portal's page
			// tree of exactly one page's worth of top-level pages) and answered it whole.
			return all, nil
		}
		all = append(all, got...)
		if out.bare || len(got) > size {
			// No paging: a bare array, or a listing that answers more than a page (a portal's
			// page tree, an API's documents: "not paginated") holds everything at once.
			return all, nil
		}
		next := out.Meta.Page.Next
		if len(next) == 0 {
			next = out.Meta.Next
		}
		if len(next) > 0 || after != "" {
			// Cursor pages: follow page[after] of the next link; a null link ends them.
			var link string
			_ = json.Unmarshal(next, &link)
			cursor := ""
			if u, err := url.Parse(link); err == nil && link != "" {
				cursor = u.Query().Get("page[after]")
			}
			switch {
			case cursor != "" && len(got) > 0:
				after = cursor
				continue
			case after != "" || link == "":
				return all, nil
			}
			// a link without a cursor: paged by number after all
		}
		total := max(out.Meta.Page.Total, out.Page.Total)
		if len(got) == 0 || len(got) < size || (total > 0 && len(all) >= total) {
			return all, nil
		}
	}
	return nil, errors.New("listing " + collection + " did not end after " + strconv.Itoa(platformMaxPages) + " pages")
}

// controlPlaneSub is the collection path of a platform collection below a control plane.
func ControlPlaneSub(segments ...string) func(map[string]string) string {
	return func(p map[string]string) string {
		parts := []string{"/v2/control-planes", url.PathEscape(p["control_plane_id"])}
		for _, s := range segments {
			if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
				s = url.PathEscape(p[strings.Trim(s, "{}")])
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, "/")
	}
}

// without returns body without the named fields.
func Without(names ...string) func(konnect.Object) konnect.Object {
	return func(body konnect.Object) konnect.Object {
		out := konnect.Object{}
		for k, v := range body {
			if !slices.Contains(names, k) {
				out[k] = v
			}
		}
		return out
	}
}
