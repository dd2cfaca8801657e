package organization

import (
	"context"
	"maps"
	"regexp"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// logFormats are the formats Konnect writes audit log entries in.
var logFormats = []string{"cef", "json", "cps"}

// httpURL is an absolute http or https URL, as Konnect requires of an endpoint.
var httpURL = regexp.MustCompile(`^https?://[^\s/?#]+[^\s]*$`)

// AuditLogDestinationKind is an audit log destination of the organization
// (/v3/audit-log-destinations): an endpoint, the Authorization header sent to it, and the
// format of the entries. The organization's webhook (konnect_audit_log) and each portal's
// (konnect_portal_audit_log_webhook) point at one.
var AuditLogDestinationKind = engine.EntityKind{
	TypeName: "konnect_audit_log_destination",
	Description: "Where Konnect sends audit logs: an endpoint, the `Authorization` header sent with each request, and the format of the entries. " +
		"The organization's audit log webhook (`konnect_audit_log`) and each portal's (`konnect_portal_audit_log_webhook`) point at a destination; " +
		"Konnect refuses to delete a destination a webhook uses. " +
		"Konnect never returns `authorization`: state keeps what Terraform wrote (or nothing, with `authorization_wo`), and a new value set in Konnect shows only as the destination's `updated_at` moving. " +
		"An update sends only what the plan changes (PATCH). Adding a destination whose name another already has fails with the `import` block that adopts it. Import it by id.",
	API: destinationAPI{engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: func(map[string]string) string { return "/v3/audit-log-destinations" }, Listed: true},
		NameFilter: "filter[name][eq]"}},
	NameAttr: "name",
	Attrs: slices.Concat([]engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The destination's name.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), engine.NotBlank()}},
		{Name: "endpoint", Type: engine.String, Mode: engine.Required, Description: "The URL (http or https) that receives the audit log entries.",
			Validators: []engine.Validator{stringvalidator.RegexMatches(httpURL, "must be an absolute http or https URL")}},
		{Name: "log_format", Type: engine.String, Default: "cef", Description: "The format of each entry: `cef` (Konnect's default), `json` or `cps`.",
			Validators: []engine.Validator{stringvalidator.OneOf(logFormats...)}},
		{Name: "skip_ssl_verification", Type: engine.Bool, Default: false,
			Description: "Whether Konnect skips verifying the endpoint's TLS certificate (default false). Only for a self-signed certificate outside production: it exposes the logs to man-in-the-middle attacks."},
	}, engine.WriteOnlySecret(engine.Attr{Name: "authorization", Type: engine.String, Mode: engine.Required, Sensitive: true, NotReturned: true,
		Description: "The value of the `Authorization` header Konnect sends to the endpoint (for example `Bearer <token>`). Konnect never returns it: Terraform keeps what it wrote, and cannot see a value changed in Konnect (only that the destination changed).",
		Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}}),
		[]engine.Attr{engine.PlatformTimestamps[0], engine.PlatformTimestamps[1]}),
}

// destinationAPI is the destinations' collection. Konnect's create requires log_format
// (Kong's provider always sends it, its default cef): a create whose configuration leaves
// it unset sends Konnect's default.
type destinationAPI struct{ engine.PatchAPI }

func (d destinationAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	if _, set := body["log_format"]; !set {
		body = maps.Clone(body)
		body["log_format"] = "cef"
	}
	return d.PatchAPI.Create(ctx, cl, parents, body)
}
