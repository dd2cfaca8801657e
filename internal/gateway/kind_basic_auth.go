package gateway

import (
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// BasicAuthKind is a username and password of a consumer (…/consumers/{c}/basic-auth),
// checked by the basic-auth plugin. Konnect stores the password hashed and never returns
// it, so state keeps the password as written.
var BasicAuthKind = engine.EntityKind{
	TypeName: "konnect_gateway_basic_auth",
	Description: "A username and password of a gateway consumer, checked by the `basic-auth` plugin. " +
		"Konnect stores the password hashed and never returns it: Terraform keeps the password it wrote, so a password changed in Konnect is not seen, " +
		"and after an import the password is unknown until the next apply writes the configured one.",
	API:      engine.CoreEntityAPI{Collection: underConsumer("basic-auth")},
	NameAttr: "username",
	Attrs: slices.Concat([]engine.Attr{
		controlPlaneID,
		consumerID,
		{Name: "username", Type: engine.String, Mode: engine.Required, Description: "The username, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
	}, engine.WriteOnlySecret(engine.Attr{Name: "password", Type: engine.String, Mode: engine.Required, Sensitive: true, NotReturned: true, Description: "The password. Konnect stores it hashed.",
		Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}}), []engine.Attr{
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	}),
}
