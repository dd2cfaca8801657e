package portal

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// What Konnect deletes with a portal or a portal team (the cascade guard, engine/cascade.go):
// someone may have made any of them in Konnect's portal editor.
var (
	// A portal's teams. (Its pages and snippets go with it too; they are Kong's
	// konnect_portal_page and konnect_portal_snippet, which this provider does not manage
	// yet, and a dependent names a resource type to import into: they join here with
	// those kinds.)
	portalTeamsOf = engine.Dependent{Collection: "teams", Platform: true, TypeName: "konnect_portal_team",
		NameFields: []string{"name"}}

	// A portal team's role grants, imported as <portal_id>/<team_id>/<id>.
	teamRolesOf = engine.Dependent{Collection: "assigned-roles", Platform: true, TypeName: "konnect_portal_team_role",
		NameFields: []string{"role_name", "entity_type_name"}, NameJoin: " on ", Nested: true, Under: "portal_id"}
)
