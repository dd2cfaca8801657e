package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// ConfigStoreKind is a config store of a control plane (/v2/control-planes/{cp}/config-stores):
// a place for secrets that a `konnect` vault reads.
var ConfigStoreKind = engine.EntityKind{
	TypeName: "konnect_gateway_config_store",
	Description: "A config store in a Konnect control plane: it holds `konnect_gateway_config_store_secret`s, and a " +
		"`konnect_gateway_vault` with `name = \"konnect\"` reads them through `config.config_store_id`. " +
		"Konnect does not require config store names to be unique, so the create-time name check does not apply.",
	API:        engine.PlatformAPI{Collection: engine.ControlPlaneSub("config-stores"), Listed: true}, // listed as its GET answers (ConfigStore)
	Dependents: []engine.Dependent{engine.ConfigStoreSecrets},                                         // cascade.go: Konnect deletes its secrets with it
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The config store's name.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 255)}},
	},
}
