package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// ACLKind puts a consumer in an ACL group (…/consumers/{c}/acls), which the acl plugin
// allows or denies. A group appears once per consumer.
var ACLKind = engine.EntityKind{
	TypeName:    "konnect_gateway_acl",
	Description: "Puts a gateway consumer in an ACL group, which the `acl` plugin allows or denies. A consumer is in a group at most once.",
	API:         engine.CoreEntityAPI{Collection: underConsumer("acls")},
	NameAttr:    "group",
	Attrs: []engine.Attr{
		controlPlaneID,
		consumerID,
		{Name: "group", Type: engine.String, Mode: engine.Required, Description: "The ACL group, unique per consumer.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}
