package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// PartialKind is a gateway partial (…/core-entities/partials): a piece of plugin
// configuration (a Redis connection, a vector database, an embeddings model) that plugins
// link to through their `partials`. `config` is a JSON document like a plugin's: Konnect
// fills in the type's defaults, state keeps the keys configuration sets, and a conflict on
// it is shown key by key with secret keys (password, …) hidden.
var PartialKind = EntityKind{
	TypeName: "konnect_gateway_partial",
	Description: "A gateway partial in a Konnect control plane: shared plugin configuration of one `type` " +
		"(`redis-ce`, `redis-ee`, `vectordb`, `embeddings`, `model`) that plugins link to. " +
		"`config` is written with `jsonencode({...})`: Konnect fills in the type's defaults, and Terraform tracks only the keys you set. " +
		"Secret keys in it (a Redis password) are never shown in conflict diagnostics; use a vault reference such as `{vault://env/redis-password}` to keep them out of state, or put a literal secret in `config_secrets` (sensitive) or `config_secrets_wo` (write-only) rather than in `config`. " +
		"Konnect refuses to delete a partial that a plugin still uses; the error names the plugin.",
	API:      coreEntityAPI{Collection: inControlPlane("partials")},
	NameAttr: "name",
	Attrs: []Attr{
		controlPlaneID,
		{Name: "name", Type: String, Default: DefaultNull, Description: "The partial's name, unique in the control plane.",
			Validators: []Validator{stringvalidator.LengthBetween(1, 128)}},
		{Name: "type", Type: String, Mode: Required, ForceNew: true,
			Description: "The kind of configuration: `redis-ce`, `redis-ee`, `vectordb`, `embeddings` or `model`. Changing it replaces the partial.",
			Validators:  []Validator{stringvalidator.OneOf("redis-ce", "redis-ee", "vectordb", "embeddings", "model")}},
		{Name: "config", Type: JSON, Mode: Required,
			Description:   "The partial's configuration as a JSON object, written with `jsonencode({...})`. Keys you leave out take Konnect's values and are not tracked.",
			Validators:    []Validator{jsonText(true)},
			PlanModifiers: []PlanModifier{jsonSemanticEquality{}}},
		configSecretsAttr("a Redis `password`, a vector database or model API key"), configSecretsWOAttr, configSecretsWOVersionAttr,
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
}
