package servicecatalog

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- integrations: what Konnect offers to connect

func listIntegrations(c *call) mockcore.Response {
	items := make([]map[string]any, 0, len(integrations))
	for _, i := range integrations {
		items = append(items, map[string]any{"name": i[0], "display_name": i[1], "built_in": false, "version": "v1", "visibility": "public"})
	}
	get := func(m map[string]any, field string) (string, bool) { s, ok := m[field].(string); return s, ok }
	return mockcore.ListQuery(c.query(), items, mockcore.QuerySpec{"name": mockcore.TextField, "display_name": mockcore.TextField},
		[]string{"name", "display_name"}, get, func(m map[string]any) map[string]any { return m })
}

// --- integration instances

func (f *Family) authorized(id string) bool {
	_, config := f.st.AuthConfigs[id]
	_, cred := f.st.Credentials[id]
	return config || cred
}

func (f *Family) instanceView(in *instance) map[string]any {
	display, _ := integrationDisplay(in.Integration)
	return map[string]any{"id": in.ID, "name": in.Name, "display_name": in.DisplayName, "description": in.Description,
		"integration": map[string]any{"name": in.Integration, "display_name": display}, "authorized": f.authorized(in.ID),
		"config": orEmpty(in.Config), "labels": labelsView(in.Labels),
		"created_at": mockcore.FormatTime(in.CreatedAt), "updated_at": mockcore.FormatTime(in.UpdatedAt)}
}

var instanceQuery = mockcore.QuerySpec{"name": mockcore.TextField, "display_name": mockcore.TextField,
	"integration.name": mockcore.TextField, "integration.display_name": mockcore.TextField, "authorized": mockcore.BoolField,
	"labels.*": mockcore.TextField, "created_at": mockcore.TimeField, "updated_at": mockcore.TimeField}

var instanceSorts = []string{"display_name", "name", "created_at", "updated_at", "integration.display_name"}

func (f *Family) instanceField(in *instance, field string) (string, bool) {
	switch field {
	case "name":
		return in.Name, true
	case "display_name":
		return in.DisplayName, true
	case "integration.name":
		return in.Integration, true
	case "integration.display_name":
		d, _ := integrationDisplay(in.Integration)
		return d, true
	case "authorized":
		return strconv.FormatBool(f.authorized(in.ID)), true
	case "created_at":
		return mockcore.FormatTime(in.CreatedAt), true
	case "updated_at":
		return mockcore.FormatTime(in.UpdatedAt), true
	}
	if key, ok := cutPrefix(field, "labels."); ok {
		v, ok := in.Labels[key]
		return v, ok
	}
	return "", false
}

// listInstances answers the paged listing, sorted by the integration's display name
// unless sort says otherwise.
func listInstances(c *call) mockcore.Response {
	items := slices.Clone(c.f.st.Instances)
	mockcore.SortBy(items, []mockcore.SortKey{{Field: "integration.display_name"}}, c.f.instanceField)
	return mockcore.ListQuery(c.query(), items, instanceQuery, instanceSorts, c.f.instanceField, c.f.instanceView)
}

// checkInstance reads a create (integration_name, name, display_name and config required)
// or a PATCH (no integration_name: it is fixed at creation).
func checkInstance(b *mockcore.Body, create bool) (integration, name, display, desc *string, config map[string]any, labels map[string]*string) {
	if create {
		b.Only("integration_name", "name", "display_name", "description", "labels", "config")
		integration = b.Pattern("integration_name", b.String("integration_name", true, 1, 120), machineName)
	} else {
		b.Only("name", "display_name", "description", "labels", "config")
		for _, k := range []string{"name", "display_name", "config"} {
			b.NotNull(k)
		}
	}
	name = b.Pattern("name", b.String("name", create, 1, 120), machineName)
	display = b.String("display_name", create, 1, 120)
	desc = b.String("description", false, 0, 2048)
	if n := b.Nested("config", create); n != nil {
		config = n.In
	}
	labels, _ = b.Labels(!create)
	return
}

func (c *call) instanceNamed(name, except string) *instance {
	for _, in := range c.f.st.Instances {
		if in.Name == name && in.ID != except {
			return in
		}
	}
	return nil
}

func createInstance(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	integration, name, display, desc, config, labels := checkInstance(b, true)
	if integration != nil {
		if _, ok := integrationDisplay(*integration); !ok {
			b.Fail("integration_name", "invalid", "integration ["+*integration+"] does not exist")
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if c.instanceNamed(*name, "") != nil {
		return c.conflict("An integration instance with name [" + *name + "] already exists")
	}
	now := c.f.now()
	in := &instance{ID: mockcore.NewUUID(), Integration: *integration, Name: *name, DisplayName: *display, Description: desc,
		Config: config, Labels: map[string]string{}, CreatedAt: now, UpdatedAt: now}
	mockcore.ApplyLabels(in.Labels, labels)
	c.f.st.Instances = append(c.f.st.Instances, in)
	return mockcore.JSON(http.StatusCreated, c.f.instanceView(in))
}

func (f *Family) instance(id string) (int, *instance) {
	for i, in := range f.st.Instances {
		if in.ID == lower(id) {
			return i, in
		}
	}
	return -1, nil
}

func getInstance(c *call) mockcore.Response {
	if _, in := c.f.instance(c.params["id"]); in != nil {
		return mockcore.JSON(http.StatusOK, c.f.instanceView(in))
	}
	return c.notFound()
}

// patchInstance changes the fields sent: labels key by key, config whole.
func patchInstance(c *call) mockcore.Response {
	_, in := c.f.instance(c.params["id"])
	if in == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	_, name, display, desc, config, labels := checkInstance(b, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil && c.instanceNamed(*name, in.ID) != nil {
		return c.conflict("An integration instance with name [" + *name + "] already exists")
	}
	if name != nil {
		in.Name = *name
	}
	if display != nil {
		in.DisplayName = *display
	}
	if b.Has("description") {
		in.Description = desc
	}
	if config != nil {
		in.Config = config
	}
	mockcore.ApplyLabels(in.Labels, labels)
	in.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, c.f.instanceView(in))
}

// deleteInstance removes the instance with its auth config and credential.
func deleteInstance(c *call) mockcore.Response {
	i, in := c.f.instance(c.params["id"])
	if in == nil {
		return c.notFound()
	}
	c.f.st.Instances = slices.Delete(c.f.st.Instances, i, i+1)
	delete(c.f.st.AuthConfigs, in.ID)
	delete(c.f.st.Credentials, in.ID)
	return mockcore.NoContent()
}
