package provider

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// VaultKind is a secret vault (…/core-entities/vaults): where `{vault://<prefix>/…}`
// references in other configuration are resolved. `name` is the vault type, `prefix` its
// unique handle (Konnect also addresses the vault by prefix), `config` the type's settings
// as a JSON document.
var VaultKind = EntityKind{
	TypeName: "konnect_gateway_vault",
	Description: "A secret vault in a Konnect control plane. Configuration elsewhere refers to its secrets as `{vault://<prefix>/<secret>}`. " +
		"The vault's own credentials (a token, a client secret) belong in `config_secrets` (sensitive) or `config_secrets_wo` (write-only), not in `config`.",
	API:      coreEntityAPI{Collection: inControlPlane("vaults")},
	NameAttr: "prefix",
	Attrs: []Attr{
		controlPlaneID,
		{Name: "name", Type: String, Mode: Required, Description: "The vault type: `env`, `aws`, `gcp`, `hcv`, `azure`, `konnect` or `conjur`.",
			Validators: []Validator{stringvalidator.OneOf("env", "aws", "gcp", "hcv", "azure", "konnect", "conjur")}},
		{Name: "prefix", Type: String, Mode: Required, Description: "The handle used in `{vault://<prefix>/…}` references, unique in the control plane: a lowercase letter, then lowercase letters, digits and dashes.",
			Validators: []Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z][a-z0-9-]*[a-z0-9]+$`),
				"must start with a lowercase letter and contain only lowercase letters, digits and dashes (at least two characters, not ending with a dash)")}},
		{Name: "config", Type: JSON, Description: "The vault type's settings as a JSON object; write it with `jsonencode({...})`. Keys you leave out take Konnect's values and are not tracked.",
			Validators: []Validator{jsonText(true)}},
		configSecretsAttr("a token, a client secret"), configSecretsWOAttr, configSecretsWOVersionAttr,
		{Name: "description", Type: String, Description: "A description of the vault."},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
}
