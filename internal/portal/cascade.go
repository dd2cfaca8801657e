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

	// The APIs published to a portal: Konnect refuses to delete the portal while any is,
	// unless force_destroy = "true" (then it unpublishes them with it, as the user chose).
	// A publication has no id of its own: it is named by its API (read by id for its name)
	// and imported as <api_id>/<portal_id>.
	portalPublicationsOf = engine.Dependent{Collection: "api-publications", Platform: true, IDField: "api_id", IDFirst: true,
		TypeName: "konnect_api_publication", Owner: "api_id", OwnerPath: "/v3/apis", NameFields: []string{"owner.name", "api_id"},
		Refuses: true, Unless: "force_destroy",
		Forced: `set force_destroy = "true" on this portal, and Konnect unpublishes them with it.`}

	// A page's sub-pages, at any depth: Konnect deletes them with it.
	subPagesOf = engine.Dependent{Descendants: true, Tree: "children", Under: "portal_id", TypeName: "konnect_portal_page",
		NameFields: []string{"slug", "title"}}

	// A portal team's role grants, imported as <portal_id>/<team_id>/<id>.
	teamRolesOf = engine.Dependent{Collection: "assigned-roles", Platform: true, TypeName: "konnect_portal_team_role",
		NameFields: []string{"role_name", "entity_type_name"}, NameJoin: " on ", Nested: true, Under: "portal_id"}
)
