package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// TargetKind is one backend of an upstream (…/upstreams/{upstream}/targets). Konnect
// replaces a target in place with PUT, so every attribute, the address included, is
// updated in place. The target string is unique within its upstream.
var TargetKind = engine.EntityKind{
	TypeName:    "konnect_gateway_target",
	Description: "A target of a gateway upstream: one `host:port` that the upstream balances traffic over, with its weight. Konnect updates targets in place; only moving a target to another upstream or control plane replaces it.",
	API: engine.CoreEntityAPI{Collection: func(p map[string]string) string {
		return konnect.CoreEntitiesPath(p["control_plane_id"], "upstreams", p["upstream_id"], "targets")
	}},
	NameAttr: "target",
	Attrs: []engine.Attr{
		controlPlaneID,
		engine.ParentID("upstream_id", "The id of the upstream the target belongs to."),
		{Name: "target", Type: engine.String, Mode: engine.Required, Description: "The target's address, `host:port` or `[ipv6]:port`, unique within the upstream. The port is required here (Konnect would otherwise append 8000).",
			Validators: []engine.Validator{engine.HostPort()}},
		{Name: "weight", Default: 100, Type: engine.Int64, Description: "Share of traffic (0 to 65535; 0 takes the target out of rotation). Konnect's default is 100.",
			Validators: []engine.Validator{int64validator.Between(0, 65535)}},
		{Name: "failover", Default: false, Type: engine.Bool, Description: "Use this target only when the others are unhealthy. Konnect's default is false."},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.TargetTimestamps[0], engine.TargetTimestamps[1],
	},
}
