package portal

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/organization"
)

// AuditLogWebhookKind is a portal's audit log webhook (/v3/portals/{portalId}/audit-log-webhook):
// one per portal, created with it (disabled, no destination). Its id is the portal's. Konnect's
// PATCH takes a null destination, which empties it (Kong's copy of the spec has it nullable,
// and Kong's provider sends null whenever it is unset); its DELETE disables the webhook and
// empties the destination, which is what a destroy sends.
var AuditLogWebhookKind = engine.EntityKind{
	TypeName: "konnect_portal_audit_log_webhook",
	Description: "Where a Dev Portal sends its audit logs: a webhook to an audit log destination of the organization. One per portal, which Konnect creates disabled with the portal: " +
		"creating the resource changes it, destroying it disables it and empties its destination (Konnect's defaults). An update sends only what the plan changes (PATCH). " +
		"Import it with the portal's id.",
	API: engine.SingletonAPI{Path: engine.V3Path("portals", "{portal_id}", "audit-log-webhook"),
		IDFrom: "portal_id", DeleteResets: true, Defaults: konnect.Object{"enabled": false}},
	KongKey: "portal_id", // Kong's state has no id (kind.go)
	Attrs: []engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "enabled", Type: engine.Bool, Default: false,
			Description: "Whether the portal sends its audit logs (a new portal's: false). Enabled, it needs `audit_log_destination_id`.",
			Validators:  []engine.Validator{organization.EnabledNeedsDestination{}}},
		{Name: "audit_log_destination_id", Type: engine.String, Default: engine.DefaultNull,
			Description: "The id of the organization's audit log destination (`konnect_audit_log_destination`) the logs go to; Konnect refuses one that does not exist. Removed from configuration, the webhook has no destination (it must then be disabled).",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
	},
}
