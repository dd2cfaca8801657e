package servicecatalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// AuthCredentialKind is an integration instance's auth credential
// (/v1/integration-instances/{id}/auth-credential): the keys Konnect's catalog sends to the
// integration's API. One per instance: Konnect refuses a second (409). Konnect creates and
// deletes one, never changes it, and never returns the keys.
var AuthCredentialKind = engine.EntityKind{
	TypeName: "konnect_integration_instance_auth_credential",
	Description: "The auth credential of an integration instance: the request headers and keys (`multi_key_auth`) Konnect's catalog sends to the integration's API (Datadog's API and application keys, for example). " +
		"One per instance: adding one to an instance that has one already fails at plan, naming the existing credential with the `import` block that adopts it (Konnect would refuse it with a 409). " +
		"Konnect has no update and never returns the keys: every change replaces the credential, and state keeps the keys written, sensitive (null after an import); " +
		"`multi_key_auth_wo` with `multi_key_auth_wo_version` (Terraform 1.11+, OpenTofu 1.11+) sends them without keeping them in state, a new version replacing the credential. " +
		"Import it by the instance's id.",
	API: credentialAPI{engine.SingletonAPI{Path: instancePath("auth-credential"), IDFrom: "integration_instance_id", Created: true, NameField: "id"}},
	// The creation guard, at plan: the instance's credential that exists already (Konnect's
	// 409 at apply otherwise).
	NameAttr: "integration_instance_id",
	// tainted, expires_at and missing_permissions follow the integration's answers to Konnect,
	// not a write: left out of the revision.
	Derived: []string{"tainted", "expires_at", "missing_permissions"},
	Attrs: []engine.Attr{
		engine.ParentID("integration_instance_id", "The id of the integration instance."),
		{Name: "multi_key_auth", ForceNew: true, NotReturned: true, Validators: []engine.Validator{credentialOrTwin{}},
			Description: "A credential of the integration's `Multi Key` strategy: the headers Konnect sends, each with its key. Konnect never returns it: state keeps what Terraform wrote. " +
				"Set this or `multi_key_auth_wo`, its write-only alternative, which keeps the keys out of state.",
			Type: engine.ObjectOf(engine.Attr{Name: "config", Mode: engine.Required, Description: "The credential's settings.",
				Type: engine.ObjectOf(engine.Attr{Name: "headers", Mode: engine.Required,
					Description: "The request headers that carry the keys; their names are the integration's (its `Multi Key` strategy).",
					Validators:  []engine.Validator{listvalidator.SizeAtLeast(1)},
					Type: engine.ListOf(engine.ObjectOf(
						engine.Attr{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The header's name.",
							Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
						engine.Attr{Name: "key", Type: engine.String, Mode: engine.Required, Sensitive: true, Description: "The key the header carries (sensitive).",
							Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
					))})})},
		{Name: "integration_instance", Mode: engine.Computed, Description: "The integration instance the credential belongs to.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "id", Type: engine.String, Description: "The instance's id."},
				engine.Attr{Name: "name", Type: engine.String, Description: "The instance's machine name."},
				engine.Attr{Name: "display_name", Type: engine.String, Description: "The instance's display name."},
			)},
		{Name: "tainted", Type: engine.Bool, Mode: engine.Computed,
			Description: "Whether the credential is no longer valid: replace it (for example change a key) to restore the instance."},
		{Name: "expires_at", Type: engine.String, Mode: engine.Computed, Description: "When the credential expires (RFC 3339); null when Konnect knows of no expiry."},
		{Name: "missing_permissions", Mode: engine.Computed, Description: "Permissions the credential lacks for the integration's full functionality.",
			Type: engine.ListOf(engine.ObjectOf(
				engine.Attr{Name: "message", Type: engine.String, Description: "What does not work, and how to grant the permission."},
				engine.Attr{Name: "scopes", Type: engine.ListOf(engine.String), Description: "The scopes missing."},
			))},
		engine.PlatformTimestamps[0],
		{Name: "multi_key_auth_wo", Type: engine.String, Mode: engine.Optional, Sensitive: true, WriteOnly: true, JSON: "multi_key_auth",
			Description: "Write-only alternative to `multi_key_auth` (Terraform 1.11+, OpenTofu 1.11+), the same object as JSON: " +
				"`jsonencode({ config = { headers = [{ name = \"DD-API-KEY\", key = var.key }] } })`. Sent to Konnect, never kept in the plan or state. " +
				"Set together with `multi_key_auth_wo_version`; the value is sent when the credential is created, and a new version replaces the credential.",
			Validators: []engine.Validator{stringvalidator.ConflictsWith(path.MatchRoot("multi_key_auth")),
				stringvalidator.AlsoRequires(path.MatchRoot("multi_key_auth_wo_version")), headersJSON{}}},
		{Name: "multi_key_auth_wo_version", Type: engine.Int64, Mode: engine.Optional, Versions: "multi_key_auth_wo", ForceNew: true,
			Description: "Any number, kept in state: `multi_key_auth_wo` is sent to Konnect when the credential is created. Konnect has no update: changing this number replaces the credential with one holding the keys `multi_key_auth_wo` holds then.",
			Validators:  []engine.Validator{int64validator.AlsoRequires(path.MatchRoot("multi_key_auth_wo"))}},
	},
}

// credentialAPI sends Terraform's shape (Kong's: the Multi Key branch under multi_key_auth)
// as Konnect's (the branch's config beside "type": "multi_key_auth").
type credentialAPI struct{ engine.SingletonAPI }

func (c credentialAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	branch, _ := body["multi_key_auth"].(map[string]any)
	if doc, ok := body["multi_key_auth"].(string); ok { // multi_key_auth_wo, from configuration
		parsed, err := canonjson.ParseJSON(doc)
		if branch, _ = parsed.(map[string]any); err != nil || branch == nil {
			return nil, nil, errors.New("multi_key_auth_wo is not a JSON object")
		}
	}
	out := konnect.Object{"type": "multi_key_auth", "config": branch["config"]}
	return c.SingletonAPI.Create(ctx, cl, parents, out)
}

// Update is never called: every attribute is ForceNew.
func (credentialAPI) Update(context.Context, *konnect.Client, engine.Address, konnect.Object, konnect.Object, string) (konnect.Object, *konnect.Response, error) {
	return nil, nil, errors.New("konnect has no update for an integration instance's auth credential")
}

// credentialOrTwin: Konnect requires the credential's headers: in multi_key_auth or in
// multi_key_auth_wo.
type credentialOrTwin struct{}

func (credentialOrTwin) Description(context.Context) string {
	return "multi_key_auth or multi_key_auth_wo must be set"
}

func (v credentialOrTwin) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (credentialOrTwin) ValidateObject(ctx context.Context, req validator.ObjectRequest, resp *validator.ObjectResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	var twin types.String
	if d := req.Config.GetAttribute(ctx, path.Root("multi_key_auth_wo"), &twin); d.HasError() || !twin.IsNull() {
		return // set, or not known yet
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Missing required argument",
		`The argument "multi_key_auth" is required: set "multi_key_auth", or "multi_key_auth_wo" with "multi_key_auth_wo_version" to keep the keys out of state (Terraform 1.11+, OpenTofu 1.11+).`)
}

// headersJSON checks multi_key_auth_wo: a JSON object {"config": {"headers": [{"name", "key"}, …]}}
// with at least one header. It never quotes the value.
type headersJSON struct{}

func (headersJSON) Description(context.Context) string {
	return `a JSON object {"config": {"headers": [{"name": …, "key": …}]}}`
}

func (v headersJSON) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v headersJSON) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if problem := headersProblem(req.ConfigValue.ValueString()); problem != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid multi_key_auth_wo",
			fmt.Sprintf("multi_key_auth_wo must be %s: %s (the value is not shown: it holds keys).", v.Description(ctx), problem))
	}
}

// headersProblem says what is wrong with a multi_key_auth_wo document ("" when nothing).
func headersProblem(doc string) string {
	parsed, err := canonjson.ParseJSON(doc)
	if err != nil {
		return "it is not JSON"
	}
	obj, _ := parsed.(map[string]any)
	cfg, _ := obj["config"].(map[string]any)
	headers, _ := cfg["headers"].([]any)
	if len(obj) != 1 || len(cfg) != 1 || len(headers) == 0 {
		return "it needs config.headers, a list of at least one header, and nothing else"
	}
	for i, h := range headers {
		m, _ := h.(map[string]any)
		name, _ := m["name"].(string)
		key, _ := m["key"].(string)
		if len(m) != 2 || name == "" || key == "" {
			return fmt.Sprintf("header %d needs a name and a key, and nothing else", i)
		}
	}
	return ""
}
