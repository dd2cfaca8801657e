package consumers

import (
	"context"
	"net/url"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// realms is the realms' collection path.
func realms(map[string]string) string { return "/v1/realms" }

// consumersOf are the consumers of a realm, which Konnect deletes with it (with
// ?force=true; without it Konnect refuses to delete a realm that holds any). Terraform
// deletes the consumers it manages before their realm, so any still there were made
// outside this configuration; they are imported as <realm_id>/<id>. force_destroy = "true"
// is the user's choice to let Konnect delete them, as on a portal or an auth server.
var consumersOf = engine.Dependent{Collection: "consumers", Platform: true, TypeName: "konnect_centralized_consumer",
	NameFields: []string{"username", "custom_id"}, Unless: "force_destroy",
	Forced: `set force_destroy = "true" on this realm, and Konnect deletes them with it.`}

// RealmKind is a realm of centrally managed consumers (/v1/realms): a set of consumers
// the gateways of the control planes it allows can authenticate, with how long a gateway
// caches them.
var RealmKind = engine.EntityKind{
	TypeName: "konnect_realm",
	Description: "A realm of centrally managed consumers: consumers (`konnect_centralized_consumer`) that the gateways of the control planes it allows authenticate through the key-auth plugin's `config.identity_realms`. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). Adding a realm whose name another already has fails with the `import` block that adopts it. " +
		"Destroying a realm that holds consumers made outside this configuration is refused under `conflict_policy = \"fail\"`, each named with its `import` block, unless `force_destroy = \"true\"` (then Konnect deletes them with the realm). Import it by id.",
	API:         realmAPI{engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: realms, Listed: true}}},
	NameAttr:    "name",
	DataSource:  true,
	DeleteQuery: map[string]string{"force": "force_destroy"},
	Dependents:  []engine.Dependent{consumersOf},
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The realm's name.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), engine.NotBlank()}},
		{Name: "allowed_control_planes", Type: engine.SetOf(engine.String), Default: []any{},
			Description: "The ids of the control planes whose gateways may use the realm, when `allow_all_control_planes` is false."},
		{Name: "allow_all_control_planes", Type: engine.Bool, Default: false,
			Description: "Whether every control plane may use the realm (default false); when true it takes precedence over `allowed_control_planes`."},
		{Name: "consumer_groups", Type: engine.SetOf(engine.String), Default: []any{},
			Description: "Consumer groups every consumer of the realm is in, besides those of the consumer itself."},
		{Name: "ttl", Type: engine.Int64, Default: int64(10),
			Description: "Minutes a gateway keeps a consumer it loaded from Konnect in memory (at least 5, default 10).",
			Validators:  []engine.Validator{int64validator.AtLeast(5)}},
		{Name: "negative_ttl", Type: engine.Int64, Default: int64(10),
			Description: "Minutes a gateway remembers that a consumer is not in the realm, or that its credentials are invalid, before it asks Konnect again (at least 5, default 10).",
			Validators:  []engine.Validator{int64validator.AtLeast(5)}},
		{Name: "force_destroy", Type: engine.String, Local: true, KongDefault: "false",
			Description: "`\"true\"` sends the delete with Konnect's `force=true`: Konnect then deletes the realm with its consumers and their keys, irreversibly. " +
				"The provider first lists the realm's consumers: under `conflict_policy = \"fail\"` a consumer made outside this configuration refuses the destroy whatever this says. " +
				"Unset, Konnect's default `\"false\"` applies: a realm that holds consumers is not deleted. Unset, it stays null in state, or `\"false\"` in a state written by Kong's provider (which means the same, and plans nothing).",
			Validators: []engine.Validator{stringvalidator.OneOf("true", "false")}},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// realmAPI is the realms' collection. Konnect's listing of realms has no filter, so a
// realm is found by name by reading every page.
type realmAPI struct{ engine.PatchAPI }

func (a realmAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	all, err := a.List(ctx, cl, parents, url.Values{})
	if err != nil {
		return nil, err
	}
	for _, r := range all {
		if r["name"] == name {
			return r, nil
		}
	}
	return nil, nil
}
