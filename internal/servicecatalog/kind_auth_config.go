package servicecatalog

import (
	"context"
	"maps"
	"net/http"
	"net/url"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// instancePath is the path of an integration instance's object named sub (auth-config,
// auth-credential).
func instancePath(sub string) func(map[string]string) string {
	return func(p map[string]string) string {
		return "/v1/integration-instances/" + url.PathEscape(p["integration_instance_id"]) + "/" + sub
	}
}

// httpURL is an absolute http or https URL.
var httpURL = regexp.MustCompile(`^https?://[^\s/?#]+[^\s]*$`)

// oauthFields are the fields of Konnect's OAuth auth config besides its type.
var oauthFields = []string{"client_id", "authorization_endpoint", "token_endpoint"}

// AuthConfigKind is an integration instance's auth config
// (/v1/integration-instances/{id}/auth-config): the OAuth client the catalog authorizes with
// at the integration's identity provider. At most one per instance, with no id of its own;
// Konnect's PUT creates or replaces it whole, and never returns the client secret.
var AuthConfigKind = engine.EntityKind{
	TypeName: "konnect_integration_instance_auth_config",
	Description: "The auth config of an integration instance: the OAuth client (its id, secret and endpoints) Konnect's catalog authorizes with at the integration's identity provider (a self-managed GitLab, for example). " +
		"One per instance. Konnect writes it whole (PUT) and never returns `client_secret`: every write sends it, state keeps what Terraform wrote (sensitive), " +
		"or nothing with `client_secret_wo` and `client_secret_wo_version` (Terraform 1.11+, OpenTofu 1.11+), whose version must then change with every write. " +
		"Adding one to an instance that has one already fails at plan with the `import` block that adopts it. Import it by the instance's id.",
	API: authConfigAPI{engine.SingletonAPI{Path: instancePath("auth-config"), IDFrom: "integration_instance_id", Put: true, DeleteResets: true}},
	// The creation guard, at plan: an instance's auth config that exists already is named
	// with its import block (the PUT would replace it silently).
	NameAttr: "integration_instance_id",
	KongKey:  "integration_instance_id", // Kong's state of it has no id (kind.go)
	Attrs: append([]engine.Attr{
		engine.ParentID("integration_instance_id", "The id of the integration instance."),
		{Name: "oauth_config", Mode: engine.Required, Description: "The OAuth client.", Validators: []engine.Validator{secretOrTwin{}},
			Type: engine.ObjectOf(
				engine.Attr{Name: "client_id", Type: engine.String, Mode: engine.Required, Description: "The OAuth client identifier.",
					Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
				engine.Attr{Name: "client_secret", Type: engine.String, Sensitive: true, NotReturned: true,
					Description: "The OAuth client secret (sensitive). Konnect never returns it: state keeps the value written, null after an import. " +
						"Set this or the top-level `client_secret_wo`, its write-only alternative, which keeps it out of state.",
					Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
				engine.Attr{Name: "authorization_endpoint", Type: engine.String, Mode: engine.Required, Description: "The URL users are sent to to authorize access.",
					Validators: []engine.Validator{stringvalidator.RegexMatches(httpURL, "must be an absolute http or https URL")}},
				engine.Attr{Name: "token_endpoint", Type: engine.String, Mode: engine.Required, Description: "The URL Konnect gets access tokens from.",
					Validators: []engine.Validator{stringvalidator.RegexMatches(httpURL, "must be an absolute http or https URL")}},
			)},
		{Name: "client_id", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true, Description: "The OAuth client identifier, as Konnect holds it."},
		{Name: "authorization_endpoint", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true, Description: "The authorization URL, as Konnect holds it."},
		{Name: "token_endpoint", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true, Description: "The token URL, as Konnect holds it."},
		{Name: "oauth_auth_config", Mode: engine.Computed, ChangesOnWrite: true, Description: "The OAuth client as Konnect returns it (without its secret).",
			Type: engine.ObjectOf(
				engine.Attr{Name: "client_id", Type: engine.String, Description: "The OAuth client identifier."},
				engine.Attr{Name: "authorization_endpoint", Type: engine.String, Description: "The authorization URL."},
				engine.Attr{Name: "token_endpoint", Type: engine.String, Description: "The token URL."},
			)},
	}, engine.WriteOnlyTwinOf("client_secret_wo", []string{"oauth_config", "client_secret"}, "oauth_config.client_secret",
		stringvalidator.LengthAtLeast(1))...),
}

// authConfigAPI turns Terraform's shape (Kong's: the OAuth branch under oauth_config) into
// Konnect's (the branch's fields beside "type": "oauth") and back.
type authConfigAPI struct{ engine.SingletonAPI }

// shaped is Konnect's auth config as the kind's attributes read it: the OAuth fields under
// oauth_config and oauth_auth_config, and at the top level.
func shaped(obj konnect.Object) konnect.Object {
	if obj == nil {
		return nil
	}
	out := konnect.Object{"id": obj["id"]}
	if obj["type"] != nil && obj["type"] != "oauth" {
		return out // a branch this kind does not model
	}
	branch := map[string]any{}
	for _, f := range oauthFields {
		branch[f] = obj[f]
		out[f] = obj[f]
	}
	out["oauth_config"] = branch
	out["oauth_auth_config"] = maps.Clone(branch)
	return out
}

// wire is the body Konnect takes for a write of the kind's body.
func wire(body konnect.Object) konnect.Object {
	out := konnect.Object{"type": "oauth"}
	if c, ok := body["oauth_config"].(map[string]any); ok {
		maps.Copy(out, c)
	}
	return out
}

func (a authConfigAPI) Get(ctx context.Context, cl *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.SingletonAPI.Get(ctx, cl, addr)
	return shaped(obj), resp, err
}

// FindByName returns the instance's auth config when it has one (the creation guard's
// look-up: name is the instance's id).
func (a authConfigAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, _ string) (konnect.Object, error) {
	obj, _, err := a.Get(ctx, cl, engine.Address{Parents: parents, ID: parents["integration_instance_id"]})
	if konnect.IsNotFound(err) {
		return nil, nil
	}
	return obj, err
}

func (a authConfigAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	return a.put(ctx, cl, parents, body, "")
}

func (a authConfigAPI) Update(ctx context.Context, cl *konnect.Client, addr engine.Address, body, _ konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	return a.put(ctx, cl, addr.Parents, body, ifMatch)
}

func (a authConfigAPI) put(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPut, a.Path(parents), nil, wire(body), &out, konnect.IfMatch(ifMatch))
	if err != nil {
		return nil, resp, err
	}
	out["id"] = parents["integration_instance_id"]
	return shaped(out), resp, nil
}

// secretOrTwin: Konnect requires the client secret with every write: in
// oauth_config.client_secret or in the top-level client_secret_wo.
type secretOrTwin struct{}

func (secretOrTwin) Description(context.Context) string {
	return "oauth_config.client_secret or client_secret_wo must be set"
}

func (v secretOrTwin) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (secretOrTwin) ValidateObject(ctx context.Context, req validator.ObjectRequest, resp *validator.ObjectResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for _, p := range []path.Path{req.Path.AtName("client_secret"), path.Root("client_secret_wo")} {
		var s types.String
		if d := req.Config.GetAttribute(ctx, p, &s); d.HasError() || !s.IsNull() {
			return // set, or not known yet
		}
	}
	resp.Diagnostics.AddAttributeError(req.Path.AtName("client_secret"), "Missing attribute configuration",
		`Konnect requires the OAuth client secret with every write: set "oauth_config.client_secret", or "client_secret_wo" with "client_secret_wo_version" to keep it out of state (Terraform 1.11+, OpenTofu 1.11+).`)
}
