package consumers

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// keyTypes are a key's types: new (Konnect generates the secret) and legacy (the user's).
var keyTypes = []string{"new", "legacy"}

// keySecret is the key's secret with its write-only twin. Konnect shows a key's secret in
// its answer to the create only: state keeps a generated one from there (ShownOnce), and a
// legacy key's as configured. Konnect has no update, so a new secret (or a new version of
// the twin) replaces the key.
var keySecret = engine.WriteOnlySecretReplacing(engine.Attr{Name: "secret", Type: engine.String, Sensitive: true, ShownOnce: true, ForceNew: true,
	Description: "The key's secret. Set it for a `legacy` key, whose secret is yours (unique in the realm); leave it unset for a key of type `new`, whose secret Konnect generates and shows once, at creation: " +
		"this attribute then keeps it, sensitive, in the state file (where whoever can read the state can read it), so that you can pass it on.",
	Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}}, "Konnect has no update for a key.")

// KeyKind is an API key of a centrally managed consumer
// (/v1/realms/{realmId}/consumers/{consumerId}/keys). Konnect has no update for a key:
// any change replaces it.
var KeyKind = engine.EntityKind{
	TypeName: "konnect_centralized_consumer_key",
	Description: "An API key of a `konnect_centralized_consumer`, checked by the key-auth plugin of gateways whose `config.identity_realms` name the consumer's realm. " +
		"A key of type `new` has a secret Konnect generates and shows once, when it is created: `secret` keeps it, sensitive, **in the state file** (protect the state as you protect the key), and no later plan regenerates it; an imported key has no secret in state. " +
		"A `legacy` key's secret is yours: set `secret`, or `secret_wo` with `secret_wo_version` (Terraform 1.11+, OpenTofu 1.11+) to keep it out of the state file altogether. " +
		"Konnect has no update for a key: any change replaces it. " +
		"Import it by `<realm_id>/<consumer_id>/<id>`, or by Kong's JSON id (`{\"consumer_id\": \"…\", \"id\": \"…\", \"realm_id\": \"…\"}`).",
	API: keyAPI{engine.PlatformAPI{Collection: keysPath, Listed: true}},
	NotExported: func(obj konnect.Object) string {
		if obj["type"] == "new" {
			return ""
		}
		return "a legacy key: Konnect never returns its secret, and setting one replaces the key; adopt it by hand with an import block and its secret"
	},
	Attrs: slices.Concat([]engine.Attr{
		engine.ParentID("realm_id", "The id of the realm."),
		engine.ParentID("consumer_id", "The id of the consumer."),
		{Name: "type", Type: engine.String, Default: "legacy", ForceNew: true,
			Description:   "`legacy` (the default, as in Kong's provider: the secret is yours) or `new` (Konnect generates the secret).",
			Validators:    []engine.Validator{stringvalidator.OneOf(keyTypes...), secretMatchesType{}},
			PlanModifiers: []engine.PlanModifier{engine.StringDefaultWhenUnknown("legacy")}},
	}, keySecret, []engine.Attr{
		{Name: "tags", Type: engine.SetOf(engine.String), Default: []any{}, ForceNew: true, Description: "Tags for filtering and grouping."},
		engine.PlatformTimestamps[0],
	}),
}

// keysPath is the collection path of a consumer's keys.
func keysPath(p map[string]string) string {
	return inRealm(p) + "/" + url.PathEscape(p["consumer_id"]) + "/keys"
}

// keyAPI is a consumer's keys: POST, GET, DELETE; no update.
type keyAPI struct{ engine.PlatformAPI }

// Create posts the key. The answer is the only one with the secret and updated_at: it is
// returned as Konnect's GET shows the key, with the secret Konnect generated for a key of
// type new (state keeps it from there), and without a secret the body carried (the
// user's: state keeps it as configured, or not at all with the write-only twin).
func (a keyAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PlatformAPI.Create(ctx, cl, parents, body)
	if err != nil || obj == nil {
		return obj, resp, err
	}
	obj = maps.Clone(obj)
	delete(obj, "updated_at")
	if _, sent := body["secret"]; sent {
		delete(obj, "secret")
	}
	return obj, resp, nil
}

// FindByName: a key has no name.
func (keyAPI) FindByName(context.Context, *konnect.Client, map[string]string, string) (konnect.Object, error) {
	return nil, nil
}

// Update is never called: every attribute is ForceNew.
func (keyAPI) Update(context.Context, *konnect.Client, engine.Address, konnect.Object, konnect.Object, string) (konnect.Object, *konnect.Response, error) {
	return nil, nil, errors.New("konnect has no update for a centralized consumer key")
}

// secretMatchesType refuses at plan a key of type new given a secret (Konnect generates
// it) and a legacy key without one (Konnect requires it), naming the attribute. Unset,
// type is legacy, as in Kong's provider.
type secretMatchesType struct{}

func (secretMatchesType) Description(context.Context) string {
	return "a key of type new takes no secret; a legacy key needs secret or secret_wo"
}

func (v secretMatchesType) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (secretMatchesType) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsUnknown() {
		return
	}
	typ := "legacy"
	if !req.ConfigValue.IsNull() {
		typ = req.ConfigValue.ValueString()
	}
	set := map[string]bool{}
	for _, name := range []string{"secret", "secret_wo"} {
		var v types.String
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(name), &v)...)
		set[name] = !v.IsNull()
	}
	if resp.Diagnostics.HasError() {
		return
	}
	switch typ {
	case "new":
		for _, name := range []string{"secret", "secret_wo"} {
			if set[name] {
				resp.Diagnostics.AddAttributeError(path.Root(name), "A key of type new takes no secret",
					fmt.Sprintf("Konnect generates the secret of a key of type \"new\" and shows it once, at creation (this provider keeps it in secret, sensitive). Remove %s, or set type = \"legacy\" to use your own secret.", name))
			}
		}
	case "legacy":
		if !set["secret"] && !set["secret_wo"] {
			resp.Diagnostics.AddAttributeError(path.Root("secret"), "A legacy key needs its secret",
				"A key of type \"legacy\" (the default) uses a secret you choose: set secret, or secret_wo with secret_wo_version to keep it out of state (Terraform 1.11+, OpenTofu 1.11+). "+
					"To have Konnect generate the secret, set type = \"new\".")
		}
	}
}
