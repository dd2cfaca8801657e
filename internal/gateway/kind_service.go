package gateway

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// controlPlaneID is the path parameter every core entity lives under.
var controlPlaneID = engine.Attr{Name: "control_plane_id", Type: engine.String, Mode: engine.Required, Parent: true,
	Description: "The id of the control plane the object belongs to.",
	Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}}

func timeout(name, what string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.Int64, Default: 60000, Description: "Milliseconds to wait " + what + ". Konnect's default is 60000.",
		Validators: []engine.Validator{int64validator.Between(1, 2147483646)}}
}

// ServiceKind is a gateway service (…/core-entities/services): an upstream API that
// routes send traffic to.
var ServiceKind = engine.EntityKind{
	TypeName:    "konnect_gateway_service",
	Description: "A gateway service in a Konnect control plane: the upstream API that routes send traffic to.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("services")},
	NameAttr:    "name",
	DataSource:  true,
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Default: engine.DefaultNull, Type: engine.String, Description: "The service's name, unique in the control plane: letters, digits and `.`, `-`, `_`, `~`.",
			Validators: kongName()},
		{Name: "protocol", Default: "http", Type: engine.String, Description: "Protocol used to reach the upstream. Konnect's default is `http`.",
			Validators: []engine.Validator{stringvalidator.OneOf("grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss")}},
		{Name: "host", Type: engine.String, Mode: engine.Required, Description: "Host name or IP address of the upstream server, without a scheme, port or path.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 256), hostName()}},
		{Name: "port", Default: 80, Type: engine.Int64, Description: "Port of the upstream server. Konnect's default is 80.",
			Validators: []engine.Validator{int64validator.Between(0, 65535)}},
		{Name: "path", Default: engine.DefaultNull, Type: engine.String, Description: "Path used in requests to the upstream server; starts with `/`.",
			Validators: []engine.Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^/`), "must start with /")}},
		{Name: "retries", Default: 5, Type: engine.Int64, Description: "Retries on proxy failure. Konnect's default is 5.",
			Validators: []engine.Validator{int64validator.Between(0, 32767)}},
		timeout("connect_timeout", "for a connection to the upstream"),
		timeout("write_timeout", "between two write operations to the upstream"),
		timeout("read_timeout", "between two read operations from the upstream"),
		{Name: "enabled", Default: true, Type: engine.Bool, Description: "Whether the service is active. Konnect's default is true."},
		{Name: "tls_verify", Default: engine.DefaultNull, Type: engine.Bool, Description: "Whether to verify the upstream's TLS certificate (unset: the data plane's setting)."},
		{Name: "tls_verify_depth", Default: engine.DefaultNull, Type: engine.Int64, Description: "Maximum depth of the upstream certificate chain to verify.",
			Validators: []engine.Validator{int64validator.Between(0, 64)}},
		{Name: "ca_certificates", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Ids of CA certificates used to verify the upstream's certificate."},
		{Name: "client_certificate", Default: engine.DefaultNull, Type: engine.RefID("Id of the certificate presented to the upstream."), Description: "The client certificate presented to the upstream for mTLS."},
		{Name: "tls_sans", Default: engine.DefaultNull, Description: "Additional names the upstream's TLS certificate may carry besides `host`, checked when `tls_verify` is on.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "dnsnames", Type: engine.ListOf(engine.String), Description: "DNS names (`subjectAltName` DNS entries)."},
				engine.Attr{Name: "uris", Type: engine.ListOf(engine.String), Description: "URIs (`subjectAltName` URI entries)."})},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping."},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
	Dependents: []engine.Dependent{engine.PluginsOf, engine.RoutesOf, engine.ImplementationsOf},
}
