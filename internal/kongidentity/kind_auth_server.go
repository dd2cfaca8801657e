package kongidentity

import (
	"context"
	"net/http"
	"net/url"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// authServers is the collection of the organization's auth servers.
func authServers(map[string]string) string { return "/v1/auth-servers" }

// below is a collection below an auth server (scopes, claims, clients).
func below(collection string) func(map[string]string) string {
	return func(p map[string]string) string {
		return "/v1/auth-servers/" + url.PathEscape(p["auth_server_id"]) + "/" + collection
	}
}

// labelsAttr: an auth server's or a client's labels, which Konnect merges key by key on a
// write (a null value removes a key): the engine sends only the keys a plan changes.
var labelsAttr = engine.Attr{Name: "labels", Default: map[string]any{}, Type: engine.MapOf(engine.String),
	Description: "Labels (at most 50). Keys are 1 to 63 characters and cannot start with `kong`, `konnect`, `mesh`, `kic` or `_`; values are 1 to 63 letters, digits, `-`, `.` and `_`. To remove every label set `labels = {}`.",
	Validators: []engine.Validator{mapvalidator.SizeAtMost(50),
		mapvalidator.KeysAre(stringvalidator.LengthBetween(1, 63), engine.NoPrefix("kong", "konnect", "mesh", "kic", "_")),
		mapvalidator.ValueStringsAre(stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z0-9A-Z]([a-z0-9A-Z-._]*[a-z0-9A-Z])?$`),
			"must be 1 to 63 letters, digits, `-`, `.` and `_`, starting and ending with a letter or digit"), stringvalidator.LengthAtMost(63))}}

// Objects below an auth server, which Konnect deletes with it (force=true): the cascade
// guard counts those this configuration does not manage before the delete is sent.
var (
	scopesOf = engine.Dependent{Collection: "scopes", Platform: true, TypeName: "konnect_identity_auth_server_scope",
		NameFields: []string{"name"}, Unless: "force_destroy", Forced: `set force_destroy = "true" on this auth server, and Konnect deletes them with it.`}
	claimsOf = engine.Dependent{Collection: "claims", Platform: true, TypeName: "konnect_identity_auth_server_claim",
		NameFields: []string{"name"}, Unless: "force_destroy", Forced: scopesOf.Forced}
	clientsOf = engine.Dependent{Collection: "clients", Platform: true, TypeName: "konnect_identity_auth_server_client",
		NameFields: []string{"name"}, Unless: "force_destroy", Forced: scopesOf.Forced}
)

// AuthServerKind is a Kong Identity auth server (/v1/auth-servers): an OAuth 2.0
// authorization server with its own issuer URL, audience and signing keys.
var AuthServerKind = engine.EntityKind{
	TypeName: "konnect_identity_auth_server",
	Description: "A Kong Identity auth server: an OAuth 2.0 authorization server Konnect runs, with its own issuer URL, audience and signing algorithm. " +
		"Its scopes, claims and clients are `konnect_identity_auth_server_scope`, `_claim` and `_client`. " +
		"An update sends Konnect only the attributes the plan changes (PATCH; labels key by key). " +
		"Destroying an auth server that holds scopes, claims or clients this configuration does not manage is refused under `conflict_policy = \"fail\"`, naming each with the `import` block that adopts it, unless `force_destroy = \"true\"`. " +
		"Adding an auth server whose name another already has fails with the `import` block that adopts it. Import it by id.",
	API:        authServerAPI{engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: authServers, Listed: true}, NameFilter: "filter[name][eq]"}},
	NameAttr:   "name",
	DataSource: true,
	Dependents: []engine.Dependent{scopesOf, claimsOf, clientsOf}, // cascade.go
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The auth server's name.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), engine.NotBlank()}},
		{Name: "audience", Type: engine.String, Mode: engine.Required,
			Description: "Who the tokens are for: the `aud` claim of the access tokens it issues.",
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "description", Type: engine.String, Default: "", Description: "What the auth server is for. Removed from configuration, Konnect holds an empty description."},
		{Name: "signing_algorithm", Type: engine.String, Default: "RS256",
			Description: "The algorithm that signs its tokens: `RS256` (Konnect's default), `RS384`, `RS512`, `PS256`, `PS384` or `PS512`.",
			Validators:  []engine.Validator{stringvalidator.OneOf("RS256", "RS384", "RS512", "PS256", "PS384", "PS512")}},
		{Name: "trusted_origins", Type: engine.ListOf(engine.String), Default: []any{},
			Description: "The origins (URLs, at most 16, each once) the auth server answers CORS requests from.",
			Validators: []engine.Validator{listvalidator.SizeAtMost(16), listvalidator.UniqueValues(),
				listvalidator.ValueStringsAre(stringvalidator.RegexMatches(regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*://\S+$`), "must be a URL"))}},
		labelsAttr,
		{Name: "force_destroy", Type: engine.String, Local: true, KongDefault: "false",
			Description: "`\"true\"` lets a destroy delete the auth server with the scopes, claims and clients this configuration does not manage (Konnect deletes them with it). " +
				"Unset (or `\"false\"`), such objects stop the destroy under `conflict_policy = \"fail\"`, each named with the `import` block that adopts it. Never sent to Konnect otherwise; " +
				"a state written by Kong's provider keeps its `\"false\"`, which means the same and plans nothing.",
			Validators: []engine.Validator{stringvalidator.OneOf("true", "false")}},
		{Name: "issuer", Type: engine.String, Mode: engine.Computed, Description: "The auth server's issuer URL, unique and chosen by Konnect: the `iss` claim of its tokens."},
		{Name: "metadata_uri", Type: engine.String, Mode: engine.Computed, Description: "The URL of its OpenID Connect metadata document."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// authServerAPI: the delete carries force=true. Konnect refuses to delete an auth server
// that holds scopes, claims or clients unless asked to force it; by the time the delete is
// sent the cascade guard has counted them and decided (under `fail` it stops the delete
// while any is not this configuration's, unless force_destroy = "true").
type authServerAPI struct{ engine.PatchAPI }

func (a authServerAPI) Delete(ctx context.Context, cl *konnect.Client, addr engine.Address, ifMatch string) (*konnect.Response, error) {
	return cl.Do(ctx, http.MethodDelete, a.Path(addr.Parents, addr.ID), url.Values{"force": {"true"}}, nil, nil, konnect.IfMatch(ifMatch))
}
