package kongidentity

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// collection is a kind of object listed below another (an auth server's scopes, claims and
// clients; a client's secrets): where it lives, how one is addressed, shown and filtered.
type collection[P comparable, T comparable] struct {
	param  string          // the path parameter naming one object
	parent func(c *call) P // the object of the path it lives below (nil when none)
	items  func(P) *[]T    // its objects, in order of creation
	id     func(T) string  // one's id
	view   func(T) map[string]any
	field  func(T, string) (string, bool) // a filterable or sortable field
	spec   mockcore.QuerySpec
	sorts  []string
}

// find is the object of the path and its parent; a 404 when either is missing.
func (k collection[P, T]) find(c *call) (P, T, *mockcore.Response) {
	var none T
	p := k.parent(c)
	var nilP P
	if p != nilP {
		want := c.params[k.param]
		for _, it := range *k.items(p) {
			if k.id(it) == want || strings.EqualFold(k.id(it), want) && mockcore.IsUUID(want) {
				return p, it, nil
			}
		}
	}
	resp := c.notFound()
	return p, none, &resp
}

// open is find, then the request body.
func (k collection[P, T]) open(c *call) (P, T, *mockcore.Body, *mockcore.Response) {
	p, it, missing := k.find(c)
	if missing != nil {
		return p, it, nil, missing
	}
	b, bad := c.body()
	return p, it, b, bad
}

func (k collection[P, T]) list(c *call) mockcore.Response {
	p := k.parent(c)
	var nilP P
	if p == nilP {
		return c.notFound()
	}
	return mockcore.ListQuery(c.query(), *k.items(p), k.spec, k.sorts, k.field, k.view)
}

func (k collection[P, T]) get(c *call) mockcore.Response {
	_, it, missing := k.find(c)
	if missing != nil {
		return *missing
	}
	return mockcore.JSON(http.StatusOK, k.view(it))
}

// remove deletes the object of the path, then lets after tidy what referred to it.
func (k collection[P, T]) remove(c *call, after func(P, T)) mockcore.Response {
	p, it, missing := k.find(c)
	if missing != nil {
		return *missing
	}
	*k.items(p) = slices.DeleteFunc(*k.items(p), func(x T) bool { return x == it })
	if after != nil {
		after(p, it)
	}
	return mockcore.NoContent()
}

// add creates fresh below the path's parent, apply filling it from the request body (a 201
// with the object, or apply's refusal).
func (k collection[P, T]) add(c *call, fresh func(now time.Time) T, apply func(c *call, p P, b *mockcore.Body, it T, create bool) *mockcore.Response) mockcore.Response {
	p, b, bad := withBody(c, k.parent)
	if bad != nil {
		return *bad
	}
	it := fresh(c.f.now())
	if bad := apply(c, p, b, it, true); bad != nil {
		return *bad
	}
	*k.items(p) = append(*k.items(p), it)
	return mockcore.JSON(http.StatusCreated, k.view(it))
}

// patch applies a PATCH to a copy of the object of the path (clone), which replaces it only
// when apply accepts the body.
func (k collection[P, T]) patch(c *call, clone func(T) T, apply func(c *call, p P, b *mockcore.Body, it T, create bool) *mockcore.Response) mockcore.Response {
	p, it, b, bad := k.open(c)
	if bad != nil {
		return *bad
	}
	work := clone(it)
	if bad := apply(c, p, b, work, false); bad != nil {
		return *bad
	}
	items := *k.items(p)
	items[slices.Index(items, it)] = work
	return mockcore.JSON(http.StatusOK, k.view(work))
}

// withBody is the object of the path that a write goes to or below (a 404 when it is
// missing), and the request body.
func withBody[P comparable](c *call, object func(*call) P) (P, *mockcore.Body, *mockcore.Response) {
	p := object(c)
	var nilP P
	if p == nilP {
		resp := c.notFound()
		return p, nil, &resp
	}
	b, bad := c.body()
	return p, b, bad
}

// named reports whether another object than except has the name.
func named[T any](items []T, name, except string, nameOf, idOf func(T) string) bool {
	return slices.ContainsFunc(items, func(it T) bool { return nameOf(it) == name && idOf(it) != except })
}

// fieldsOf is the filterable and sortable fields of an object with an id, a name and times.
func fieldsOf(id, name string, created, updated string, field string) (string, bool) {
	switch field {
	case "id":
		return id, true
	case "name":
		return name, true
	case "created_at":
		return created, true
	case "updated_at":
		return updated, true
	}
	return "", false
}

func setString(dst *string, v *string) {
	if v != nil {
		*dst = *v
	}
}

func setBool(dst *bool, v *bool) {
	if v != nil {
		*dst = *v
	}
}

func setInt(dst *int64, v *int64) {
	if v != nil {
		*dst = *v
	}
}
