package kongidentity

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// ClaimKind is a claim of an auth server (/v1/auth-servers/{id}/claims): a value its tokens
// (or its userinfo endpoint) carry under a name.
var ClaimKind = engine.EntityKind{
	TypeName: "konnect_identity_auth_server_claim",
	Description: "A claim of a Kong Identity auth server: a static or templated value its tokens carry under a name (or its `/userinfo` endpoint, with `include_in_token = false`), for every scope or for the scopes listed. " +
		"`include_in_scopes` must list scopes of the same auth server: another's is refused when the plan is made. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). Import it as `<auth_server_id>/<id>`.",
	API:   engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: below("claims"), Listed: true}},
	Check: scopesOfServer("include_in_scopes"),
	Attrs: []engine.Attr{
		authServerID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The claim's name in the token (case-sensitive).",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "value", Type: engine.String, Mode: engine.Required,
			Description: "The claim's value: static (a value that is valid JSON becomes a JSON value in the token) or templated (for example `${ uuidv4 }`).",
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "enabled", Type: engine.Bool, Default: true, Description: "Whether tokens and the `/userinfo` endpoint carry the claim (default true)."},
		{Name: "include_in_all_scopes", Type: engine.Bool, Default: false,
			Description: "Whether the claim comes with every scope (default false: only with the scopes of `include_in_scopes`)."},
		{Name: "include_in_scopes", Type: engine.ListOf(engine.String), Default: []any{},
			Description: "The ids of the scopes (of the same auth server) the claim comes with.",
			Validators:  []engine.Validator{listvalidator.ValueStringsAre(stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID"))}},
		{Name: "include_in_token", Type: engine.Bool, Default: false,
			Description: "Whether the access token carries the claim (default false: clients read it from the `/userinfo` endpoint with the token)."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
