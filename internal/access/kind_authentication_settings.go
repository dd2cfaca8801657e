package access

import (
	"fmt"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// authenticationDefaults are the settings of an organization that never changed them
// (Konnect's documented defaults): basic authentication on, Konnect assigns teams.
var authenticationDefaults = konnect.Object{
	"basic_auth_enabled": true, "oidc_auth_enabled": false, "saml_auth_enabled": false,
	"idp_mapping_enabled": false, "konnect_mapping_enabled": true,
}

func setting(name, description string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.Bool, Default: authenticationDefaults[name],
		Description: description + fmt.Sprintf(" Konnect's default is %v.", authenticationDefaults[name])}
}

// AuthenticationSettingsKind is the organization's authentication settings
// (/v3/authentication-settings): one object per organization, with no id of its own.
var AuthenticationSettingsKind = engine.EntityKind{
	TypeName: "konnect_authentication_settings",
	Description: "How users of the organization log in, and who assigns them to teams. One object per organization: creating the resource changes the settings Konnect holds, destroying it puts Konnect's defaults back " +
		"(basic authentication on, OIDC and SAML off, teams assigned in Konnect rather than from identity provider groups). An update sends only the settings the plan changes. " +
		"Import it with any id, for example `terraform import konnect_authentication_settings.this authentication_settings`.",
	API: engine.SingletonAPI{Path: func(map[string]string) string { return "/v3/authentication-settings" },
		ID: "authentication_settings", Defaults: authenticationDefaults},
	Attrs: []engine.Attr{
		setting("basic_auth_enabled", "Whether users can log in with an email and a password."),
		setting("oidc_auth_enabled", "Whether users can log in through the OIDC identity provider."),
		setting("saml_auth_enabled", "Whether users can log in through the SAML identity provider."),
		setting("idp_mapping_enabled", "Whether the identity provider's groups decide the teams a user has (see `konnect_identity_provider_team_group_mapping`)."),
		setting("konnect_mapping_enabled", "Whether a Konnect identity admin assigns teams to users."),
	},
}
