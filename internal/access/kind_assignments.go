package access

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// Assignments: links that Konnect creates and deletes but never changes. Every attribute
// is fixed at creation (changing one replaces the link). A link removed in Konnect is
// reported at refresh and planned again; a link made outside Terraform before this one is
// created is reported by the creation guard with its import block.

// linkedID declares the id of the object a link points at, sent as the body's "id".
func linkedID(name, what string) engine.Attr {
	return engine.Attr{Name: name, JSON: "id", Type: engine.String, Mode: engine.Required, ForceNew: true,
		Description: "The id of the " + what + ".",
		Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}}
}

// TeamUserKind is a user's membership of a team (/v3/teams/{teamId}/users).
var TeamUserKind = engine.EntityKind{
	KongKey:     "user_id",
	TypeName:    "konnect_team_user",
	Unique:      []string{"team_id", "user_id"},
	Description: "A user's membership of a team. Users exist in Konnect by invitation only: look one up with the `konnect_user` data source. Changing `team_id` or `user_id` replaces the membership. A membership removed in Konnect is reported at refresh and planned again.",
	API: engine.AssignmentAPI{Collection: under("teams", "{team_id}", "users"), IDFrom: "id", IDFilter: "filter[id][eq]",
		Keep: []string{"id"}},
	NameAttr: "user_id",
	Attrs: []engine.Attr{
		engine.ParentID("team_id", "The id of the team."),
		linkedID("user_id", "user"),
	},
}

// SystemAccountTeamKind is a system account's membership of a team
// (/v3/teams/{teamId}/system-accounts).
var SystemAccountTeamKind = engine.EntityKind{
	KongKey:     "account_id",
	TypeName:    "konnect_system_account_team",
	Unique:      []string{"team_id", "account_id"},
	Description: "A system account's membership of a team. Changing `team_id` or `account_id` replaces the membership. A membership removed in Konnect is reported at refresh and planned again.",
	API: engine.AssignmentAPI{Collection: under("teams", "{team_id}", "system-accounts"), IDFrom: "id",
		Keep: []string{"id"}},
	NameAttr: "account_id",
	Attrs: []engine.Attr{
		engine.ParentID("team_id", "The id of the team."),
		linkedID("account_id", "system account"),
	},
}

var entityIDRE = regexp.MustCompile(`^(\*|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$`)

// roleAttrs are a role grant's attributes: which role, on which entity of which type, in
// which region. The role and entity type are checked against Konnect's roles at plan.
func roleAttrs(parent engine.Attr) []engine.Attr {
	return []engine.Attr{
		parent,
		{Name: "role_name", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The role granted, as Konnect names it (`Admin`, `Viewer`, `Deployer`, …). Checked against Konnect's roles (`GET /v3/roles`) when the plan is made."},
		{Name: "entity_id", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The id of the entity the role is granted on (a control plane's id, …), or `*` for every entity of the type.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(entityIDRE, "must be a UUID or *")}},
		{Name: "entity_type_name", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The type of the entity, as Konnect names it (`Control Planes`, `API Products`, `Portals`, …). Checked against Konnect's roles when the plan is made."},
		{Name: "entity_region", Type: engine.String, ForceNew: true,
			Description: "The region of the entity: `us`, `eu`, `au`, `me`, `in`, `sg`, or `*` for every region. Unset, Konnect chooses.",
			Validators:  []engine.Validator{stringvalidator.OneOf("us", "eu", "au", "me", "in", "sg", "*")}},
	}
}

// TeamRoleKind is a role granted to a team (/v3/teams/{teamId}/assigned-roles).
var TeamRoleKind = engine.EntityKind{
	TypeName:    "konnect_team_role",
	Unique:      []string{"team_id", "role_name", "entity_id", "entity_type_name", "entity_region?"},
	Description: "A role granted to a team, on one entity or every entity of a type. Every attribute is fixed at creation: changing one replaces the grant. The role and entity type are checked against Konnect's roles when the plan is made. A grant removed in Konnect is reported at refresh and planned again.",
	API:         engine.PlatformAPI{Collection: under("teams", "{team_id}", "assigned-roles"), Listed: true},
	Check:       checkRole,
	Attrs:       roleAttrs(engine.ParentID("team_id", "The id of the team.")),
}

// SystemAccountRoleKind is a role granted to a system account
// (/v3/system-accounts/{accountId}/assigned-roles).
var SystemAccountRoleKind = engine.EntityKind{
	TypeName:    "konnect_system_account_role",
	Unique:      []string{"account_id", "role_name", "entity_id", "entity_type_name", "entity_region?"},
	Description: "A role granted to a system account, on one entity or every entity of a type. Every attribute is fixed at creation: changing one replaces the grant. The role and entity type are checked against Konnect's roles when the plan is made. A grant removed in Konnect is reported at refresh and planned again.",
	API:         engine.PlatformAPI{Collection: under("system-accounts", "{account_id}", "assigned-roles"), Listed: true},
	Check:       checkRole,
	Attrs:       roleAttrs(engine.ParentID("account_id", "The id of the system account.")),
}
