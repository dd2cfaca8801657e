package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// ACLKind puts a consumer in an ACL group (…/consumers/{c}/acls), which the acl plugin
// allows or denies. A group appears once per consumer.
var ACLKind = EntityKind{
	TypeName:    "konnect_gateway_acl",
	Description: "Puts a gateway consumer in an ACL group, which the `acl` plugin allows or denies. A consumer is in a group at most once.",
	API:         coreEntityAPI{Collection: underConsumer("acls")},
	NameAttr:    "group",
	Attrs: []Attr{
		controlPlaneID,
		consumerID,
		{Name: "group", Type: String, Mode: Required, Description: "The ACL group, unique per consumer.",
			Validators: []Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
}
