package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// KeySetKind groups keys (…/core-entities/key-sets), for example the signing keys one
// plugin uses. Deleting a set deletes its keys in Konnect.
var KeySetKind = EntityKind{
	TypeName:    "konnect_gateway_key_set",
	Description: "A named set of keys (`konnect_gateway_key`) in a Konnect control plane. Deleting the set deletes the keys in it.",
	API:         coreEntityAPI{Collection: inControlPlane("key-sets")},
	NameAttr:    "name",
	Attrs: []Attr{
		controlPlaneID,
		{Name: "name", Default: DefaultNull, Type: String, Description: "The set's name, unique in the control plane.",
			Validators: []Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
	Dependents: []Dependent{keysOf},
}
