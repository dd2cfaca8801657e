package portal

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
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
			Validators:  []engine.Validator{enabledNeedsDestination{}}},
		{Name: "audit_log_destination_id", Type: engine.String, Default: engine.DefaultNull,
			Description: "The id of the organization's audit log destination the logs go to. Removed from configuration, the webhook has no destination (it must then be disabled).",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
	},
}

// enabledNeedsDestination refuses `enabled = true` without a destination at plan time, as
// Konnect refuses it at apply ("audit_log_destination_id: cannot be blank").
type enabledNeedsDestination struct{}

func (enabledNeedsDestination) Description(context.Context) string {
	return "when true, audit_log_destination_id must be set"
}

func (v enabledNeedsDestination) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (enabledNeedsDestination) ValidateBool(ctx context.Context, req validator.BoolRequest, resp *validator.BoolResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || !req.ConfigValue.ValueBool() {
		return
	}
	var dest types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("audit_log_destination_id"), &dest)...)
	if resp.Diagnostics.HasError() || !dest.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Missing audit log destination",
		"An enabled audit log webhook sends the portal's audit logs to a destination: set audit_log_destination_id (the id of one of the organization's audit log destinations).")
}
