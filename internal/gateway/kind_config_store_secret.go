package gateway

import (
	"regexp"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// ConfigStoreSecretKind is one secret of a config store
// (/v2/control-planes/{cp}/config-stores/{store}/secrets/{key}). Konnect never returns the
// value, so state keeps what Terraform wrote (NotReturned) and the guards see a change of
// the value in Konnect only through the secret's updated_at.
var ConfigStoreSecretKind = engine.EntityKind{
	KongKey:  "key",
	TypeName: "konnect_gateway_config_store_secret",
	Description: "A secret in a Konnect config store, read by a `konnect` vault as `{vault://<prefix>/<key>}`. " +
		"The id is the key. Konnect never returns a secret's value, so Terraform cannot see what it holds: " +
		"state keeps the value Terraform wrote, and a change of the value made in Konnect is detected only by the secret's " +
		"`updated_at` moving (the stale-plan guard and the conflict check compare the secret's revision, not its value); " +
		"the value is never shown in plans, logs or diagnostics. Adding a key that already exists fails with the `import` block that adopts it.",
	// Listed as its GET answers (ConfigStoreSecret, the value in neither).
	API: engine.PlatformAPI{Collection: engine.ControlPlaneSub("config-stores", "{config_store_id}", "secrets"), Key: "key",
		PutBody: engine.Without("key"), Listed: true},
	NameAttr: "key",
	Attrs: slices.Concat([]engine.Attr{
		controlPlaneID,
		engine.ParentID("config_store_id", "The id of the `konnect_gateway_config_store`."),
		{Name: "key", Type: engine.String, Mode: engine.Required, ForceNew: true, Description: "The secret's key, unique in the config store.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 255), stringvalidator.RegexMatches(regexp.MustCompile(`^[^/\s]+$`),
				"must not contain `/` or white space")}},
	}, engine.WriteOnlySecret(engine.Attr{Name: "value", Type: engine.String, Mode: engine.Required, Sensitive: true, NotReturned: true,
		Description: "The secret's value. Konnect never returns it: Terraform keeps what it wrote, and cannot see a value changed in Konnect (only that the secret changed)."})),
}
