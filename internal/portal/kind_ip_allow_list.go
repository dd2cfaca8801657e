package portal

import (
	"context"
	"net/netip"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// IPAllowListKind is an entry of a portal's IP allow list (/v3/portals/{portalId}/ip-allow-list):
// a set of addresses and CIDR ranges allowed to reach the portal while the portal has
// `sipr_enabled`. Konnect keeps no timestamps for it; its revision is a digest of the entry.
var IPAllowListKind = engine.EntityKind{
	TypeName: "konnect_portal_ip_allow_list",
	Description: "An entry of a Dev Portal's IP allow list: the addresses and CIDR ranges that may reach the portal. " +
		"Konnect enforces the list only while the portal has `sipr_enabled = true`. " +
		"An update sends Konnect only `allowed_ips` (PATCH), the entry's one field. A change made in Konnect is a conflict like any other.",
	API: engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: engine.V3Path("portals", "{portal_id}", "ip-allow-list"), Listed: true}},
	Attrs: []engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "allowed_ips", Type: engine.ListOf(engine.String), Mode: engine.Required,
			Description: "The IP addresses and CIDR ranges allowed (IPv4 or IPv6), 1 to 25, each once.",
			Validators: []engine.Validator{listvalidator.SizeBetween(1, 25), listvalidator.UniqueValues(),
				listvalidator.ValueStringsAre(ipOrCIDR{})}},
	},
}

// ipOrCIDR refuses a value that is neither an IP address nor a CIDR range, at plan time.
type ipOrCIDR struct{}

func (ipOrCIDR) Description(context.Context) string {
	return "an IP address or a CIDR range"
}

func (v ipOrCIDR) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (ipOrCIDR) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	if _, err := netip.ParseAddr(s); err == nil {
		return
	}
	if _, err := netip.ParsePrefix(s); err == nil {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid IP address or CIDR range",
		"Konnect takes an IP address (192.0.2.10, 2001:db8::1) or a CIDR range (192.0.2.0/24); got "+req.ConfigValue.String()+".")
}
