// Package access declares the kinds of Konnect's identity API (/v3): who may change
// Konnect. Teams, their members and roles, system accounts with their teams, roles and
// access tokens, the SSO identity provider with its team mappings, and the organization's
// authentication settings. Type and attribute names are those of Kong's provider, so a
// state moves here with `terraform state replace-provider`.
package access

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// under returns the collection path /v3/<segments…>, with {param} segments taken from the
// object's parents.
func under(segments ...string) func(map[string]string) string { return engine.V3Path(segments...) }

// catalogue is Konnect's predefined roles (GET /v3/roles) by entity type name, each type's
// sorted by name.
type catalogue = engine.RoleCatalogue

// rolesOf reads the organization's catalogue of roles (engine.Roles: once per client).
func rolesOf(ctx context.Context, cl *konnect.Client) (catalogue, error) {
	return engine.Roles(ctx, cl, "/v3/roles")
}

// The names a role grant accepts (the spec's enums for assigning a role). Konnect's
// catalogue (GET /v3/roles) groups roles by entity type, but not every entity type has a
// group there (Portals, APIs, Networks, …), and it spells one group in the singular ("Mesh
// Control Plane"): a grant on a type with a group takes that group's roles, any other type
// the roles below.
var (
	grantEntityTypes = []string{"Add Ons", "APIs", "API Products", "Application Auth Strategies", "Audit Logs", "Control Planes",
		"Dashboards", "DCR Providers", "Mesh Control Planes", "Networks", "Portals", "Reports", "Service Hub", "Auth Servers"}
	grantRoles = []string{"Admin", "Appearance Maintainer", "Application Registration", "Certificate Admin", "Cloud Gateway Cluster Admin",
		"Cloud Gateway Cluster Viewer", "Consumer Admin", "Connector", "Creator", "Debug Session Creator", "Deployer", "Discovery Admin",
		"Discovery Viewer", "Editor", "Gateway Service Admin", "Integration Admin", "Integration Viewer", "Key Admin", "Maintainer",
		"Network Admin", "Network Creator", "Network Viewer", "Plugin Admin", "Plugins Admin", "Product Publisher", "Publisher",
		"Route Admin", "SNI Admin", "Scorecard Admin", "Scorecard Viewer", "Service Admin", "Service Creator", "Service Viewer",
		"Upstream Admin", "Vault Admin", "Viewer", "Registration Approver", "Content Editor", "Add On Admin", "Add On Viewer"}
)

// sameType: two spellings of one entity type, singular or plural.
func sameType(a, b string) bool {
	norm := func(s string) string { return strings.TrimSuffix(strings.ToLower(s), "s") }
	return norm(a) == norm(b)
}

// group finds an entity type's group in the catalogue: its name there and its roles' names.
func group(c catalogue, typeName string) (name string, roles []string, ok bool) {
	for name, group := range c {
		if sameType(name, typeName) {
			for _, r := range group {
				roles = append(roles, r.Name)
			}
			return name, roles, true
		}
	}
	return "", nil, false
}

// grantName is how a role grant spells a catalogue group's entity type: the grant's
// spelling where it has one ("Mesh Control Planes"), else the catalogue's ("Identity").
func grantName(catalogueName string) string {
	for _, t := range grantEntityTypes {
		if sameType(t, catalogueName) {
			return t
		}
	}
	return catalogueName
}

// checkRole checks a role grant's entity type and role name when the plan is made, against
// Konnect's catalogue of roles, naming the valid ones.
func checkRole(ctx context.Context, cl *konnect.Client, values konnect.Object) []engine.Problem {
	typeName, _ := values["entity_type_name"].(string)
	role, _ := values["role_name"].(string)
	if typeName == "" {
		return nil
	}
	c, err := rolesOf(ctx, cl)
	if err != nil {
		return []engine.Problem{{Attr: "role_name", Summary: "Could not read Konnect's roles",
			Detail: "The role is checked against Konnect's roles (GET /v3/roles) when the plan is made: " + err.Error()}}
	}
	groupName, roles, grouped := group(c, typeName)
	if grouped && typeName != grantName(groupName) && !slices.Contains(grantEntityTypes, typeName) {
		// The same type in another spelling (singular, another case): Konnect takes one.
		return []engine.Problem{{Attr: "entity_type_name", Summary: "Unknown entity type",
			Detail: fmt.Sprintf("Konnect has no entity type %q: it spells this one %q.", typeName, grantName(groupName))}}
	}
	if !grouped && !slices.Contains(grantEntityTypes, typeName) {
		types := slices.Clone(grantEntityTypes)
		for name := range c {
			if !slices.ContainsFunc(grantEntityTypes, func(t string) bool { return sameType(t, name) }) {
				types = append(types, name)
			}
		}
		slices.Sort(types)
		return []engine.Problem{{Attr: "entity_type_name", Summary: "Unknown entity type",
			Detail: fmt.Sprintf("Konnect has no entity type %q. Valid entity types: %s.", typeName, engine.QuotedList(types))}}
	}
	if !grouped {
		roles = grantRoles
	}
	if role != "" && !slices.Contains(roles, role) {
		sorted := slices.Sorted(slices.Values(roles))
		return []engine.Problem{{Attr: "role_name", Summary: "Unknown role",
			Detail: fmt.Sprintf("Konnect has no role %q for %q. Valid roles for %q: %s.", role, typeName, typeName, engine.QuotedList(sorted))}}
	}
	return nil
}
