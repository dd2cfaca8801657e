package access

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// The organization's single sign-on: an identity provider (/v3/identity-providers), OIDC or
// SAML, and the mappings of its groups to teams. Konnect's config is the flattened union (the
// OIDC object or the SAML object itself); Kong's schema, which state must keep, names each
// branch: config.oidc_identity_provider_config and config.saml_identity_provider_config. Each
// branch is an Inline object (engine.Attr.Inline): written, its fields are config's; read, it
// is set when config holds one of its fields, and null otherwise.

// loginPathChanges: Konnect derives a SAML provider's URLs from login_path.
var loginPathChanges = []engine.PlanModifier{engine.UnknownWhenChanged("login_path")}

// clientSecret is config.oidc_identity_provider_config.client_secret; its write-only twin is
// the top-level client_secret_wo (engine.WriteOnlyTwinOf).
var clientSecret = engine.Attr{Name: "client_secret", Type: engine.String, Sensitive: true, NotReturned: true,
	Description: "The client secret Konnect authenticates with (sensitive). Konnect never returns it: state keeps the value written, so a change made in Konnect is not seen, and it is null after an import. " +
		"Conflicts with the top-level `client_secret_wo`, its write-only alternative, which keeps it out of state.",
	Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}}

// oidcConfig is config.oidc_identity_provider_config.
var oidcConfig = engine.Attr{Name: "oidc_identity_provider_config", Inline: true,
	Description: "The OpenID Connect provider's settings (`type = \"oidc\"`). Conflicts with `saml_identity_provider_config`.",
	Validators:  []engine.Validator{objectvalidator.ConflictsWith(path.MatchRelative().AtParent().AtName("saml_identity_provider_config"))},
	Type: engine.ObjectOf(
		engine.Attr{Name: "issuer_url", Type: engine.String, Mode: engine.Required, Description: "The issuer URL of the OpenID Connect provider."},
		engine.Attr{Name: "client_id", Type: engine.String, Mode: engine.Required, Description: "The client id Konnect authenticates with.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		clientSecret,
		engine.Attr{Name: "scopes", Type: engine.ListOf(engine.String),
			Description: "The scopes Konnect requests. Unset, Konnect's default: `email`, `openid`, `profile`."},
		engine.Attr{Name: "claim_mappings", Description: "Which claims of the ID token hold the user's name, email and groups.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "email", Type: engine.String, Description: "The claim holding the email address (Konnect's default: `email`)."},
				engine.Attr{Name: "groups", Type: engine.String, Description: "The claim holding the groups (Konnect's default: `groups`)."},
				engine.Attr{Name: "name", Type: engine.String, Description: "The claim holding the name (Konnect's default: `name`)."},
			)},
	)}

// samlConfig is config.saml_identity_provider_config.
var samlConfig = engine.Attr{Name: "saml_identity_provider_config", Inline: true,
	Description: "The SAML provider's settings (`type = \"saml\"`): its metadata, by URL or as XML. Conflicts with `oidc_identity_provider_config`.",
	Validators:  []engine.Validator{objectvalidator.ConflictsWith(path.MatchRelative().AtParent().AtName("oidc_identity_provider_config"))},
	Type: engine.ObjectOf(
		engine.Attr{Name: "idp_metadata_url", Type: engine.String, Description: "The URL of the identity provider's SAML metadata. Conflicts with `idp_metadata_xml`.",
			Validators:    []engine.Validator{stringvalidator.ConflictsWith(path.MatchRelative().AtParent().AtName("idp_metadata_xml"))},
			PlanModifiers: []engine.PlanModifier{nullWhenSet("idp_metadata_xml")}},
		engine.Attr{Name: "idp_metadata_xml", Type: engine.String, Description: "The identity provider's SAML metadata, as XML. Conflicts with `idp_metadata_url`.",
			PlanModifiers: []engine.PlanModifier{nullWhenSet("idp_metadata_url")}},
		engine.Attr{Name: "callback_url", Type: engine.String, Mode: engine.Computed, PlanModifiers: loginPathChanges,
			Description: "The assertion consumer service URL to give the identity provider."},
		engine.Attr{Name: "login_url", Type: engine.String, Mode: engine.Computed, PlanModifiers: loginPathChanges,
			Description: "The URL users log in at."},
		engine.Attr{Name: "sp_entity_id", Type: engine.String, Mode: engine.Computed, Description: "Konnect's entity id as a service provider."},
		engine.Attr{Name: "sp_metadata_url", Type: engine.String, Mode: engine.Computed, PlanModifiers: loginPathChanges,
			Description: "The URL of Konnect's service provider metadata."},
	)}

// IdentityProviderKind is an identity provider (/v3/identity-providers). An organization has
// at most one of each type, and at most one enabled.
var IdentityProviderKind = engine.EntityKind{
	TypeName: "konnect_identity_provider",
	Description: "An identity provider that users log in to Konnect with (single sign-on), OIDC or SAML. An organization has at most one of each type, and at most one enabled. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). Changing `type` replaces the provider. " +
		"The OIDC client secret is never returned by Konnect: state keeps the value written (sensitive), and it is null after an import; " +
		"`client_secret_wo` with `client_secret_wo_version` sends it without keeping it in state (Terraform 1.11+, OpenTofu 1.11+).",
	API: engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: under("identity-providers"), Listed: true},
		NameFilter: "filter[type][eq]", NameField: "type"},
	// The creation guard: Konnect refuses a second provider of a type (409), and the one
	// that exists is named with its import block.
	NameAttr:   "type",
	Dependents: []engine.Dependent{idpMappingsOf}, // cascade.go
	Attrs: append([]engine.Attr{
		{Name: "type", Type: engine.String, ForceNew: true,
			Description: "The protocol: `oidc` or `saml`. Konnect requires it when the provider is created.",
			Validators:  []engine.Validator{stringvalidator.OneOf("oidc", "saml")}},
		{Name: "enabled", Type: engine.Bool, Default: false,
			Description: "Whether users can log in with this provider (Konnect's default: false). Only one provider can be enabled at a time."},
		{Name: "login_path", Type: engine.String,
			Description: "The path of the organization's login URL (`https://cloud.konghq.com/login/<login_path>`). Konnect requires it when the provider is created.",
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "config", Type: engine.ObjectOf(oidcConfig, samlConfig),
			Description: "The provider's settings: set the branch of its type."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	}, engine.WriteOnlyTwinOf("client_secret_wo", []string{"config", "oidc_identity_provider_config", "client_secret"}, "config.client_secret",
		stringvalidator.LengthAtLeast(1))...),
}

// IdentityProviderTeamGroupMappingKind maps a group of the identity provider to a team
// (/v3/identity-providers/{idpId}/team-group-mappings): users in the group join the team.
var IdentityProviderTeamGroupMappingKind = engine.EntityKind{
	TypeName: "konnect_identity_provider_team_group_mapping",
	Description: "Maps a group of an identity provider to a team: users the provider puts in the group are members of the team. " +
		"Konnect creates and deletes a mapping, never changes one: changing any attribute replaces it. A mapping removed in Konnect is reported at refresh and planned again.",
	API: engine.PlatformAPI{Collection: under("identity-providers", "{identity_provider_id}", "team-group-mappings"), Listed: true},
	Attrs: []engine.Attr{
		engine.ParentID("identity_provider_id", "The id of the identity provider."),
		{Name: "team_id", Type: engine.String, Mode: engine.Required, ForceNew: true, Description: "The id of the team.",
			Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		{Name: "group", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The group, as the identity provider names it (case-sensitive).",
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// nullWhenSet plans an unset string as null when configuration sets its sibling, the other
// half of a pair Konnect keeps one of (a SAML provider's metadata URL or XML: writing one
// drops the other), instead of keeping the state's value.
func nullWhenSet(sibling string) planmodifier.String { return nullWhenSetModifier(sibling) }

type nullWhenSetModifier string

func (m nullWhenSetModifier) Description(context.Context) string {
	return "Null when `" + string(m) + "` is set: Konnect keeps one of them."
}

func (m nullWhenSetModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m nullWhenSetModifier) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	var other types.String
	if d := req.Config.GetAttribute(ctx, req.Path.ParentPath().AtName(string(m)), &other); d.HasError() {
		return
	}
	if !other.IsNull() {
		resp.PlanValue = types.StringNull()
	}
}

// UnchangedPlanNoop (internal/protocol): on a plan equal to the prior state the sibling set in
// configuration is the one Konnect holds, so this value is null already.
func (nullWhenSetModifier) UnchangedPlanNoop() {}
