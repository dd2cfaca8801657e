package consumers

import (
	"context"
	"net/url"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// consumerTypes are the types Konnect lists for a consumer.
var consumerTypes = []string{"proxy", "developer", "admin", "application"}

// inRealm is the collection path of a realm's consumers.
func inRealm(p map[string]string) string {
	return "/v1/realms/" + url.PathEscape(p["realm_id"]) + "/consumers"
}

// consumersAPI is a realm's consumers: POST, PATCH, and a listing Konnect filters on
// username.
var consumersAPI = engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: inRealm, Listed: true},
	NameFilter: "filter[username][eq]", NameField: "username"}

// keysOf are a consumer's keys, which Konnect deletes with it; they are imported as
// <realm_id>/<consumer_id>/<id>, and named by their type (a key has no name, and its
// secret is never shown).
var keysOf = engine.Dependent{Collection: "keys", Platform: true, Nested: true, Under: "realm_id", TypeName: "konnect_centralized_consumer_key",
	NameFields: []string{"type"}}

// ConsumerKind is a centrally managed consumer (/v1/realms/{realmId}/consumers): a
// consumer every gateway allowed to use its realm can authenticate, with no copy in each
// control plane.
var ConsumerKind = engine.EntityKind{
	TypeName: "konnect_centralized_consumer",
	Description: "A centrally managed consumer of a `konnect_realm`: the gateways of every control plane the realm allows authenticate it (key-auth with `config.identity_realms`), through its keys (`konnect_centralized_consumer_key`). " +
		"An update sends Konnect only the attributes the plan changes (PATCH). A username that another consumer of the realm has (at creation or in a rename) is refused when the plan is made, with the `import` block that adopts it. " +
		"Destroying a consumer that has keys made outside this configuration is refused under `conflict_policy = \"fail\"`, each named with its `import` block. " +
		"Import it by `<realm_id>/<id>`, by `<realm_id>/<username>`, or by Kong's JSON id (`{\"id\": \"…\", \"realm_id\": \"…\"}`).",
	API:        consumersAPI,
	NameAttr:   "username",
	DataSource: true,
	Dependents: []engine.Dependent{keysOf},
	Check:      usernameTaken,
	CheckOn:    []string{"username"},
	Attrs: []engine.Attr{
		engine.ParentID("realm_id", "The id of the realm."),
		{Name: "username", Type: engine.String, Mode: engine.Required, Description: "The consumer's username, unique in its realm.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), engine.NotBlank()}},
		{Name: "custom_id", Type: engine.String, Default: engine.DefaultNull,
			Description: "An id of the consumer in another system (a user database). Removed from configuration, Konnect holds none.",
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "type", Type: engine.String, Default: "proxy",
			Description: "The consumer's type: `proxy` (Konnect's default), `developer`, `admin` or `application`.",
			Validators:  []engine.Validator{stringvalidator.OneOf(consumerTypes...)}},
		{Name: "tags", Type: engine.SetOf(engine.String), Default: []any{}, Description: "Tags for filtering and grouping."},
		{Name: "consumer_groups", Type: engine.SetOf(engine.String), Default: []any{},
			Description: "The consumer groups the consumer is in, besides those its realm gives every consumer."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// usernameTaken refuses, when the plan is made, a rename to a username that another
// consumer of the realm already has: Konnect refuses it at apply. The problem names that
// consumer with the import block that adopts it. (A create's username is the engine's
// creation guard at plan, planNameTaken.) A listing that fails leaves it to the update.
func usernameTaken(ctx context.Context, cl *konnect.Client, values konnect.Object) []engine.Problem {
	realm, _ := values["realm_id"].(string)
	name, _ := values["username"].(string)
	self, _ := values[engine.AttrID].(string)
	if realm == "" || name == "" || self == "" {
		return nil
	}
	found, err := consumersAPI.FindAllByName(ctx, cl, map[string]string{"realm_id": realm}, name)
	if err != nil {
		return nil
	}
	for _, c := range found {
		id, _ := c["id"].(string)
		if id == "" || id == self {
			continue
		}
		e := &guard.NameExistsError{TypeName: "konnect_centralized_consumer", NameField: "username", Name: name,
			ExistingID: id, CreatedAt: guard.FormatUpdatedAt(c["created_at"]), ImportID: realm + "/" + id}
		return []engine.Problem{{Attr: "username", Summary: "Username taken in the realm",
			Detail: e.Detail() + "\nOr keep this consumer's username."}}
	}
	return nil
}
