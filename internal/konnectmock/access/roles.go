package access

import (
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func getRoles(c *call) mockcore.Response { return c.json(http.StatusOK, catalogue) }

// grantee is what roles are assigned to: a team, a user or a system account.
type grantee struct {
	// resolve finds the grantee of the path; fixed reports a predefined team,
	// whose roles cannot be changed.
	resolve func(c *call) (roles *[]*role, fixed bool, bad *mockcore.Response)
	filters mockcore.FilterSpec
	// uuidRoleID: the spec types {roleId} as a UUID (so a malformed one is a 400)
	uuidRoleID bool
}

var teamGrantee = grantee{
	resolve: func(c *call) (*[]*role, bool, *mockcore.Response) {
		t, bad := c.team()
		if bad != nil {
			return nil, false, bad
		}
		return &t.Roles, t.System, nil
	},
	filters:    mockcore.FilterSpec{"role_name": {"eq"}, "entity_type_name": {"eq"}},
	uuidRoleID: true,
}

var userGrantee = grantee{
	resolve: func(c *call) (*[]*role, bool, *mockcore.Response) {
		u, bad := c.user()
		if bad != nil {
			return nil, false, bad
		}
		return &u.Roles, false, nil
	},
	filters:    mockcore.FilterSpec{"entity_id": {"eq"}, "role_name": {"eq"}, "entity_type_name": {"eq"}},
	uuidRoleID: true,
}

var accountGrantee = grantee{
	resolve: func(c *call) (*[]*role, bool, *mockcore.Response) {
		a, bad := c.account()
		if bad != nil {
			return nil, false, bad
		}
		return &a.Roles, false, nil
	},
	filters: mockcore.FilterSpec{"entity_id": {"eq"}, "role_name": {"eq"}, "entity_type_name": {"eq"}},
}

func roleField(r *role, field string) (string, bool) {
	switch field {
	case "role_name":
		return r.RoleName, true
	case "entity_type_name":
		return r.EntityTypeName, true
	case "entity_id":
		return r.EntityID, true
	}
	return "", false
}

// listRoles answers a grantee's assigned roles. The spec gives these lists no
// paging parameters, so every role is on the one page unless page[size] or
// page[number] is sent.
func listRoles(g grantee) handler {
	return func(c *call) mockcore.Response {
		roles, _, bad := g.resolve(c)
		if bad != nil {
			return *bad
		}
		fs, bad := c.filters(g.filters)
		if bad != nil {
			return *bad
		}
		p, bad := c.page()
		if bad != nil {
			return *bad
		}
		matched := mockcore.MatchAll(*roles, fs, roleField)
		if !p.Given {
			p.Size = len(matched)
		}
		return mockcore.List(matched, p)
	}
}

// assignRole checks the spec's AssignRole enums; for an entity type that GET
// /v3/roles describes, the role must also be one of that type's roles.
func assignRole(g grantee) handler {
	return func(c *call) mockcore.Response {
		roles, fixed, bad := g.resolve(c)
		if bad != nil {
			return *bad
		}
		if fixed {
			return c.systemTeamRefused()
		}
		b, bad := c.body()
		if bad != nil {
			return *bad
		}
		b.Only("role_name", "entity_id", "entity_type_name", "entity_region")
		name := b.Enum("role_name", true, roleNames)
		typ := b.Enum("entity_type_name", true, entityTypes)
		region := b.Enum("entity_region", false, regions) // the spec requires none of the four
		if region == nil && b.In["entity_region"] == nil {
			every := "*" // left out: every region
			region = &every
		}
		var entity *string
		if s, ok := b.In["entity_id"].(string); ok && s == "*" {
			entity = &s // every entity of the type
		} else {
			entity = b.UUID("entity_id", true)
		}
		if name != nil && typ != nil {
			if key, ok := catalogueByEntityType[*typ]; ok {
				var allowed []string
				for _, d := range catalogue[key].Roles {
					allowed = append(allowed, d.Name)
				}
				slices.Sort(allowed)
				if !slices.Contains(allowed, *name) {
					b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "role_name", Rule: "enum", Choices: allowed,
						Reason: "is not a role of " + *typ + "; must be one of: " + strings.Join(allowed, ", ")})
				}
			}
		}
		if bad := c.invalid(b); bad != nil {
			return *bad
		}
		r := &role{RoleName: *name, EntityID: *entity, EntityTypeName: *typ, EntityRegion: *region}
		if slices.ContainsFunc(*roles, func(x *role) bool {
			return x.RoleName == r.RoleName && x.EntityID == r.EntityID && x.EntityTypeName == r.EntityTypeName && x.EntityRegion == r.EntityRegion
		}) {
			return c.conflict("Role is already assigned")
		}
		r.ID = mockcore.NewUUID()
		*roles = append(*roles, r)
		return c.json(http.StatusCreated, r)
	}
}

// assigned resolves {roleId} among a grantee's roles.
func (c *call) assigned(g grantee) (*[]*role, bool, *role, *mockcore.Response) {
	roles, fixed, bad := g.resolve(c)
	if bad != nil {
		return nil, false, nil, bad
	}
	id := c.plainID("roleId")
	if g.uuidRoleID {
		if id, bad = c.idParam("roleId"); bad != nil {
			return nil, false, nil, bad
		}
	}
	r, bad := found(c, first(*roles, func(r *role) bool { return r.ID == id }), "assigned role")
	if bad != nil {
		return nil, false, nil, bad
	}
	return roles, fixed, r, nil
}

func getRole(g grantee) handler {
	return func(c *call) mockcore.Response {
		_, _, r, bad := c.assigned(g)
		if bad != nil {
			return *bad
		}
		return c.json(http.StatusOK, r)
	}
}

func removeRole(g grantee) handler {
	return func(c *call) mockcore.Response {
		roles, fixed, r, bad := c.assigned(g)
		if bad != nil {
			return *bad
		}
		if fixed {
			return c.systemTeamRefused()
		}
		*roles = slices.DeleteFunc(*roles, func(x *role) bool { return x == r })
		return mockcore.NoContent()
	}
}
