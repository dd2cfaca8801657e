package organization

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// AuditLogKind is the organization's audit log webhook as Konnect serves it now
// (audit-logs v3, /v3/audit-log-webhook): a switch and the destination it sends to. Kong's
// provider still writes the v2 webhook, which held the endpoint, authorization and format
// itself; those now belong to a konnect_audit_log_destination (the guide's upgrade path).
// One per organization and region, with no id of its own; its DELETE disables it and
// empties its destination, which is what a destroy sends.
var AuditLogKind = engine.EntityKind{
	TypeName: "konnect_audit_log",
	Description: "The organization's audit log webhook: whether Konnect sends the organization's audit logs, and to which `konnect_audit_log_destination`. " +
		"One per organization (and region), which always exists: creating the resource changes it, destroying it disables it and empties its destination (Konnect's defaults). " +
		"An update sends only what the plan changes (PATCH). " +
		"Konnect's current API keeps the endpoint, the authorization and the format on the destination: a configuration written for Kong's provider moves them to a `konnect_audit_log_destination` (see the guide). " +
		"Import it with any id, for example `audit_log`.",
	API: engine.SingletonAPI{Path: func(map[string]string) string { return "/v3/audit-log-webhook" },
		ID: "audit_log", DeleteResets: true, Defaults: konnect.Object{"enabled": false}},
	Attrs: []engine.Attr{
		{Name: "enabled", Type: engine.Bool, Default: false,
			Description: "Whether Konnect sends the organization's audit logs (default false). Enabled, it needs `audit_log_destination_id`.",
			Validators:  []engine.Validator{EnabledNeedsDestination{}}},
		{Name: "audit_log_destination_id", Type: engine.String, Default: engine.DefaultNull,
			Description: "The id of the `konnect_audit_log_destination` the logs go to. Removed from configuration, the webhook has no destination (it must then be disabled).",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
	},
}

// EnabledNeedsDestination refuses `enabled = true` without a destination at plan time, as
// Konnect refuses it at apply ("audit_log_destination_id: cannot be blank"): the
// organization's webhook and a portal's.
type EnabledNeedsDestination struct{}

func (EnabledNeedsDestination) Description(context.Context) string {
	return "when true, audit_log_destination_id must be set"
}

func (v EnabledNeedsDestination) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (EnabledNeedsDestination) ValidateBool(ctx context.Context, req validator.BoolRequest, resp *validator.BoolResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || !req.ConfigValue.ValueBool() {
		return
	}
	var dest types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("audit_log_destination_id"), &dest)...)
	if resp.Diagnostics.HasError() || !dest.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Missing audit log destination",
		"An enabled audit log webhook sends audit logs to a destination: set audit_log_destination_id (the id of one of the organization's audit log destinations).")
}
