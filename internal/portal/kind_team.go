package portal

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// TeamKind is a team of a portal's developers (/v3/portals/{portalId}/teams).
var TeamKind = engine.EntityKind{
	TypeName: "konnect_portal_team",
	Unique:   []string{"portal_id", "name"},
	Description: "A team of a Dev Portal's developers, which roles on the portal's APIs are granted to (`konnect_portal_team_role`). " +
		"An update sends Konnect only the attributes the plan changes (PATCH). Deleting a team deletes its role grants; its developers stay.",
	API:        engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: engine.V3Path("portals", "{portal_id}", "teams"), Listed: true}, NameFilter: "filter[name][eq]"},
	NameAttr:   "name",
	Dependents: []engine.Dependent{teamRolesOf}, // cascade.go
	Attrs: []engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The team's name, unique in the portal (at most 250 characters).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 250), engine.NotBlank()}},
		{Name: "description", Type: engine.String, Default: engine.DefaultNull, Description: "What the team is for (at most 250 characters).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 250)}},
		{Name: "can_own_applications", Type: engine.Bool, Default: false, Description: "Whether the team's developers can own applications."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// TeamRoleKind is a role granted to a portal team on an API the portal publishes
// (/v3/portals/{portalId}/teams/{teamId}/assigned-roles): created and deleted, never
// changed. Konnect has no GET of one grant; it is read from the team's listing.
var TeamRoleKind = engine.EntityKind{
	TypeName: "konnect_portal_team_role",
	Unique:   []string{"portal_id", "team_id", "role_name", "entity_id", "entity_type_name", "entity_region"},
	Description: "A role granted to a Dev Portal team on one API (`Services`). Every attribute is fixed at creation: changing one replaces the grant. " +
		"The role and entity type are checked against Konnect's portal roles (`GET /v3/portal-roles`) when the plan is made. A grant removed in Konnect is reported at refresh and planned again.",
	API:   engine.AssignmentAPI{Collection: engine.V3Path("portals", "{portal_id}", "teams", "{team_id}", "assigned-roles")},
	Check: checkPortalRole,
	Attrs: []engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		engine.ParentID("team_id", "The id of the portal team."),
		{Name: "role_name", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The role granted, as Konnect names it (`API Viewer`, `API Consumer`). Checked against Konnect's portal roles (`GET /v3/portal-roles`) when the plan is made."},
		{Name: "entity_id", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The id of the API the role is granted on.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		{Name: "entity_type_name", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The type of the entity, as Konnect names it (`Services`). Checked against Konnect's portal roles when the plan is made."},
		{Name: "entity_region", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The region of the entity: `us`, `eu`, `au`, `me`, `in`, `sg`, or `*` for every region.",
			Validators:  []engine.Validator{stringvalidator.OneOf("us", "eu", "au", "me", "in", "sg", "*")}},
	},
}

// checkPortalRole checks a grant's entity type and role name when the plan is made, against
// Konnect's catalogue of portal roles (engine.Roles), naming the valid ones.
func checkPortalRole(ctx context.Context, cl *konnect.Client, values konnect.Object) []engine.Problem {
	typeName, _ := values["entity_type_name"].(string)
	role, _ := values["role_name"].(string)
	if typeName == "" {
		return nil
	}
	c, err := engine.Roles(ctx, cl, "/v3/portal-roles")
	if err != nil {
		return []engine.Problem{{Attr: "role_name", Summary: "Could not read Konnect's portal roles",
			Detail: "The role is checked against Konnect's portal roles (GET /v3/portal-roles) when the plan is made: " + err.Error()}}
	}
	group, ok := c[typeName]
	if !ok {
		types := slices.Sorted(maps.Keys(c))
		return []engine.Problem{{Attr: "entity_type_name", Summary: "Unknown entity type",
			Detail: fmt.Sprintf("Konnect's portal roles have no entity type %q. Valid entity types: %s.", typeName, engine.QuotedList(types))}}
	}
	var names []string
	for _, r := range group {
		names = append(names, r.Name)
	}
	if role != "" && !slices.Contains(names, role) {
		return []engine.Problem{{Attr: "role_name", Summary: "Unknown role",
			Detail: fmt.Sprintf("Konnect has no portal role %q for %q. Valid roles for %q: %s.", role, typeName, typeName, engine.QuotedList(names))}}
	}
	return nil
}
