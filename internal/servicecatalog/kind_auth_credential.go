package servicecatalog

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

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
		"Konnect has no update and never returns the keys: every change replaces the credential, and state keeps the keys written, sensitive (null after an import). " +
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
		{Name: "multi_key_auth", Mode: engine.Required, ForceNew: true, NotReturned: true,
			Description: "A credential of the integration's `Multi Key` strategy: the headers Konnect sends, each with its key. Konnect never returns it: state keeps what Terraform wrote.",
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
	},
}

// credentialAPI sends Terraform's shape (Kong's: the Multi Key branch under multi_key_auth)
// as Konnect's (the branch's config beside "type": "multi_key_auth").
type credentialAPI struct{ engine.SingletonAPI }

func (c credentialAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	branch, _ := body["multi_key_auth"].(map[string]any)
	out := konnect.Object{"type": "multi_key_auth", "config": branch["config"]}
	return c.SingletonAPI.Create(ctx, cl, parents, out)
}

// Update is never called: every attribute is ForceNew.
func (credentialAPI) Update(context.Context, *konnect.Client, engine.Address, konnect.Object, konnect.Object, string) (konnect.Object, *konnect.Response, error) {
	return nil, nil, errors.New("konnect has no update for an integration instance's auth credential")
}
