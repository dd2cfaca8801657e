package kongidentity

import (
	"slices"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var childSpec = mockcore.QuerySpec{"name": mockcore.ContainsField, "id": mockcore.EqField}

var childSorts = []string{"created_at", "updated_at", "name"}

// --- scopes

var scopes = collection[*authServer, *scope]{param: "scopeId", parent: (*call).server,
	items: func(a *authServer) *[]*scope { return &a.Scopes }, id: func(s *scope) string { return s.ID }, view: scopeView,
	field: func(s *scope, f string) (string, bool) {
		return fieldsOf(s.ID, s.Name, mockcore.FormatTime(s.CreatedAt), mockcore.FormatTime(s.UpdatedAt), f)
	}, spec: childSpec, sorts: childSorts}

func scopeView(s *scope) map[string]any {
	return map[string]any{"id": s.ID, "name": s.Name, "description": s.Description, "default": s.Default,
		"include_in_metadata": s.IncludeInMetadata, "enabled": s.Enabled,
		"created_at": mockcore.FormatTime(s.CreatedAt), "updated_at": mockcore.FormatTime(s.UpdatedAt)}
}

func (a *authServer) scope(id string) *scope {
	for _, s := range a.Scopes {
		if s.ID == strings.ToLower(id) {
			return s
		}
	}
	return nil
}

var scopeFields = []string{"name", "description", "default", "include_in_metadata", "enabled"}

// scopeBody applies a create's or a PATCH's fields to s; a name another scope of the auth
// server has is a 409.
func (c *call) scopeBody(a *authServer, b *mockcore.Body, s *scope, create bool) *mockcore.Response {
	b.Only(scopeFields...)
	if !create {
		b.NotNull("name")
	}
	name := b.String("name", create, 1, 0)
	desc := b.String("description", false, 0, 0)
	def, meta, enabled := b.Bool("default", false), b.Bool("include_in_metadata", false), b.Bool("enabled", false)
	if bad := c.invalid(b); bad != nil {
		return bad
	}
	if name != nil && named(a.Scopes, *name, s.ID, func(x *scope) string { return x.Name }, scopes.id) {
		resp := c.conflict("A scope with this name already exists in the auth server")
		return &resp
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
	return nil
}

func createScope(c *call) mockcore.Response {
	return scopes.add(c, func(now time.Time) *scope { return &scope{ID: mockcore.NewUUID(), Enabled: true, CreatedAt: now} }, (*call).scopeBody)
}

func patchScope(c *call) mockcore.Response {
	return scopes.patch(c, func(s *scope) *scope { w := *s; return &w }, (*call).scopeBody)
}

// deleteScope removes the scope from the clients that allow it and the claims that include it.
func deleteScope(c *call) mockcore.Response {
	return scopes.remove(c, func(a *authServer, s *scope) {
		for _, cl := range a.Clients {
			cl.AllowScopes = slices.DeleteFunc(cl.AllowScopes, func(id string) bool { return id == s.ID })
		}
		for _, cm := range a.Claims {
			cm.IncludeInScopes = slices.DeleteFunc(cm.IncludeInScopes, func(id string) bool { return id == s.ID })
		}
	})
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

var claims = collection[*authServer, *claim]{param: "claimId", parent: (*call).server,
	items: func(a *authServer) *[]*claim { return &a.Claims }, id: func(cm *claim) string { return cm.ID }, view: claimView,
	field: func(cm *claim, f string) (string, bool) {
		return fieldsOf(cm.ID, cm.Name, mockcore.FormatTime(cm.CreatedAt), mockcore.FormatTime(cm.UpdatedAt), f)
	}, spec: childSpec, sorts: childSorts}

func claimView(cm *claim) map[string]any {
	return map[string]any{"id": cm.ID, "name": cm.Name, "value": cm.Value, "include_in_token": cm.IncludeInToken,
		"include_in_all_scopes": cm.IncludeInAllScopes, "include_in_scopes": orEmpty(cm.IncludeInScopes), "enabled": cm.Enabled,
		"created_at": mockcore.FormatTime(cm.CreatedAt), "updated_at": mockcore.FormatTime(cm.UpdatedAt)}
}

// claimBody applies a create's or a PATCH's fields to cm.
func (c *call) claimBody(a *authServer, b *mockcore.Body, cm *claim, create bool) *mockcore.Response {
	b.Only("name", "value", "include_in_token", "include_in_all_scopes", "include_in_scopes", "enabled")
	if !create {
		b.NotNull("name")
		b.NotNull("value")
	}
	name, value := b.String("name", create, 1, 0), b.String("value", create, 1, 0)
	tok, all, enabled := b.Bool("include_in_token", false), b.Bool("include_in_all_scopes", false), b.Bool("enabled", false)
	ids, hasIDs := a.scopeIDs(b, "include_in_scopes")
	if bad := c.invalid(b); bad != nil {
		return bad
	}
	setString(&cm.Name, name)
	setString(&cm.Value, value)
	setBool(&cm.IncludeInToken, tok)
	setBool(&cm.IncludeInAllScopes, all)
	setBool(&cm.Enabled, enabled)
	if hasIDs || b.Null("include_in_scopes") {
		cm.IncludeInScopes = ids
	}
	cm.UpdatedAt = c.f.now()
	return nil
}

func createClaim(c *call) mockcore.Response {
	return claims.add(c, func(now time.Time) *claim { return &claim{ID: mockcore.NewUUID(), Enabled: true, CreatedAt: now} }, (*call).claimBody)
}

func patchClaim(c *call) mockcore.Response {
	return claims.patch(c, func(cm *claim) *claim { w := *cm; return &w }, (*call).claimBody)
}

func deleteClaim(c *call) mockcore.Response { return claims.remove(c, nil) }
