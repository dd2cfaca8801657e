package kongidentity

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// authServerID is the path parameter of the objects below an auth server.
var authServerID = engine.ParentID("auth_server_id", "The id of the auth server.")

// ScopeKind is a scope of an auth server (/v1/auth-servers/{id}/scopes), unique by name in
// its auth server: Konnect refuses a second (kong-identity v1: "The `name` attribute must be
// unique within the auth server", a 409), so the create writes without a look-up first.
var ScopeKind = engine.EntityKind{
	TypeName: "konnect_identity_auth_server_scope",
	Description: "A scope of a Kong Identity auth server: what a client may ask a token for. Its name is unique in the auth server. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). Deleting a scope removes it from the clients that allow it and the claims that include it. " +
		"Adding a scope whose name another of the auth server has fails with the `import` block that adopts it. Import it as `<auth_server_id>/<id>`.",
	API:      engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: below("scopes"), Listed: true, Unique: []string{"name"}}, NameFilter: "filter[name][eq]"},
	NameAttr: "name",
	Attrs: []engine.Attr{
		authServerID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The scope's name, unique in the auth server.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), engine.NotBlank()}},
		{Name: "description", Type: engine.String, Default: "", Description: "What the scope grants. Removed from configuration, Konnect holds an empty description."},
		{Name: "default", Type: engine.Bool, Default: false,
			Description: "Whether tokens carry the scope without the client asking for it (only for clients the scope is allowed to; default false)."},
		{Name: "enabled", Type: engine.Bool, Default: true,
			Description: "Whether clients may ask for the scope and tokens carry it (default true)."},
		{Name: "include_in_metadata", Type: engine.Bool, Default: false,
			Description: "Whether the auth server's metadata document lists the scope (default false)."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// scopesOfServer checks at plan that each scope id of a claim or a client (attr) is a scope
// of the object's own auth server, as Konnect checks at apply: a scope of another auth
// server, or none, names the attribute (and the auth server that holds it). Ids not known
// yet (a scope this plan creates) are not in values; while the auth server is not known yet
// (this plan creates it) it has no scope, and every id listed is another's.
func scopesOfServer(attr string) func(context.Context, *konnect.Client, konnect.Object) []engine.Problem {
	return func(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
		server, _ := values["auth_server_id"].(string)
		ids, _ := values[attr].([]any)
		if c == nil {
			return nil
		}
		var problems []engine.Problem
		for _, raw := range ids {
			id, _ := raw.(string)
			if id == "" || (server != "" && scopeOf(ctx, c, server, id)) {
				continue
			}
			own := "auth server " + server
			if server == "" {
				own = "the auth server this plan creates"
			}
			holder := "no auth server has it"
			if h := scopeHolder(ctx, c, id); h != "" {
				holder = "it is a scope of " + h
			}
			problems = append(problems, engine.Problem{Attr: attr, Summary: "Scope of another auth server",
				Detail: fmt.Sprintf("%s lists %s, which is not a scope of %s (%s): a claim or a client refers only to scopes of its own auth server, and Konnect refuses the others. "+
					"Use the id of a konnect_identity_auth_server_scope with the same auth_server_id.", attr, id, own, holder)})
		}
		return problems
	}
}

// scopeOf reports whether Konnect has the scope id in the auth server (true when it cannot
// tell: Konnect has the last word at apply).
func scopeOf(ctx context.Context, c *konnect.Client, server, id string) bool {
	_, err := c.Do(ctx, http.MethodGet, below("scopes")(map[string]string{"auth_server_id": server})+"/"+url.PathEscape(id), nil, nil, nil)
	var apiErr *konnect.APIError
	return !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusNotFound
}

// scopeHolder names the auth server that has the scope id ("" when none does, or it cannot
// tell): only asked when a plan is refused.
func scopeHolder(ctx context.Context, c *konnect.Client, id string) string {
	all, err := engine.ListPlatform(ctx, c, authServers(nil))
	if err != nil {
		return ""
	}
	for _, a := range all {
		server, _ := a["id"].(string)
		_, err := c.Do(ctx, http.MethodGet, below("scopes")(map[string]string{"auth_server_id": server})+"/"+url.PathEscape(id), nil, nil, nil)
		if err == nil {
			return fmt.Sprintf("auth server %q (%s)", a["name"], server)
		}
	}
	return ""
}
