package access

import (
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// roleDef is one predefined role of an entity type.
type roleDef struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// roleGroup is the predefined roles of one entity type, as GET /v3/roles shows them.
type roleGroup struct {
	Name  string             `json:"name"`
	Roles map[string]roleDef `json:"roles"`
}

// catalogue is GET /v3/roles: the entity types and roles of the spec's Roles
// response schema (its example lists a subset of the same), keyed as there.
var catalogue = map[string]roleGroup{
	"control_planes": {Name: "Control Planes", Roles: map[string]roleDef{
		"admin":                 {"Admin", "This role grants full write access to all entities within a control plane."},
		"certificate_admin":     {"Certificate Admin", "This role grants full write access to administer certificates."},
		"consumer_admin":        {"Consumer Admin", "This role grants full write access to administer consumers."},
		"creator":               {"Creator", "Creates a new Control Plane in an organization. The creator becomes the owner of the Control Plane they create."},
		"debug_session_creator": {"Debug Session Creator", "This role grants access to create debug sessions. This role also grants read-only access to all entities within a control plane."},
		"deployer":              {"Deployer", "This role grants full write access to administer services, routes and plugins necessary to deploy services in Service Hub."},
		"gateway_service_admin": {"Gateway Service Admin", "This role grants full write access to administer gateway services."},
		"plugin_admin":          {"Plugin Admin", "This role grants full write access to administer plugins."},
		"route_admin":           {"Route Admin", "This role grants full write access to administer routes."},
		"sni_admin":             {"SNI Admin", "This role grants full write access to administer SNIs."},
		"upstream_admin":        {"Upstream Admin", "This role grants full write access to administer upstreams."},
		"viewer":                {"Viewer", "This role grants read only access to all entities within a control plane."},
	}},
	"api_products": {Name: "API Products", Roles: map[string]roleDef{
		"admin":                    {"Admin", "This role grants full write access to an API product and its versions."},
		"application_registration": {"Application Registration", "This role grants permission to enable and disable application registration on an API product."},
		"creator":                  {"Creator", "This access is required to create API products. This access is not for creating sub-entities such as versions, API specs, etc."},
		"deployer":                 {"Deployer", "This role grants permission to deploy and remove an API product from a control plane."},
		"maintainer":               {"Maintainer", "This role grants all write permission to manage an API product and to administer plugins."},
		"plugins_admin":            {"Plugins Admin", "This role grants full write permission to administer plugins."},
		"publisher":                {"Publisher", "This role grants permission to publish an API product to one or more portals."},
		"viewer":                   {"Viewer", "Viewer has read-only access to an API product and its sub-entities."},
	}},
	"audit_logs": {Name: "Audit Logs", Roles: map[string]roleDef{
		"admin": {"Admin", "This role grants full write access to the Audit log configuration."},
	}},
	"identity": {Name: "Identity", Roles: map[string]roleDef{
		"admin": {"Admin", "This role grants full write access to the Identity configuration."},
	}},
	"mesh_control_planes": {Name: "Mesh Control Plane", Roles: map[string]roleDef{
		"admin":     {"Admin", "This role grants full write access to the related to Mesh control planes."},
		"connector": {"Connector", "This role grants a mesh zone to connect to the mesh control plane in Konnect."},
		"creator":   {"Creator", "This role grants access to create new Mesh control planes."},
		"viewer":    {"Viewer", "This role grants access to read-only permissions to Mesh control planes."},
	}},
	"dashboards": {Name: "Dashboards", Roles: map[string]roleDef{
		"admin":   {"Admin", "Allows users to edit, delete, and share a Dashboard in Konnect Analytics."},
		"creator": {"Creator", "Allows users to create a new Dashboard in Konnect Analytics."},
		"editor":  {"Editor", "Allows users to edit a Dashboard in Konnect Analytics."},
		"viewer":  {"Viewer", "Allows users to view any Dashboards content in Konnect Analytics."},
	}},
	"reports": {Name: "Reports", Roles: map[string]roleDef{
		"admin":   {"Admin", "Allows users to edit, delete, and share a Report in Konnect Analytics."},
		"creator": {"Creator", "Allows users to create a new Report in Konnect Analytics."},
		"editor":  {"Editor", "Allows users to edit a Report in Konnect Analytics."},
		"viewer":  {"Viewer", "Allows users to view a Report in Konnect Analytics."},
	}},
}

// catalogueByEntityType maps the entity_type_name of a role assignment to the
// catalogue entry whose roles it accepts. Entity types without an entry accept
// every role name of the AssignRole enum.
var catalogueByEntityType = map[string]string{
	"Control Planes": "control_planes", "API Products": "api_products", "Audit Logs": "audit_logs",
	"Mesh Control Planes": "mesh_control_planes", "Dashboards": "dashboards", "Reports": "reports",
}

// roleNames and entityTypes are the enums of the spec's AssignRole request body.
var roleNames = []string{
	"Admin", "Appearance Maintainer", "Application Registration", "Certificate Admin",
	"Cloud Gateway Cluster Admin", "Cloud Gateway Cluster Viewer", "Consumer Admin", "Connector",
	"Creator", "Debug Session Creator", "Deployer", "Discovery Admin", "Discovery Viewer", "Editor",
	"Gateway Service Admin", "Integration Admin", "Integration Viewer", "Key Admin", "Maintainer",
	"Network Admin", "Network Creator", "Network Viewer", "Plugin Admin", "Plugins Admin",
	"Product Publisher", "Publisher", "Route Admin", "SNI Admin", "Scorecard Admin", "Scorecard Viewer",
	"Service Admin", "Service Creator", "Service Viewer", "Upstream Admin", "Vault Admin", "Viewer",
	"Registration Approver", "Content Editor", "Add On Admin", "Add On Viewer",
}

var entityTypes = []string{
	"Add Ons", "APIs", "API Products", "Application Auth Strategies", "Audit Logs", "Control Planes",
	"Dashboards", "DCR Providers", "Mesh Control Planes", "Networks", "Portals", "Reports",
	"Service Hub", "Auth Servers",
}

var regions = []string{"us", "eu", "au", "me", "in", "sg", "*"}

// predefinedTeam is one of the teams every Konnect organisation has (Konnect's
// teams reference); they are system teams, which cannot be edited or deleted.
type predefinedTeam struct {
	name, description string
	roles             []role // entity_id "*": every entity of the type, in every region
}

func all(roleName, entityType string) role {
	return role{RoleName: roleName, EntityID: "*", EntityTypeName: entityType, EntityRegion: "*"}
}

var predefinedTeams = []predefinedTeam{
	{"Organization Admin", "Users can fully manage all entities and configuration in the organization.", nil},
	{"Organization Admin (Read Only)", "Users can view all entities and configuration in the organization.", nil},
	{"Analytics Admin", "Users can fully manage all Analytics content, including reports and dashboards.",
		[]role{all("Admin", "Dashboards"), all("Admin", "Reports")}},
	{"Analytics Viewer", "Users can view the Analytics summary and report data.",
		[]role{all("Viewer", "Dashboards"), all("Viewer", "Reports")}},
	{"API Product Admin", "Users can create and manage API products, including publishing them to Dev Portals.",
		[]role{all("Admin", "API Products"), all("Creator", "API Products")}},
	{"API Product Developer", "Users can create and manage versions of API products.",
		[]role{all("Maintainer", "API Products")}},
	{"Control Plane Admin", "Users can create and manage control planes.",
		[]role{all("Admin", "Control Planes"), all("Creator", "Control Planes")}},
	{"Portal Admin", "Users can fully manage all Dev Portal content and configuration.",
		[]role{all("Admin", "Portals")}},
}

// seedUsers are the organisation's users before any invitation: the owner first.
var seedUsers = []NewUser{
	{Email: "admin@example.com", FullName: "Admin User", PreferredName: "Admin"},
	{Email: "jane.doe@example.com", FullName: "Jane Doe", PreferredName: "Jane"},
	{Email: "john.smith@example.com", Pending: true},
}

// seed builds the state of a new organisation; it is created "now".
func (f *Family) seed() *state {
	now := f.now()
	st := &state{
		Org: organization{ID: mockcore.NewUUID(), Name: "Konnect Mock Organization", Created: now, Updated: now},
		// a new organisation signs in with e-mail and password, and an admin assigns teams
		Settings: authSettings{BasicAuth: true, KonnectMapping: true},
		Users:    []*user{}, Teams: []*team{}, Accounts: []*account{}, IdPs: []*idp{}, Revoked: []string{},
	}
	for _, pt := range predefinedTeams {
		desc := pt.description
		t := &team{ID: mockcore.NewUUID(), Name: pt.name, Description: &desc, System: true, Labels: map[string]string{},
			Created: now, Updated: now, Users: []string{}, Accounts: []string{}, Roles: []*role{}}
		for _, r := range pt.roles {
			r.ID = mockcore.NewUUID()
			t.Roles = append(t.Roles, &r)
		}
		st.Teams = append(st.Teams, t)
	}
	for _, nu := range append(append([]NewUser{}, seedUsers...), f.opts.Users...) {
		if u, _ := st.invite(nu, now); u != nil && st.Org.OwnerID == "" {
			st.Org.OwnerID = u.ID
			st.Teams[0].Users = append(st.Teams[0].Users, u.ID) // the owner is an Organization Admin
		}
	}
	return st
}

// invite adds a user; it returns nil and false when the e-mail is taken.
func (s *state) invite(nu NewUser, now time.Time) (*user, bool) {
	if s.userByEmail(nu.Email) != nil {
		return nil, false
	}
	u := &user{ID: mockcore.NewUUID(), Email: nu.Email, FullName: nu.FullName, PreferredName: nu.PreferredName,
		Active: !nu.Pending, Created: now, Updated: now, Roles: []*role{}, Tokens: []*token{}}
	s.Users = append(s.Users, u)
	return u, true
}
