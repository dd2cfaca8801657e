package catalog

import (
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// apiFilters: "labels.*" is the spec's LabelsFieldFilter, filter[labels.<key>][op], on the
// label of that key (an API without it is matched by neq alone).
var apiFilters = filterSpec{"id": uuidField, "name": textField, "version": textField,
	"implementation_mode": textField, "created_at": timeField, "updated_at": timeField, "labels.*": textField}

func (c *call) apiField(a *api, field string) (string, bool) {
	switch field {
	case "id":
		return a.ID, true
	case "name":
		return a.Name, true
	case "version":
		return optString(a.Version)
	case "implementation_mode":
		return c.f.mode(a), true
	case "created_at":
		return fmtTime(a.Created), true
	case "updated_at":
		return fmtTime(a.Updated), true
	}
	if key, ok := strings.CutPrefix(field, "labels."); ok {
		v, ok := a.Labels[key]
		return v, ok
	}
	return "", false
}

func listAPIs(c *call) mockcore.Response {
	return list(c, slices.Clone(c.f.st.APIs), apiFilters, []string{"name", "version", "created_at", "updated_at"},
		c.apiField, c.f.apiView)
}

// apiOf resolves {apiId}: an id that is not a UUID or names no API is a 404.
func (c *call) apiOf() *api {
	id, ok := c.pathID("apiId")
	if !ok {
		return nil
	}
	return c.f.st.api(id)
}

// apiFields checks the writable fields of a create (patch false) or a PATCH.
func (c *call) apiFields(b *mockcore.Body, patch bool) (name, desc, ver, slug *string, labels map[string]*string) {
	b.Only("name", "description", "version", "slug", "labels", "attributes", "spec_content")
	name = b.String("name", !patch, 1, 255)
	if patch {
		b.NotNull("name")
	}
	desc = b.String("description", false, 0, 0)
	ver = b.String("version", false, 1, 255)
	slug = b.Pattern("slug", b.String("slug", false, 1, 0), slugPattern)
	labels, _ = b.Labels(patch)
	if b.Has("attributes") && !b.Null("attributes") {
		if _, ok := b.In["attributes"].(map[string]any); !ok {
			b.Fail("attributes", "is_object", "must be an object")
		}
	}
	return
}

// conflict409 reports the name+version or slug another API has.
func (c *call) taken(except *api, name string, ver *string, slug string) *mockcore.Response {
	for _, o := range c.f.st.APIs {
		if o == except {
			continue
		}
		if o.Name == name && eqPtr(o.Version, ver) {
			r := c.conflict("API with name '" + name + "' and version already exists")
			return &r
		}
		if o.Slug == slug {
			r := c.conflict("API with slug '" + slug + "' already exists")
			return &r
		}
	}
	return nil
}

func defaultSlug(name string, ver *string) string {
	if ver != nil {
		return slugify(name + "-" + *ver)
	}
	return slugify(name)
}

func createAPI(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	name, desc, ver, slug, labels := c.apiFields(b, false)
	var spec *string
	if b.Has("spec_content") {
		spec = b.String("spec_content", false, 1, 0)
	}
	var specType string
	if spec != nil {
		if t, _, ok := specKind(*spec); ok {
			specType = t
		} else {
			b.Fail("spec_content", "invalid", "The provided specification content could not be parsed")
		}
	}
	if r := c.invalid(b); r != nil {
		return *r
	}
	s := defaultSlug(*name, ver)
	if slug != nil {
		s = *slug
	}
	if r := c.taken(nil, *name, ver, s); r != nil {
		return *r
	}
	now := c.f.now()
	a := &api{ID: mockcore.NewUUID(), Name: *name, Description: desc, Version: ver, Slug: s,
		Labels: map[string]string{}, Attributes: map[string]any{}, Created: now, Updated: now,
		Versions: []*version{}, Documents: []*document{}, Publications: []*publication{}, Implementations: []*implementation{}}
	mockcore.ApplyLabels(a.Labels, labels)
	if m, ok := b.In["attributes"].(map[string]any); ok {
		a.Attributes = m
	}
	if spec != nil {
		v := ""
		if ver != nil {
			v = *ver
		}
		a.Versions = append(a.Versions, &version{ID: mockcore.NewUUID(), Version: v, Content: *spec, Type: specType, Created: now, Updated: now})
	}
	c.f.st.APIs = append(c.f.st.APIs, a)
	return c.json(http.StatusCreated, c.f.apiView(a))
}

func getAPI(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	return c.json(http.StatusOK, c.f.apiView(a))
}

func patchAPI(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	name, desc, ver, slug, labels := c.apiFields(b, true)
	if b.Has("spec_content") {
		b.Fail("spec_content", "unknown_property", "is an unknown property")
	}
	if r := c.invalid(b); r != nil {
		return *r
	}
	n, v, s := a.Name, a.Version, a.Slug
	if name != nil {
		n = *name
	}
	if b.Has("version") {
		v = ver
	}
	if b.Has("slug") {
		if slug != nil {
			s = *slug
		} else {
			s = defaultSlug(n, v)
		}
	}
	if r := c.taken(a, n, v, s); r != nil {
		return *r
	}
	a.Name, a.Version, a.Slug = n, v, s
	if b.Has("description") {
		a.Description = desc
	}
	if labels != nil {
		mockcore.ApplyLabels(a.Labels, labels)
	}
	if b.Has("attributes") {
		a.Attributes = map[string]any{}
		if m, ok := b.In["attributes"].(map[string]any); ok {
			a.Attributes = m
		}
	}
	a.Updated = mockcore.Later(a.Updated, c.f.now())
	return c.json(http.StatusOK, c.f.apiView(a))
}

// deleteAPI removes the API with its versions, documents, implementations and
// publications (which it takes back from the portals).
func deleteAPI(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	for _, p := range a.Publications {
		if c.f.portals != nil {
			c.f.portals.Unpublish(p.PortalID, a.ID)
		}
	}
	c.f.st.APIs = slices.DeleteFunc(c.f.st.APIs, func(x *api) bool { return x == a })
	return mockcore.NoContent()
}
