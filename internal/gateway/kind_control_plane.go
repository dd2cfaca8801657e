package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// ControlPlaneKind is a Konnect gateway control plane (/v2/control-planes). Konnect
// creates it with POST and changes it with PATCH; cluster_type and cloud_gateway are fixed
// at creation, so changing them replaces the control plane.
var ControlPlaneKind = engine.EntityKind{
	TypeName: "konnect_gateway_control_plane",
	Description: "A Konnect gateway control plane. `cluster_type` and `cloud_gateway` cannot change in place: changing them replaces the control plane (and everything in it). " +
		"Konnect deletes every gateway entity in a control plane with it: deleting one that holds entities this configuration does not manage is refused under `conflict_policy = \"fail\"`, naming them with import blocks.",
	API:        engine.ControlPlaneAPI{},
	NameAttr:   "name",
	DataSource: true,
	Dependents: engine.ControlPlaneContents, // cascade.go: Konnect deletes every gateway entity in it with it
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The control plane's name, unique in the organization.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(2, 256)}},
		{Name: "description", Default: "", Type: engine.String, Description: "A description of the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthAtMost(2048)}},
		{Name: "cluster_type", Default: "CLUSTER_TYPE_CONTROL_PLANE", Type: engine.String, ForceNew: true, ReadFrom: "config.cluster_type",
			Description: "The kind of control plane. Konnect's default is `CLUSTER_TYPE_CONTROL_PLANE`.",
			Validators: []engine.Validator{stringvalidator.OneOf("CLUSTER_TYPE_CONTROL_PLANE", "CLUSTER_TYPE_K8S_INGRESS_CONTROLLER",
				"CLUSTER_TYPE_CONTROL_PLANE_GROUP", "CLUSTER_TYPE_SERVERLESS", "CLUSTER_TYPE_SERVERLESS_V1", "CLUSTER_TYPE_HYBRID")}},
		{Name: "auth_type", Default: "pinned_client_certs", Type: engine.String, ReadFrom: "config.auth_type",
			Description: "How data planes authenticate: `pinned_client_certs` (Konnect's default) or `pki_client_certs`.",
			Validators:  []engine.Validator{stringvalidator.OneOf("pinned_client_certs", "pki_client_certs")}},
		{Name: "cloud_gateway", Default: false, Type: engine.Bool, ForceNew: true, ReadFrom: "config.cloud_gateway",
			Description: "Whether this control plane backs Dedicated Cloud Gateways."},
		{Name: "proxy_urls", Default: []any{}, ReadFrom: "config.proxy_urls", Description: "Up to five URLs where the data planes proxy traffic.",
			Validators: []engine.Validator{listvalidator.SizeAtMost(5)},
			Type: engine.ListOf(engine.ObjectOf(
				engine.Attr{Name: "host", Type: engine.String, Mode: engine.Required, Description: "Host name."},
				engine.Attr{Name: "port", Type: engine.Int64, Mode: engine.Required, Description: "Port.",
					Validators: []engine.Validator{int64validator.Between(1, 65535)}},
				engine.Attr{Name: "protocol", Type: engine.String, Mode: engine.Required, Description: "Protocol, for example `https`.",
					Validators: []engine.Validator{stringvalidator.OneOf("http", "https", "grpc", "grpcs", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss")}},
			))},
		{Name: "labels", Default: map[string]any{}, Type: engine.MapOf(engine.String), Description: "Labels (at most 50). Keys are 1 to 63 characters and cannot start with `kong`, `konnect`, `mesh`, `kic` or `_`. To remove every label set `labels = {}`.",
			Validators: []engine.Validator{mapvalidator.SizeAtMost(50),
				mapvalidator.KeysAre(stringvalidator.LengthBetween(1, 63),
					engine.NoPrefix("kong", "konnect", "mesh", "kic", "_"))}},
		{Name: "config", Mode: engine.Computed, Description: "Endpoints that data planes connect to.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "control_plane_endpoint", Type: engine.String, Description: "Where data planes fetch configuration."},
				engine.Attr{Name: "telemetry_endpoint", Type: engine.String, Description: "Where data planes send telemetry."},
			)},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
