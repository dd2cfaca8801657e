package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// KeySetKind groups keys (…/core-entities/key-sets), for example the signing keys one
// plugin uses. Deleting a set deletes its keys in Konnect.
var KeySetKind = engine.EntityKind{
	TypeName:    "konnect_gateway_key_set",
	Description: "A named set of keys (`konnect_gateway_key`) in a Konnect control plane. Deleting the set deletes the keys in it.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("key-sets")},
	NameAttr:    "name",
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Default: engine.DefaultNull, Type: engine.String, Description: "The set's name, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
	Dependents: []engine.Dependent{engine.KeysOf},
}
