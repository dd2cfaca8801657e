package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ConsumerKind is a gateway consumer (…/core-entities/consumers): a client of the APIs,
// identified by a unique username, a unique custom_id, or both.
var ConsumerKind = engine.EntityKind{
	TypeName:    "konnect_gateway_consumer",
	Description: "A gateway consumer in a Konnect control plane: a client of your APIs that credentials, ACL groups and plugins attach to. Set `username`, `custom_id` or both.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("consumers")},
	NameAttr:    "username",
	DataSource:  true,
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "username", Default: engine.DefaultNull, Type: engine.String, Description: "The consumer's username, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1),
				engine.AtLeastOneOfRoot("custom_id")}},
		{Name: "custom_id", Default: engine.DefaultNull, Type: engine.String, Description: "An id from your own systems, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
	Dependents: engine.ConsumerParts,
}

// consumerID is the path parameter of what lives under a consumer (consumers/{c}/…): its
// credentials.
var consumerID = engine.ParentID("consumer_id", "The id of the `konnect_gateway_consumer` the credential belongs to.")

// underConsumer is the path of a credential collection of one consumer.
func underConsumer(collection string) func(map[string]string) string {
	return func(p map[string]string) string {
		return konnect.CoreEntitiesPath(p["control_plane_id"], "consumers", p["consumer_id"], collection)
	}
}
