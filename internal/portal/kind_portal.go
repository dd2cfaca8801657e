package portal

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// visibility declares a default visibility of what a portal publishes.
func visibility(name, what string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.String,
		Description: "Whether new " + what + " are `public` or `private` unless they say otherwise. Unset, Konnect chooses.",
		Validators:  []engine.Validator{stringvalidator.OneOf("public", "private")}}
}

// flag declares a bool setting with Konnect's default.
func flag(name string, def bool, description string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.Bool, Default: def, Description: description}
}

// PortalKind is a Dev Portal (/v3/portals). Kong's `force_destroy` is a string sent as the
// DELETE's ?force=: kept in state as configured, never sent otherwise.
var PortalKind = engine.EntityKind{
	TypeName: "konnect_portal",
	Description: "A Konnect Dev Portal, where developers find and consume published APIs. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). " +
		"Konnect refuses to delete a portal that publishes APIs unless `force_destroy = \"true\"`.",
	API:         engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: engine.V3Path("portals"), Listed: true}, NameFilter: "filter[name][eq]"},
	NameAttr:    "name",
	DataSource:  true,
	DeleteQuery: map[string]string{"force": "force_destroy"},
	Dependents:  []engine.Dependent{portalPublicationsOf, portalTeamsOf, portalPagesOf, portalSnippetsOf}, // cascade.go
	// the custom domain's hostname while it is enabled (konnect_portal_custom_domain)
	Derived: []string{"canonical_domain"},
	Filter: &engine.KongFilter{Noun: "portal", Fields: []engine.KongFilterField{
		{Name: "id", Ops: []string{"eq", "neq", "oeq"}},
		{Name: "name", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "description", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "default_api_visibility", What: "default API visibility", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "default_page_visibility", What: "default page visibility", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "default_domain", What: "default domain", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "canonical_domain", What: "canonical domain", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "default_application_auth_strategy_id", What: "default application auth strategy id", Ops: []string{"eq", "neq", "oeq"}},
		{Name: "authentication_enabled"}, {Name: "rbac_enabled"}, {Name: "auto_approve_developers"}, {Name: "auto_approve_applications"},
	}},
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The portal's name, unique in the organization (1 to 255 characters).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 255), engine.NotBlank()}},
		{Name: "display_name", Type: engine.String, Description: "The name developers see (1 to 255 characters). Unset, Konnect uses the name.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 255)}},
		{Name: "description", Type: engine.String, Default: engine.DefaultNull, Description: "What the portal is for (at most 512 characters).",
			Validators: []engine.Validator{stringvalidator.LengthAtMost(512)}},
		flag("authentication_enabled", true, "Whether developers must log in to the portal."),
		flag("rbac_enabled", false, "Whether what a developer sees follows the roles granted to their teams (`konnect_portal_team_role`)."),
		flag("sipr_enabled", false, "Whether the portal's IP allow list applies."),
		flag("auto_approve_developers", false, "Whether developers who register are approved without review."),
		flag("auto_approve_applications", false, "Whether applications developers create are approved without review."),
		flag("notifications_developer_pii_visibility_enabled", false, "Whether notifications about developers show their personal data."),
		visibility("default_api_visibility", "APIs"),
		visibility("default_page_visibility", "pages"),
		{Name: "default_application_auth_strategy_id", Type: engine.String, Default: engine.DefaultNull,
			Description: "The id of the application auth strategy new API publications use.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		{Name: "labels", Default: map[string]any{}, Type: engine.MapOf(engine.String),
			Description: "Labels (at most 50). Keys are 1 to 63 characters. To remove every label set `labels = {}`.",
			Validators: []engine.Validator{mapvalidator.SizeAtMost(50),
				mapvalidator.KeysAre(stringvalidator.LengthBetween(1, 63)),
				mapvalidator.ValueStringsAre(stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z0-9A-Z]([a-z0-9A-Z-._]*[a-z0-9A-Z])?$`),
					"must be letters, digits, `-`, `.` and `_`, starting and ending with a letter or digit"))}},
		{Name: "force_destroy", Type: engine.String, Local: true, KongDefault: "false",
			Description: "`\"true\"` deletes the portal even while it publishes APIs, and the publications with it (Konnect: this also irreversibly deletes its registered developers and their credentials). " +
				"Sent only as the delete's `force` query parameter; unset, Konnect's default `\"false\"` applies: a portal that publishes APIs is not deleted. " +
				"Unset, it stays null in state, or `\"false\"` in a state written by Kong's provider (which means the same, and plans nothing).",
			Validators: []engine.Validator{stringvalidator.OneOf("true", "false")}},
		{Name: "default_domain", Type: engine.String, Mode: engine.Computed, Description: "The domain Konnect gives the portal."},
		{Name: "canonical_domain", Type: engine.String, Mode: engine.Computed, Description: "The portal's domain: its custom domain when it has one, else the default domain."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
