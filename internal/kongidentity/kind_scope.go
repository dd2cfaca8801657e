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
// its auth server.
var ScopeKind = engine.EntityKind{
	TypeName: "konnect_identity_auth_server_scope",
	Description: "A scope of a Kong Identity auth server: what a client may ask a token for. Its name is unique in the auth server. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). Deleting a scope removes it from the clients that allow it and the claims that include it. " +
		"Adding a scope whose name another of the auth server has fails with the `import` block that adopts it. Import it as `<auth_server_id>/<id>`.",
	API:      engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: below("scopes"), Listed: true}, NameFilter: "filter[name][eq]"},
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
// server, or none, names the attribute. Ids not known yet (a scope this plan creates) are
// not in values.
func scopesOfServer(attr string) func(context.Context, *konnect.Client, konnect.Object) []engine.Problem {
	return func(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
		server, _ := values["auth_server_id"].(string)
		ids, _ := values[attr].([]any)
		if server == "" || c == nil {
			return nil
		}
		var problems []engine.Problem
		for _, raw := range ids {
			id, _ := raw.(string)
			if id == "" {
				continue
			}
			_, err := c.Do(ctx, http.MethodGet, below("scopes")(map[string]string{"auth_server_id": server})+"/"+url.PathEscape(id), nil, nil, nil)
			var apiErr *konnect.APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusNotFound {
				continue
			}
			problems = append(problems, engine.Problem{Attr: attr, Summary: "Scope of another auth server",
				Detail: fmt.Sprintf("%s lists %s, which is not a scope of auth server %s: a claim or a client refers only to scopes of its own auth server (Konnect refuses the others). "+
					"Use the id of a konnect_identity_auth_server_scope whose auth_server_id is %s.", attr, id, server, server)})
		}
		return problems
	}
}
