package portal

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// hostnameRE is a fully qualified domain name: dot-separated labels of letters, digits and
// hyphens.
var hostnameRE = regexp.MustCompile(`^(?i:[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.(?i:[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?))+$`)

// newCertificate: what Konnect derives from the certificate is known only after a new one
// is uploaded.
var newCertificate = []engine.PlanModifier{unknownWhenCertificateChanges{}}

type unknownWhenCertificateChanges struct{}

func (unknownWhenCertificateChanges) Description(context.Context) string {
	return "Recomputed by Konnect when ssl.custom_certificate changes."
}

func (m unknownWhenCertificateChanges) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (unknownWhenCertificateChanges) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var configured, prior types.String
	p := path.Root("ssl").AtName("custom_certificate")
	if d := req.Config.GetAttribute(ctx, p, &configured); d.HasError() {
		return
	}
	if d := req.State.GetAttribute(ctx, p, &prior); d.HasError() {
		return
	}
	if !configured.IsNull() && !configured.Equal(prior) {
		resp.PlanValue = types.StringUnknown()
	}
}

// UnchangedPlanNoop: a plan that changes nothing leaves it as it is (engine.UnknownWhenChanged).
func (unknownWhenCertificateChanges) UnchangedPlanNoop() {}

// CustomDomainKind is a portal's custom domain (/v3/portals/{portalId}/custom-domain): at
// most one per portal, with no id of its own; its id here is the portal's.
var CustomDomainKind = engine.EntityKind{
	TypeName: "konnect_portal_custom_domain",
	Description: "A Dev Portal's custom domain: the host name developers reach it at, verified over HTTP or with a certificate of your own. At most one per portal. " +
		"An update sends only what the plan changes (PATCH): `enabled`, and the certificate with its key, or `skip_ca_check`. Changing the host name or the verification method replaces the domain. " +
		"The private key is sensitive and Konnect never returns it, nor the certificate: state keeps the values written (null after an import); " +
		"`custom_private_key_wo` with `custom_private_key_wo_version` sends the key without keeping it in state (Terraform 1.11+, OpenTofu 1.11+), together with the certificate. " +
		"Import it with the portal's id, for example `terraform import konnect_portal_custom_domain.this <portal_id>`.",
	API: engine.SingletonAPI{Path: engine.V3Path("portals", "{portal_id}", "custom-domain"),
		IDFrom: "portal_id", Created: true, NameField: "hostname"},
	KongKey:  "portal_id", // Kong's state has no id (kind.go)
	NameAttr: "hostname",  // the creation guard: the portal's domain with this host name, with its import block
	Attrs: append([]engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "hostname", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The host name, a fully qualified domain name (at most 253 characters) pointed at the portal's default domain by a CNAME record.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 253),
				stringvalidator.RegexMatches(hostnameRE, "must be a fully qualified domain name")}},
		{Name: "enabled", Type: engine.Bool, Mode: engine.Required, Description: "Whether the portal answers at this domain."},
		{Name: "ssl", Mode: engine.Required, PatchMembers: true, Description: "How the domain's TLS certificate is verified.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "domain_verification_method", Type: engine.String, Mode: engine.Required, ForceNew: true,
					Description: "`http`: Konnect obtains the certificate; `custom_certificate`: `custom_certificate` and `custom_private_key` are yours.",
					Validators:  []engine.Validator{stringvalidator.OneOf("http", "custom_certificate"), certificateNeeded{}}},
				engine.Attr{Name: "custom_certificate", Type: engine.String, NotReturned: true, SentWith: []string{"custom_private_key"},
					Description: "The PEM-encoded certificate for the host name (`custom_certificate` verification). Konnect never returns it: state keeps the value written, null after an import.",
					Validators: []engine.Validator{keyOrTwin{},
						stringvalidator.RegexMatches(regexp.MustCompile(`-----BEGIN CERTIFICATE-----`), "must be a PEM-encoded certificate")}},
				customPrivateKey,
				engine.Attr{Name: "skip_ca_check", Type: engine.Bool,
					Description: "Whether Konnect accepts a certificate it cannot chain to a known authority (`custom_certificate` verification; Konnect's default: `false`)."},
				engine.Attr{Name: "verification_status", Type: engine.String, Mode: engine.Computed, Description: "`verified`, `pending` or `error`.",
					PlanModifiers: newCertificate},
				engine.Attr{Name: "validation_errors", Type: engine.ListOf(engine.String), Mode: engine.Computed, Description: "Why the certificate did not verify."},
				engine.Attr{Name: "uploaded_at", Type: engine.String, Mode: engine.Computed, Description: "When the custom certificate was uploaded.",
					PlanModifiers: newCertificate},
				engine.Attr{Name: "expires_at", Type: engine.String, Mode: engine.Computed, Description: "When the custom certificate expires.",
					PlanModifiers: newCertificate},
			)},
		{Name: "cname_status", Type: engine.String, Mode: engine.Computed, Description: "Whether Konnect found the CNAME record: `verified` or `pending`."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	}, engine.WriteOnlyTwinOf("custom_private_key_wo", []string{"ssl", "custom_private_key"}, "ssl.custom_private_key",
		stringvalidator.AlsoRequires(path.MatchRoot("ssl").AtName("custom_certificate")))...),
}

// customPrivateKey is ssl.custom_private_key; its write-only twin is the top-level
// custom_private_key_wo (engine.WriteOnlyTwinOf), sent with the planned certificate.
var customPrivateKey = engine.Attr{Name: "custom_private_key", Type: engine.String, Sensitive: true, NotReturned: true, SentWith: []string{"custom_certificate"},
	Description: "The PEM-encoded private key of `custom_certificate` (sensitive). Konnect never returns it: state keeps the value written, null after an import. " +
		"Conflicts with the top-level `custom_private_key_wo`, its write-only alternative, which keeps it out of state.",
	Validators: []engine.Validator{stringvalidator.AlsoRequires(path.MatchRelative().AtParent().AtName("custom_certificate"))}}

// keyOrTwin: a custom certificate needs its private key, in ssl.custom_private_key or in the
// top-level custom_private_key_wo.
type keyOrTwin struct{}

func (keyOrTwin) Description(context.Context) string {
	return "needs ssl.custom_private_key or custom_private_key_wo"
}

func (v keyOrTwin) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (keyOrTwin) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	for _, p := range []path.Path{req.Path.ParentPath().AtName("custom_private_key"), path.Root("custom_private_key_wo")} {
		var key types.String
		if d := req.Config.GetAttribute(ctx, p, &key); d.HasError() || !key.IsNull() {
			return // set, or not known yet
		}
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Missing attribute configuration",
		`A custom certificate needs its private key: set "ssl.custom_private_key", or "custom_private_key_wo" with "custom_private_key_wo_version" to keep it out of state (Terraform 1.11+, OpenTofu 1.11+).`)
}

// certificateNeeded: verification by a certificate of your own needs that certificate.
type certificateNeeded struct{}

func (certificateNeeded) Description(context.Context) string {
	return "custom_certificate needs ssl.custom_certificate"
}

func (v certificateNeeded) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (certificateNeeded) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || req.ConfigValue.ValueString() != "custom_certificate" {
		return
	}
	var cert types.String
	if d := req.Config.GetAttribute(ctx, req.Path.ParentPath().AtName("custom_certificate"), &cert); d.HasError() || !cert.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Missing custom certificate",
		`Verification by "custom_certificate" uses a certificate of your own: set "ssl.custom_certificate" (PEM) with its key, or verify with "http" and let Konnect obtain one.`)
}
