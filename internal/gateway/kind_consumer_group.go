package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// ConsumerGroupKind is a gateway consumer group (…/core-entities/consumer_groups): a named
// set of consumers that plugins can target together. Members are
// konnect_gateway_consumer_group_member resources.
var ConsumerGroupKind = engine.EntityKind{
	TypeName:    "konnect_gateway_consumer_group",
	Description: "A consumer group in a Konnect control plane: a named set of consumers that plugins can target together. Add consumers with `konnect_gateway_consumer_group_member`.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("consumer_groups")},
	NameAttr:    "name",
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The group's name, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 128)}},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
	Dependents: []engine.Dependent{engine.PluginsOf, engine.GroupMembers},
}
