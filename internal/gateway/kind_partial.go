package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// PartialKind is a gateway partial (…/core-entities/partials): a piece of plugin
// configuration (a Redis connection, a vector database, an embeddings model) that plugins
// link to through their `partials`. `config` is a JSON document like a plugin's: Konnect
// fills in the type's defaults, state keeps the keys configuration sets, and a conflict on
// it is shown key by key with secret keys (password, …) hidden.
var PartialKind = engine.EntityKind{
	TypeName:   "konnect_gateway_partial",
	Predefined: engine.ManagedCachePartial,
	Description: "A gateway partial in a Konnect control plane: shared plugin configuration of one `type` " +
		"(`redis-ce`, `redis-ee`, `vectordb`, `embeddings`, `model`) that plugins link to. " +
		"`config` is written with `jsonencode({...})`: Konnect fills in the type's defaults, and Terraform tracks only the keys you set. " +
		"Secret keys in it (a Redis password) are never shown in conflict diagnostics; use a vault reference such as `{vault://env/redis-password}` to keep them out of state, or put a literal secret in `config_secrets` (sensitive) or `config_secrets_wo` (write-only) rather than in `config`. " +
		"`config` is checked when the plan is made (a create, or an update that changes it) against the type's schema that the control plane serves: each unknown key, wrong type, value outside its enumeration or range, or missing required key is an error naming its path (`config.port`); " +
		"for a control plane created in the same run, against the provider's embedded schemas of Kong Gateway 3.15, and again at apply against the control plane's. " +
		"Konnect refuses to delete a partial that a plugin still uses; the error names the plugin.",
	API:          engine.CoreEntityAPI{Collection: engine.InControlPlane("partials")},
	ConfigSchema: engine.PartialConfigSchema,
	NameAttr:     "name",
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Default: engine.DefaultNull, Description: "The partial's name, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 128)}},
		{Name: "type", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The kind of configuration: `redis-ce`, `redis-ee`, `vectordb`, `embeddings` or `model`. Changing it replaces the partial.",
			Validators:  []engine.Validator{stringvalidator.OneOf("redis-ce", "redis-ee", "vectordb", "embeddings", "model")}},
		{Name: "config", Type: engine.JSON, Mode: engine.Required,
			Description:   "The partial's configuration as a JSON object, written with `jsonencode({...})`. Keys you leave out take Konnect's values and are not tracked.",
			Validators:    []engine.Validator{engine.JSONText(true)},
			PlanModifiers: []engine.PlanModifier{engine.JSONSemanticEquality{}}},
		engine.ConfigSecretsAttr("a Redis `password`, a vector database or model API key"), engine.ConfigSecretsWOAttr, engine.ConfigSecretsWOVersionAttr,
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}
