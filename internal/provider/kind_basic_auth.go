package provider

import (
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// BasicAuthKind is a username and password of a consumer (…/consumers/{c}/basic-auth),
// checked by the basic-auth plugin. Konnect stores the password hashed and never returns
// it, so state keeps the password as written.
var BasicAuthKind = EntityKind{
	TypeName: "konnect_gateway_basic_auth",
	Description: "A username and password of a gateway consumer, checked by the `basic-auth` plugin. " +
		"Konnect stores the password hashed and never returns it: Terraform keeps the password it wrote, so a password changed in Konnect is not seen, " +
		"and after an import the password is unknown until the next apply writes the configured one.",
	API:      coreEntityAPI{Collection: underConsumer("basic-auth")},
	NameAttr: "username",
	Attrs: slices.Concat([]Attr{
		controlPlaneID,
		consumerID,
		{Name: "username", Type: String, Mode: Required, Description: "The username, unique in the control plane.",
			Validators: []Validator{stringvalidator.LengthAtLeast(1)}},
	}, writeOnlySecret(Attr{Name: "password", Type: String, Mode: Required, Sensitive: true, NotReturned: true, Description: "The password. Konnect stores it hashed.",
		Validators: []Validator{stringvalidator.LengthAtLeast(1)}}), []Attr{
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	}),
}
