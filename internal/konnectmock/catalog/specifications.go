package catalog

import (
	"net/http"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// The deprecated /specifications endpoints see the API's version (an API has
// one) as its specification: the same id, content and type.

var specTypes = []string{"oas2", "oas3", "asyncapi"}

func (v *version) specView() map[string]any {
	return map[string]any{"id": v.ID, "content": v.Content, "type": v.Type, "validation_messages": []any{},
		"created_at": fmtTime(v.Created), "updated_at": fmtTime(v.Updated)}
}

func listSpecifications(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	return list(c, slices.Clone(a.Versions), filterSpec{}, nil, versionField, (*version).specView)
}

func (c *call) specOf() (*api, *version) {
	a := c.apiOf()
	id, ok := c.pathID("specId")
	if a == nil || !ok {
		return nil, nil
	}
	return a, a.version(id)
}

// specBody checks {"content", "type"}; type is the content's, whatever is sent.
func (c *call) specBody(create bool) (content *string, kind, info string, bad *mockcore.Response) {
	b, bad := c.body()
	if bad != nil {
		return nil, "", "", bad
	}
	b.Only("content", "type")
	content = b.String("content", create, 1, 0)
	b.Enum("type", false, specTypes)
	if !create {
		b.NotNull("content")
	}
	if content != nil {
		var ok bool
		if kind, info, ok = specKind(*content); !ok {
			b.Fail("content", "invalid", "The provided specification content could not be parsed")
		}
	}
	return content, kind, info, c.invalid(b)
}

func createSpecification(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	content, kind, info, bad := c.specBody(true)
	if bad != nil {
		return *bad
	}
	if len(a.Versions) > 0 {
		return c.conflict("Specification for API '" + a.ID + "' already exists")
	}
	now := c.f.now()
	v := &version{ID: mockcore.NewUUID(), Version: info, Content: *content, Type: kind, Created: now, Updated: now}
	a.Versions = append(a.Versions, v)
	return c.json(http.StatusCreated, v.specView())
}

func getSpecification(c *call) mockcore.Response {
	_, v := c.specOf()
	if v == nil {
		return c.notFound()
	}
	return c.json(http.StatusOK, v.specView())
}

func patchSpecification(c *call) mockcore.Response {
	_, v := c.specOf()
	if v == nil {
		return c.notFound()
	}
	content, kind, _, bad := c.specBody(false)
	if bad != nil {
		return *bad
	}
	if content != nil {
		v.Content, v.Type = *content, kind
	}
	v.Updated = mockcore.Later(v.Updated, c.f.now())
	return c.json(http.StatusOK, v.specView())
}

func deleteSpecification(c *call) mockcore.Response {
	a, v := c.specOf()
	if v == nil {
		return c.notFound()
	}
	a.Versions = slices.DeleteFunc(a.Versions, func(x *version) bool { return x == v })
	return mockcore.NoContent()
}
