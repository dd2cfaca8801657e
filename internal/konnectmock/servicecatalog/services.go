package servicecatalog

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// machineName is the pattern of a service's and an instance's name.
var machineName = regexp.MustCompile(`^[0-9a-z.-]+$`)

func serviceView(s *service) map[string]any {
	return map[string]any{"id": s.ID, "name": s.Name, "display_name": s.DisplayName, "description": s.Description,
		"custom_fields": orEmpty(s.CustomFields), "labels": labelsView(s.Labels),
		"created_at": mockcore.FormatTime(s.CreatedAt), "updated_at": mockcore.FormatTime(s.UpdatedAt)}
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

func labelsView(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// serviceField is a service's value of a filter or sort field.
func serviceField(s *service, field string) (string, bool) {
	switch field {
	case "id":
		return s.ID, true
	case "name":
		return s.Name, true
	case "display_name":
		return s.DisplayName, true
	case "created_at":
		return mockcore.FormatTime(s.CreatedAt), true
	case "updated_at":
		return mockcore.FormatTime(s.UpdatedAt), true
	}
	if key, ok := cutPrefix(field, "labels."); ok {
		v, ok := s.Labels[key]
		return v, ok
	}
	if key, ok := cutPrefix(field, "custom_fields."); ok {
		v, ok := s.CustomFields[key]
		if !ok || v == nil {
			return "", false
		}
		if str, isStr := v.(string); isStr {
			return str, true
		}
		return fmt.Sprint(v), true
	}
	return "", false
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) > len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return "", false
}

// serviceQuery: the filters and sorts of the services' listing (CatalogServiceFilter,
// CatalogServiceSort); updated_at takes gt and the other time operators, so a client can
// ask what changed since a time.
var serviceQuery = mockcore.QuerySpec{"id": mockcore.UUIDField, "name": mockcore.TextField, "display_name": mockcore.TextField,
	"custom_fields.*": mockcore.TextField, "labels.*": mockcore.TextField, "created_at": mockcore.TimeField, "updated_at": mockcore.TimeField}

var serviceSorts = []string{"display_name", "name", "created_at", "updated_at"}

// listServices answers the paged listing, sorted by display_name unless sort says otherwise.
func listServices(c *call) mockcore.Response {
	items := slices.Clone(c.f.st.Services)
	mockcore.SortBy(items, []mockcore.SortKey{{Field: "display_name"}}, serviceField)
	return mockcore.ListQuery(c.query(), items, serviceQuery, serviceSorts, serviceField, serviceView)
}

// checkCustomFields reads custom_fields: an object whose values are text, numbers,
// booleans, null or a link {name, link}; nil when absent or invalid.
func checkCustomFields(b *mockcore.Body) map[string]any {
	raw, ok := b.In["custom_fields"]
	if !ok || raw == nil { // null: none (Kong's client may send it)
		return nil
	}
	m, isObj := raw.(map[string]any)
	if !isObj {
		b.Fail("custom_fields", "is_object", "must be an object")
		return nil
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch v := m[k].(type) {
		case nil, string, bool, json.Number:
		case map[string]any:
			name, n := v["name"].(string)
			link, l := v["link"].(string)
			if !n || !l || name == "" || link == "" || len(v) != 2 {
				b.Fail("custom_fields."+k, "invalid", "a link must have exactly a name and a link")
			}
		default:
			b.Fail("custom_fields."+k, "invalid", "must be text, a number, a boolean, a link or null")
		}
	}
	return m
}

// checkService reads a create (name and display_name required) or a PATCH (any field; name
// and display_name not null).
func checkService(b *mockcore.Body, create bool) (name, display, desc *string, fields map[string]any, labels map[string]*string) {
	b.Only("name", "display_name", "description", "labels", "custom_fields")
	if !create {
		b.NotNull("name")
		b.NotNull("display_name")
	}
	name = b.Pattern("name", b.String("name", create, 1, 120), machineName)
	display = b.String("display_name", create, 1, 120)
	desc = b.String("description", false, 0, 2048)
	fields = checkCustomFields(b)
	labels, _ = b.Labels(!create)
	return
}

func (c *call) serviceNamed(name, except string) *service {
	for _, s := range c.f.st.Services {
		if s.Name == name && s.ID != except {
			return s
		}
	}
	return nil
}

func createService(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	name, display, desc, fields, labels := checkService(b, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if c.serviceNamed(*name, "") != nil {
		return c.conflict("A service with name [" + *name + "] already exists")
	}
	now := c.f.now()
	s := &service{ID: mockcore.NewUUID(), Name: *name, DisplayName: *display, Description: desc, CustomFields: fields,
		Labels: map[string]string{}, CreatedAt: now, UpdatedAt: now}
	mockcore.ApplyLabels(s.Labels, labels)
	c.f.st.Services = append(c.f.st.Services, s)
	return mockcore.JSON(http.StatusCreated, serviceView(s))
}

func (c *call) pathService() (int, *service) {
	for i, s := range c.f.st.Services {
		if s.ID == lower(c.params["id"]) {
			return i, s
		}
	}
	return -1, nil
}

func getService(c *call) mockcore.Response {
	if _, s := c.pathService(); s != nil {
		return mockcore.JSON(http.StatusOK, serviceView(s))
	}
	return c.notFound()
}

// patchService changes the fields sent: labels key by key (null removes one),
// custom_fields whole, description to null when sent null.
func patchService(c *call) mockcore.Response {
	_, s := c.pathService()
	if s == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	name, display, desc, fields, labels := checkService(b, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil && c.serviceNamed(*name, s.ID) != nil {
		return c.conflict("A service with name [" + *name + "] already exists")
	}
	if name != nil {
		s.Name = *name
	}
	if display != nil {
		s.DisplayName = *display
	}
	if b.Has("description") {
		s.Description = desc
	}
	if b.Has("custom_fields") {
		s.CustomFields = fields
	}
	mockcore.ApplyLabels(s.Labels, labels)
	s.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, serviceView(s))
}

func deleteService(c *call) mockcore.Response {
	i, s := c.pathService()
	if s == nil {
		return c.notFound()
	}
	c.f.st.Services = slices.Delete(c.f.st.Services, i, i+1)
	return mockcore.NoContent()
}
