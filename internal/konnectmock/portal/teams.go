package portal

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- teams: names unique in a portal

// anything is the spec's '^[\w \W]+$': one character or more.
var anything = regexp.MustCompile(`^[\w \W]+$`)

var teamFilters = filterSpec{"name": textField, "can_own_applications": boolField}

func teamField(t *team, field string) (string, bool) {
	switch field {
	case "name":
		return t.Name, true
	case "can_own_applications":
		return boolString(t.CanOwnApplications), true
	}
	return "", false
}

func listTeams(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	return list(c, p.Teams, teamFilters, nil, teamField, (*team).view)
}

func (c *call) teamNameTaken(p *portal, name string, except *team) *mockcore.Response {
	if slices.ContainsFunc(p.Teams, func(t *team) bool { return t != except && t.Name == name }) {
		resp := c.conflict(fmt.Sprintf("A team with the name [%s] already exists in this portal", name))
		return &resp
	}
	return nil
}

// createTeam: description defaults to "" (the answer always has one), can_own_applications to false.
func createTeam(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "can_own_applications")
	name := b.Pattern("name", b.String("name", true, 1, 250), anything)
	desc := b.String("description", false, 1, 250)
	own := b.Bool("can_own_applications", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if bad := c.teamNameTaken(p, *name, nil); bad != nil {
		return *bad
	}
	now := c.f.now()
	t := &team{ID: mockcore.NewUUID(), Name: *name, Created: now, Updated: now, Developers: []string{}, Roles: []*role{}}
	if desc != nil {
		t.Description = *desc
	}
	if own != nil {
		t.CanOwnApplications = *own
	}
	p.Teams = append(p.Teams, t)
	return c.json(http.StatusCreated, t.view())
}

func (c *call) team() (*portal, *team, *mockcore.Response) {
	p, bad := c.portal()
	if bad != nil {
		return nil, nil, bad
	}
	id, ok := c.pathID("teamId")
	var t *team
	if ok {
		t = p.team(id)
	}
	if t == nil {
		resp := c.notFound()
		return nil, nil, &resp
	}
	return p, t, nil
}

func getTeam(c *call) mockcore.Response {
	_, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, t.view())
}

// patchTeam changes only the fields sent; none is nullable.
func patchTeam(c *call) mockcore.Response {
	p, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "can_own_applications")
	// description and can_own_applications take null (nullable in Kong's copy of the
	// spec, which its provider sends for each it is not given): null clears the
	// description, as a create with none has "", and leaves the flag as it is.
	notNull(b, "is_string", "name")
	name := b.Pattern("name", b.String("name", false, 1, 250), anything)
	desc := b.String("description", false, 1, 250)
	own := b.Bool("can_own_applications", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if b.Null("description") {
		t.Description = ""
	}
	if name != nil {
		if bad := c.teamNameTaken(p, *name, t); bad != nil {
			return *bad
		}
		t.Name = *name
	}
	if desc != nil {
		t.Description = *desc
	}
	if own != nil {
		t.CanOwnApplications = *own
	}
	t.Updated = c.f.now()
	return c.json(http.StatusOK, t.view())
}

// deleteTeam deletes the team and its assigned roles; its developers stay.
func deleteTeam(c *call) mockcore.Response {
	p, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	p.Teams = slices.DeleteFunc(p.Teams, func(x *team) bool { return x == t })
	return mockcore.NoContent()
}

// --- team membership

var memberFilters = filterSpec{"email": textField, "full_name": textField, "attributes": textField, "active": boolField}

func memberField(d *developer, field string) (string, bool) {
	switch field {
	case "email":
		return d.Email, true
	case "full_name":
		return d.FullName, true
	case "active":
		return boolString(d.Status == "approved"), true
	}
	return "", false // developers have no attributes in this family
}

func listTeamDevelopers(c *call) mockcore.Response {
	p, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	var members []*developer
	for _, id := range t.Developers {
		if d := p.developer(id); d != nil {
			members = append(members, d)
		}
	}
	return list(c, members, memberFilters, nil, memberField, (*developer).basicView)
}

// addTeamDeveloper: the developer must be the portal's (else 404); a member
// already is a 409. The answer is a 201 without a body.
func addTeamDeveloper(c *call) mockcore.Response {
	p, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	id := b.UUID("id", true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if p.developer(*id) == nil {
		return c.notFound()
	}
	if slices.Contains(t.Developers, *id) {
		return c.conflict(fmt.Sprintf("Developer [%s] is already a member of team [%s]", *id, t.ID))
	}
	t.Developers = append(t.Developers, *id)
	return mockcore.Empty(http.StatusCreated)
}

func removeTeamDeveloper(c *call) mockcore.Response {
	_, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	id, ok := c.pathID("developerId")
	if !ok || !slices.Contains(t.Developers, id) {
		return c.notFound()
	}
	t.Developers = slices.DeleteFunc(t.Developers, func(x string) bool { return x == id })
	return mockcore.NoContent()
}

// --- assigned roles and the roles catalogue

// portalRoles is GET /v3/portal-roles, the spec's whole catalogue.
var portalRoles = map[string]any{
	"services": map[string]any{
		"name": "Services",
		"roles": map[string]any{
			"apiviewer":   map[string]any{"name": "API Viewer", "description": "API Viewers have read-only access to the documentation of a service in a portal"},
			"apiconsumer": map[string]any{"name": "API Consumer", "description": "API Consumers can make calls to the given service"},
		},
	},
}

var roleNames = []string{"API Viewer", "API Consumer"}

var regions = []string{"us", "eu", "au", "me", "in", "sg", "*"}

func listPortalRoles(c *call) mockcore.Response { return c.json(http.StatusOK, portalRoles) }

type roleJSON struct {
	ID             string `json:"id"`
	RoleName       string `json:"role_name"`
	EntityID       string `json:"entity_id"`
	EntityTypeName string `json:"entity_type_name"`
	EntityRegion   string `json:"entity_region"`
}

func (r *role) view() roleJSON {
	return roleJSON{ID: r.ID, RoleName: r.RoleName, EntityID: r.EntityID, EntityTypeName: r.EntityTypeName, EntityRegion: r.EntityRegion}
}

func listTeamRoles(c *call) mockcore.Response {
	_, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	return list(c, t.Roles, nil, nil, func(*role, string) (string, bool) { return "", false }, (*role).view)
}

// assignTeamRole: role_name and entity_type_name must be the catalogue's (GET
// /v3/portal-roles: "API Viewer" or "API Consumer" of "Services"), entity_id a
// UUID, entity_region one of the spec's. The same assignment twice is a 409.
func assignTeamRole(c *call) mockcore.Response {
	_, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	name := b.Enum("role_name", true, roleNames)
	entity := b.UUID("entity_id", true)
	typ := b.Enum("entity_type_name", true, []string{"Services"})
	region := b.Enum("entity_region", true, regions)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	r := &role{RoleName: *name, EntityID: *entity, EntityTypeName: *typ, EntityRegion: *region}
	if slices.ContainsFunc(t.Roles, func(x *role) bool {
		return x.RoleName == r.RoleName && x.EntityID == r.EntityID && x.EntityTypeName == r.EntityTypeName && x.EntityRegion == r.EntityRegion
	}) {
		return c.conflict(fmt.Sprintf("Role [%s] on [%s] is already assigned to team [%s]", r.RoleName, r.EntityID, t.ID))
	}
	r.ID = mockcore.NewUUID()
	t.Roles = append(t.Roles, r)
	return c.json(http.StatusCreated, r.view())
}

func removeTeamRole(c *call) mockcore.Response {
	_, t, bad := c.team()
	if bad != nil {
		return *bad
	}
	id, ok := c.pathID("roleId")
	if !ok || !slices.ContainsFunc(t.Roles, func(r *role) bool { return r.ID == id }) {
		return c.notFound()
	}
	t.Roles = slices.DeleteFunc(t.Roles, func(r *role) bool { return r.ID == id })
	return mockcore.NoContent()
}

// --- developers

var developerFilters = filterSpec{"name": textField, "status": textField, "email": textField}

var developerSorts = []string{"created_at", "updated_at", "email", "name", "status"}

var developerStatuses = []string{"approved", "pending", "revoked", "rejected"}

func developerField(d *developer, field string) (string, bool) {
	switch field {
	case "name":
		return d.FullName, true
	case "status":
		return d.Status, true
	case "email":
		return d.Email, true
	case "created_at":
		return mockcore.FormatTime(d.Created), true
	case "updated_at":
		return mockcore.FormatTime(d.Updated), true
	}
	return "", false
}

func listDevelopers(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	return list(c, p.Developers, developerFilters, developerSorts, developerField, (*developer).view)
}

// createDeveloper registers a developer: the status given, else approved when
// the portal auto-approves developers and pending otherwise. An e-mail the
// portal already has (case-insensitive) is the spec's 409. No e-mail is sent.
func createDeveloper(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("email", "full_name", "status", "send_invitation_email")
	email := b.Email("email", true, 255)
	full := b.String("full_name", true, 0, 255)
	status := b.Enum("status", false, developerStatuses)
	b.Bool("send_invitation_email", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if slices.ContainsFunc(p.Developers, func(d *developer) bool { return strings.EqualFold(d.Email, *email) }) {
		return c.conflict("Developer with the given email already exists")
	}
	now := c.f.now()
	d := &developer{ID: mockcore.NewUUID(), Email: *email, FullName: *full, Status: "pending", Created: now, Updated: now}
	if p.AutoApproveDevelopers {
		d.Status = "approved"
	}
	if status != nil {
		d.Status = *status
	}
	p.Developers = append(p.Developers, d)
	return c.json(http.StatusCreated, d.view())
}

func (c *call) developer() (*portal, *developer, *mockcore.Response) {
	p, bad := c.portal()
	if bad != nil {
		return nil, nil, bad
	}
	id, ok := c.pathID("developerId")
	var d *developer
	if ok {
		d = p.developer(id)
	}
	if d == nil {
		resp := c.notFound()
		return nil, nil, &resp
	}
	return p, d, nil
}

func getDeveloper(c *call) mockcore.Response {
	_, d, bad := c.developer()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, d.view())
}

func patchDeveloper(c *call) mockcore.Response {
	_, d, bad := c.developer()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("status")
	notNullEnum(b, developerStatuses, "status")
	status := b.Enum("status", false, developerStatuses)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if status != nil {
		d.Status = *status
	}
	d.Updated = c.f.now()
	return c.json(http.StatusOK, d.view())
}

// deleteDeveloper deletes the developer and their team memberships.
func deleteDeveloper(c *call) mockcore.Response {
	p, d, bad := c.developer()
	if bad != nil {
		return *bad
	}
	p.Developers = slices.DeleteFunc(p.Developers, func(x *developer) bool { return x == d })
	for _, t := range p.Teams {
		t.Developers = slices.DeleteFunc(t.Developers, func(x string) bool { return x == d.ID })
	}
	return mockcore.NoContent()
}

func listDeveloperTeams(c *call) mockcore.Response {
	p, d, bad := c.developer()
	if bad != nil {
		return *bad
	}
	var teams []*team
	for _, t := range p.Teams {
		if slices.Contains(t.Developers, d.ID) {
			teams = append(teams, t)
		}
	}
	return list(c, teams, filterSpec{"can_own_applications": boolField}, nil, teamField, (*team).view)
}
