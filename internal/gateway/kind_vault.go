package gateway

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// VaultKind is a secret vault (…/core-entities/vaults): where `{vault://<prefix>/…}`
// references in other configuration are resolved. `name` is the vault type, `prefix` its
// unique handle (Konnect also addresses the vault by prefix), `config` the type's settings
// as a JSON document.
var VaultKind = engine.EntityKind{
	TypeName: "konnect_gateway_vault",
	Description: "A secret vault in a Konnect control plane. Configuration elsewhere refers to its secrets as `{vault://<prefix>/<secret>}`. " +
		"The vault's own credentials (a token, a client secret) belong in `config_secrets` (sensitive) or `config_secrets_wo` (write-only), not in `config`. " +
		"`config` is checked when the plan is made (a create, or an update that changes it) against the vault type's schema the control plane serves (or, for a control plane created in the same run, the provider's embedded vault schemas): " +
		"an unknown key, a wrong type, a value outside its enumeration or range, or a missing required key is an error naming its path (`config.port`); credentials given are never repeated.",
	API:          engine.CoreEntityAPI{Collection: engine.InControlPlane("vaults")},
	NameAttr:     "prefix",
	ConfigSchema: engine.VaultConfigSchema,
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The vault type: `env`, `aws`, `gcp`, `hcv`, `azure`, `konnect` or `conjur`.",
			Validators: []engine.Validator{stringvalidator.OneOf("env", "aws", "gcp", "hcv", "azure", "konnect", "conjur")}},
		{Name: "prefix", Type: engine.String, Mode: engine.Required, Description: "The handle used in `{vault://<prefix>/…}` references, unique in the control plane: a lowercase letter, then lowercase letters, digits and dashes.",
			Validators: []engine.Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z][a-z0-9-]*[a-z0-9]+$`),
				"must start with a lowercase letter and contain only lowercase letters, digits and dashes (at least two characters, not ending with a dash)")}},
		{Name: "config", Type: engine.JSON, Description: "The vault type's settings as a JSON object; write it with `jsonencode({...})`. Keys you leave out take Konnect's values and are not tracked.",
			Validators: []engine.Validator{engine.JSONText(true)}},
		engine.ConfigSecretsAttr("a token, a client secret"), engine.ConfigSecretsWOAttr, engine.ConfigSecretsWOVersionAttr,
		{Name: "description", Type: engine.String, Description: "A description of the vault."},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}
