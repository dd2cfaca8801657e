package kongidentity

import (
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- scopes

func scopeView(s *scope) map[string]any {
	return map[string]any{"id": s.ID, "name": s.Name, "description": s.Description, "default": s.Default,
		"include_in_metadata": s.IncludeInMetadata, "enabled": s.Enabled,
		"created_at": mockcore.FormatTime(s.CreatedAt), "updated_at": mockcore.FormatTime(s.UpdatedAt)}
}

// childField is the filterable and sortable fields of a scope, claim or client.
func childField(id, name string, created, updated string) func(string) (string, bool) {
	return func(field string) (string, bool) {
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
}

var childSpec = mockcore.QuerySpec{"name": mockcore.ContainsField, "id": mockcore.EqField}

var childSorts = []string{"created_at", "updated_at", "name"}

func listScopes(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	get := func(s *scope, f string) (string, bool) {
		return childField(s.ID, s.Name, mockcore.FormatTime(s.CreatedAt), mockcore.FormatTime(s.UpdatedAt))(f)
	}
	return mockcore.ListQuery(c.query(), a.Scopes, childSpec, childSorts, get, scopeView)
}

func (a *authServer) scope(id string) *scope {
	for _, s := range a.Scopes {
		if s.ID == strings.ToLower(id) {
			return s
		}
	}
	return nil
}

func (a *authServer) scopeNamed(name, except string) bool {
	return slices.ContainsFunc(a.Scopes, func(s *scope) bool { return s.Name == name && s.ID != except })
}

func createScope(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "default", "include_in_metadata", "enabled")
	name := b.String("name", true, 1, 0)
	desc := b.String("description", false, 0, 0)
	def, meta, enabled := b.Bool("default", false), b.Bool("include_in_metadata", false), b.Bool("enabled", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if a.scopeNamed(*name, "") {
		return c.conflict("A scope with this name already exists in the auth server")
	}
	now := c.f.now()
	s := &scope{ID: mockcore.NewUUID(), Name: *name, Enabled: true, CreatedAt: now, UpdatedAt: now}
	setString(&s.Description, desc)
	setBool(&s.Default, def)
	setBool(&s.IncludeInMetadata, meta)
	setBool(&s.Enabled, enabled)
	a.Scopes = append(a.Scopes, s)
	return mockcore.JSON(http.StatusCreated, scopeView(s))
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

func getScope(c *call) mockcore.Response {
	if a := c.server(); a != nil {
		if s := a.scope(c.params["scopeId"]); s != nil {
			return mockcore.JSON(http.StatusOK, scopeView(s))
		}
	}
	return c.notFound()
}

func patchScope(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	s := a.scope(c.params["scopeId"])
	if s == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "default", "include_in_metadata", "enabled")
	b.NotNull("name")
	name := b.String("name", false, 1, 0)
	desc := b.String("description", false, 0, 0)
	def, meta, enabled := b.Bool("default", false), b.Bool("include_in_metadata", false), b.Bool("enabled", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil && a.scopeNamed(*name, s.ID) {
		return c.conflict("A scope with this name already exists in the auth server")
	}
	setString(&s.Name, name)
	setString(&s.Description, desc)
	if b.Null("description") {
		s.Description = ""
	}
	setBool(&s.Default, def)
	setBool(&s.IncludeInMetadata, meta)
	setBool(&s.Enabled, enabled)
	s.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, scopeView(s))
}

// deleteScope removes the scope from the clients that allow it and the claims that include it.
func deleteScope(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	s := a.scope(c.params["scopeId"])
	if s == nil {
		return c.notFound()
	}
	a.Scopes = slices.DeleteFunc(a.Scopes, func(x *scope) bool { return x == s })
	for _, cl := range a.Clients {
		cl.AllowScopes = slices.DeleteFunc(cl.AllowScopes, func(id string) bool { return id == s.ID })
	}
	for _, cm := range a.Claims {
		cm.IncludeInScopes = slices.DeleteFunc(cm.IncludeInScopes, func(id string) bool { return id == s.ID })
	}
	return mockcore.NoContent()
}

// scopeIDs checks a list of scope ids of the auth server (nil, false when absent).
func (a *authServer) scopeIDs(b *mockcore.Body, field string) ([]string, bool) {
	ids, ok := b.Strings(field, false)
	if !ok {
		return nil, false
	}
	out := []string{}
	for _, id := range ids {
		if a.scope(id) == nil {
			b.Bad = append(b.Bad, mockcore.InvalidParam{Field: field, Rule: "missing_reference",
				Reason: "scope " + id + " is not a scope of this auth server"})
			return nil, false
		}
		if !slices.Contains(out, strings.ToLower(id)) {
			out = append(out, strings.ToLower(id))
		}
	}
	return out, true
}

// --- claims

func claimView(cm *claim) map[string]any {
	scopes := cm.IncludeInScopes
	if scopes == nil {
		scopes = []string{}
	}
	return map[string]any{"id": cm.ID, "name": cm.Name, "value": cm.Value, "include_in_token": cm.IncludeInToken,
		"include_in_all_scopes": cm.IncludeInAllScopes, "include_in_scopes": scopes, "enabled": cm.Enabled,
		"created_at": mockcore.FormatTime(cm.CreatedAt), "updated_at": mockcore.FormatTime(cm.UpdatedAt)}
}

func listClaims(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	get := func(cm *claim, f string) (string, bool) {
		return childField(cm.ID, cm.Name, mockcore.FormatTime(cm.CreatedAt), mockcore.FormatTime(cm.UpdatedAt))(f)
	}
	return mockcore.ListQuery(c.query(), a.Claims, childSpec, childSorts, get, claimView)
}

func (a *authServer) claim(id string) *claim {
	for _, cm := range a.Claims {
		if cm.ID == strings.ToLower(id) {
			return cm
		}
	}
	return nil
}

func createClaim(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "value", "include_in_token", "include_in_all_scopes", "include_in_scopes", "enabled")
	name, value := b.String("name", true, 1, 0), b.String("value", true, 1, 0)
	tok, all, enabled := b.Bool("include_in_token", false), b.Bool("include_in_all_scopes", false), b.Bool("enabled", false)
	scopes, _ := a.scopeIDs(b, "include_in_scopes")
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	cm := &claim{ID: mockcore.NewUUID(), Name: *name, Value: *value, Enabled: true, IncludeInScopes: scopes, CreatedAt: now, UpdatedAt: now}
	setBool(&cm.IncludeInToken, tok)
	setBool(&cm.IncludeInAllScopes, all)
	setBool(&cm.Enabled, enabled)
	a.Claims = append(a.Claims, cm)
	return mockcore.JSON(http.StatusCreated, claimView(cm))
}

func getClaim(c *call) mockcore.Response {
	if a := c.server(); a != nil {
		if cm := a.claim(c.params["claimId"]); cm != nil {
			return mockcore.JSON(http.StatusOK, claimView(cm))
		}
	}
	return c.notFound()
}

func patchClaim(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	cm := a.claim(c.params["claimId"])
	if cm == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "value", "include_in_token", "include_in_all_scopes", "include_in_scopes", "enabled")
	b.NotNull("name")
	b.NotNull("value")
	name, value := b.String("name", false, 1, 0), b.String("value", false, 1, 0)
	tok, all, enabled := b.Bool("include_in_token", false), b.Bool("include_in_all_scopes", false), b.Bool("enabled", false)
	scopes, hasScopes := a.scopeIDs(b, "include_in_scopes")
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	setString(&cm.Name, name)
	setString(&cm.Value, value)
	setBool(&cm.IncludeInToken, tok)
	setBool(&cm.IncludeInAllScopes, all)
	setBool(&cm.Enabled, enabled)
	if hasScopes || b.Null("include_in_scopes") {
		cm.IncludeInScopes = scopes
	}
	cm.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, claimView(cm))
}

func deleteClaim(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	cm := a.claim(c.params["claimId"])
	if cm == nil {
		return c.notFound()
	}
	a.Claims = slices.DeleteFunc(a.Claims, func(x *claim) bool { return x == cm })
	return mockcore.NoContent()
}
