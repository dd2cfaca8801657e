package catalog

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// specKind tells the kind of a specification: it must parse as JSON or YAML
// into an object naming "openapi" 3.x (oas3), "swagger" 2.0 (oas2) or
// "asyncapi" (asyncapi). info is the document's info.version.
func specKind(content string) (kind, info string, ok bool) {
	var doc map[string]any
	if err := json.Unmarshal([]byte(content), &doc); err != nil {
		doc = nil
		if yaml.Unmarshal([]byte(content), &doc) != nil {
			return "", "", false
		}
	}
	str := func(k string) string {
		switch v := doc[k].(type) {
		case string:
			return v
		case float64, int:
			return strings.TrimSpace(strings.Trim(mustJSON(v), `"`))
		}
		return ""
	}
	if m, isMap := doc["info"].(map[string]any); isMap {
		if v, isStr := m["version"].(string); isStr {
			info = v
		}
	}
	switch {
	case strings.HasPrefix(str("openapi"), "3."):
		return "oas3", info, true
	case str("swagger") == "2.0":
		return "oas2", info, true
	case str("asyncapi") != "":
		return "asyncapi", info, true
	}
	return "", "", false
}

func mustJSON(v any) string { return string(mockcore.Marshal(v)) }

// unparsed is the spec's 400 for content that is not a specification.
func (c *call) unparsed(field string) mockcore.Response {
	return c.invalidRequest(mockcore.InvalidParam{Field: field, Rule: "invalid",
		Reason: "The provided specification content could not be parsed"})
}

// validateSpecification answers {"content"}: 201 with the spec's success body.
func validateSpecification(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("content")
	content := b.String("content", true, 1, 0)
	if r := c.invalid(b); r != nil {
		return *r
	}
	if _, _, ok := specKind(*content); !ok {
		return c.unparsed("content")
	}
	return c.json(http.StatusCreated, map[string]any{"validation_messages": []any{}})
}

var versionFilters = filterSpec{"version": textField, "type": textField}

func versionField(v *version, field string) (string, bool) {
	switch field {
	case "version":
		return v.Version, true
	case "type":
		return v.Type, true
	case "created_at":
		return fmtTime(v.Created), true
	}
	return "", false
}

func listVersions(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	return list(c, slices.Clone(a.Versions), versionFilters, []string{"created_at"}, versionField, (*version).view)
}

func (c *call) versionOf() (*api, *version) {
	a := c.apiOf()
	if a == nil {
		return nil, nil
	}
	id, ok := c.pathID("versionId")
	if !ok {
		return a, nil
	}
	return a, a.version(id)
}

// versionBody checks {"version", "spec": {"content"}}; spec is required on create.
func (c *call) versionBody(create bool) (b *mockcore.Body, ver, content *string, kind string) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		return nil, nil, nil, ""
	}
	b.Only("version", "spec")
	// version takes null, which changes nothing on an update: Kong's copy of the spec has
	// it nullable (default null), and Kong's provider sends null when it is not given.
	ver = b.String("version", false, 1, 0)
	if spec := b.Nested("spec", create); spec != nil {
		spec.Only("content")
		content = spec.String("content", create, 1, 0)
		b.Merge(spec)
		if content != nil {
			k, info, ok := specKind(*content)
			if !ok {
				b.Fail("spec.content", "invalid", "The provided specification content could not be parsed")
			}
			kind = k
			if ver == nil && create && ok {
				if info == "" {
					b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "version", Rule: "missing_reference",
						Reason: "version must be provided if not included in spec_content"})
				} else {
					ver = &info
				}
			}
		}
	}
	return b, ver, content, kind
}

func createVersion(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	b, ver, content, kind := c.versionBody(true)
	if b == nil {
		return c.unparsable()
	}
	if r := c.invalid(b); r != nil {
		return *r
	}
	// An API has one specification (the spec's ApiSpecConflict).
	if len(a.Versions) > 0 {
		return c.conflict("Specification for API '" + a.ID + "' already exists")
	}
	now := c.f.now()
	nv := &version{ID: mockcore.NewUUID(), Version: *ver, Content: *content, Type: kind, Created: now, Updated: now}
	a.Versions = append(a.Versions, nv)
	a.Updated = now
	return c.json(http.StatusCreated, nv.view())
}

func getVersion(c *call) mockcore.Response {
	_, v := c.versionOf()
	if v == nil {
		return c.notFound()
	}
	return c.json(http.StatusOK, v.view())
}

func patchVersion(c *call) mockcore.Response {
	_, v := c.versionOf()
	if v == nil {
		return c.notFound()
	}
	b, ver, content, kind := c.versionBody(false)
	if b == nil {
		return c.unparsable()
	}
	if r := c.invalid(b); r != nil {
		return *r
	}
	if ver != nil {
		v.Version = *ver
	}
	if content != nil {
		v.Content, v.Type = *content, kind
	}
	v.Updated = mockcore.Later(v.Updated, c.f.now())
	return c.json(http.StatusOK, v.view())
}

func deleteVersion(c *call) mockcore.Response {
	a, v := c.versionOf()
	if v == nil {
		return c.notFound()
	}
	a.Versions = slices.DeleteFunc(a.Versions, func(x *version) bool { return x == v })
	return mockcore.NoContent()
}
