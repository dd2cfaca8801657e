package portal

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// What Konnect deletes with a portal or a portal team (the cascade guard, engine/cascade.go):
// someone may have made any of them in Konnect's portal editor.
var (
	// A portal's teams, pages (a tree: a page's children go with it) and snippets.
	portalTeamsOf = engine.Dependent{Collection: "teams", Platform: true, TypeName: "konnect_portal_team",
		NameFields: []string{"name"}}
	portalPagesOf = engine.Dependent{Collection: "pages", Platform: true, Tree: "children", TypeName: "konnect_portal_page",
		NameFields: []string{"slug", "title"}}
	portalSnippetsOf = engine.Dependent{Collection: "snippets", Platform: true, TypeName: "konnect_portal_snippet",
		NameFields: []string{"name"}}

	// A page's sub-pages, at any depth: Konnect deletes them with it.
	subPagesOf = engine.Dependent{Descendants: true, Tree: "children", Under: "portal_id", TypeName: "konnect_portal_page",
		NameFields: []string{"slug", "title"}}

	// A portal team's role grants, imported as <portal_id>/<team_id>/<id>.
	teamRolesOf = engine.Dependent{Collection: "assigned-roles", Platform: true, TypeName: "konnect_portal_team_role",
		NameFields: []string{"role_name", "entity_type_name"}, NameJoin: " on ", Nested: true, Under: "portal_id"}
)
