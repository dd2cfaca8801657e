package portal

import (
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// authDefaults are the authentication settings of a new portal (Konnect's, as the mock
// serves them): developers log in with an email and a password; no single sign-on, no team
// mapping. A destroy writes them back. The deprecated OIDC fields are null: Konnect takes
// null for them (Kong's copy of the spec says they are nullable, and Kong's provider sends
// null whenever they are unset), which clears the OIDC configuration
// (internal/konnectmock/FIDELITY.md).
var authDefaults = konnect.Object{
	"basic_auth_enabled": true, "oidc_auth_enabled": false, "saml_auth_enabled": false,
	"oidc_team_mapping_enabled": false, "idp_mapping_enabled": false, "konnect_mapping_enabled": false,
	"oidc_issuer": nil, "oidc_client_id": nil, "oidc_client_secret": nil, "oidc_scopes": nil, "oidc_claim_mappings": nil,
}

// authFlag declares a bool setting with the default a new portal has.
func authFlag(name, description string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.Bool, Default: authDefaults[name],
		Description: description + fmt.Sprintf(" A new portal's value is %v.", authDefaults[name])}
}

// deprecatedOIDC: Konnect deprecates the portal's own OIDC settings for its identity
// providers (/v3/portals/{portalId}/identity-providers).
const deprecatedOIDC = " Deprecated by Konnect: a portal's single sign-on is configured with its identity providers."

// needsOIDCClient: the OIDC settings show in Konnect only once it has an issuer and a client id.
func needsOIDCClient() []path.Expression {
	return []path.Expression{path.MatchRoot("oidc_issuer"), path.MatchRoot("oidc_client_id")}
}

// claims are the OIDC claim mappings, in configuration and as Konnect reports them.
func claims(mode engine.Mode) engine.Type {
	claim := func(name string) engine.Attr {
		return engine.Attr{Name: name, Type: engine.String, Mode: mode,
			Description: fmt.Sprintf("The claim holding the developer's %s (Konnect's default: `%s`).", name, name),
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}}
	}
	return engine.ObjectOf(claim("email"), claim("groups"), claim("name"))
}

// AuthKind is a portal's authentication settings (/v3/portals/{portalId}/authentication-settings):
// one object per portal, created with it, with no id of its own; its id here is the portal's.
var AuthKind = engine.EntityKind{
	TypeName: "konnect_portal_auth",
	Description: "How developers log in to a Dev Portal. One object per portal, which Konnect creates with the portal: creating the resource changes the settings Konnect holds, " +
		"and an update sends only the settings the plan changes. Destroying it puts a new portal's settings back (basic authentication on, everything else off, no OIDC settings). " +
		"Removing `oidc_issuer` and `oidc_client_id` from configuration clears the deprecated OIDC settings. " +
		"The OIDC client secret is sensitive and Konnect never returns it: state keeps the value written (null after an import), or use `oidc_client_secret_wo` to keep it out of state. " +
		"Import it with the portal's id, for example `terraform import konnect_portal_auth.this <portal_id>`.",
	API: engine.SingletonAPI{Path: engine.V3Path("portals", "{portal_id}", "authentication-settings"),
		IDFrom: "portal_id", Defaults: authDefaults},
	KongKey: "portal_id", // Kong's state has no id (kind.go)
	Attrs: append([]engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		authFlag("basic_auth_enabled", "Whether developers can log in with an email and a password."),
		authFlag("konnect_mapping_enabled", "Whether a portal admin assigns developers to teams in Konnect."),
		authFlag("idp_mapping_enabled", "Whether the identity provider's groups decide the teams a developer has."),
		authFlag("oidc_auth_enabled", "Whether developers can log in through OIDC."+deprecatedOIDC),
		authFlag("saml_auth_enabled", "Whether developers can log in through SAML."+deprecatedOIDC),
		authFlag("oidc_team_mapping_enabled", "Whether OIDC groups decide the teams a developer has."+deprecatedOIDC),
		{Name: "oidc_issuer", Type: engine.String, ReadFrom: "oidc_config.issuer", Default: engine.DefaultNull,
			Description: "The issuer URL of the OIDC provider. Set together with `oidc_client_id`; removed with it, the OIDC settings are cleared." + deprecatedOIDC,
			Validators: []engine.Validator{stringvalidator.AlsoRequires(path.MatchRoot("oidc_client_id")),
				stringvalidator.RegexMatches(regexp.MustCompile(`^https?://\S+$`), "must be an http or https URL")}},
		{Name: "oidc_client_id", Type: engine.String, ReadFrom: "oidc_config.client_id", Default: engine.DefaultNull,
			Description: "The client id the portal authenticates with. Set together with `oidc_issuer`." + deprecatedOIDC,
			Validators:  []engine.Validator{stringvalidator.AlsoRequires(path.MatchRoot("oidc_issuer")), stringvalidator.LengthAtLeast(1)}},
		{Name: "oidc_scopes", Type: engine.ListOf(engine.String), ReadFrom: "oidc_config.scopes", ClearedWith: "oidc_issuer",
			Default:     []any{"email", "openid", "profile"},
			Description: "The scopes the portal requests. Unset, Konnect's default: `email`, `openid`, `profile`. Needs `oidc_issuer` and `oidc_client_id`." + deprecatedOIDC,
			Validators: []engine.Validator{listvalidator.AlsoRequires(needsOIDCClient()...), listvalidator.SizeAtLeast(1),
				listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))}},
		{Name: "oidc_claim_mappings", Type: claims(engine.Optional), ReadFrom: "oidc_config.claim_mappings", ClearedWith: "oidc_issuer",
			Default:     map[string]any{"email": "email", "groups": "groups", "name": "name"},
			Description: "Which claims of the ID token hold the developer's name, email and groups. Needs `oidc_issuer` and `oidc_client_id`." + deprecatedOIDC,
			Validators:  []engine.Validator{objectvalidator.AlsoRequires(needsOIDCClient()...)}},
		// Konnect's rendering of the oidc_* settings: any write of them may change it.
		{Name: "oidc_config", Mode: engine.Computed, ClearedWith: "oidc_issuer", ChangesOnWrite: true,
			Description: "The OIDC settings as Konnect reports them; null while there are none." + deprecatedOIDC,
			Type: engine.ObjectOf(
				engine.Attr{Name: "issuer", Type: engine.String, Mode: engine.Computed, Description: "The issuer URL."},
				engine.Attr{Name: "client_id", Type: engine.String, Mode: engine.Computed, Description: "The client id."},
				engine.Attr{Name: "scopes", Type: engine.ListOf(engine.String), Mode: engine.Computed, Description: "The scopes requested."},
				engine.Attr{Name: "claim_mappings", Type: claims(engine.Computed), Mode: engine.Computed, Description: "The claims read from the ID token."},
			)},
	}, engine.WriteOnlySecret(engine.Attr{Name: "oidc_client_secret", Type: engine.String, Sensitive: true, NotReturned: true,
		Description: "The client secret the portal authenticates with (sensitive). Konnect never returns it: state keeps the value written, so a change made in Konnect is not seen, and it is null after an import." + deprecatedOIDC,
		Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}})...),
}
