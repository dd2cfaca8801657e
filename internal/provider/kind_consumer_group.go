package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// ConsumerGroupKind is a gateway consumer group (…/core-entities/consumer_groups): a named
// set of consumers that plugins can target together. Members are
// konnect_gateway_consumer_group_member resources.
var ConsumerGroupKind = EntityKind{
	TypeName:    "konnect_gateway_consumer_group",
	Description: "A consumer group in a Konnect control plane: a named set of consumers that plugins can target together. Add consumers with `konnect_gateway_consumer_group_member`.",
	API:         coreEntityAPI{Collection: inControlPlane("consumer_groups")},
	NameAttr:    "name",
	Attrs: []Attr{
		controlPlaneID,
		{Name: "name", Type: String, Mode: Required, Description: "The group's name, unique in the control plane.",
			Validators: []Validator{stringvalidator.LengthBetween(1, 128)}},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
	Dependents: []Dependent{pluginsOf, groupMembers},
}
