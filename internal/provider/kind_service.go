package provider

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// controlPlaneID is the path parameter every core entity lives under.
var controlPlaneID = Attr{Name: "control_plane_id", Type: String, Mode: Required, Parent: true,
	Description: "The id of the control plane the object belongs to.",
	Validators:  []Validator{stringvalidator.RegexMatches(uuidRE, "must be a UUID")}}

func timeout(name, what string) Attr {
	return Attr{Name: name, Type: Int64, Default: 60000, Description: "Milliseconds to wait " + what + ". Konnect's default is 60000.",
		Validators: []Validator{int64validator.Between(1, 2147483646)}}
}

// ServiceKind is a gateway service (…/core-entities/services): an upstream API that
// routes send traffic to.
var ServiceKind = EntityKind{
	TypeName:    "konnect_gateway_service",
	Description: "A gateway service in a Konnect control plane: the upstream API that routes send traffic to.",
	API:         coreEntityAPI{Collection: inControlPlane("services")},
	NameAttr:    "name",
	DataSource:  true,
	Attrs: []Attr{
		controlPlaneID,
		{Name: "name", Default: DefaultNull, Type: String, Description: "The service's name, unique in the control plane: letters, digits and `.`, `-`, `_`, `~`.",
			Validators: kongName()},
		{Name: "protocol", Default: "http", Type: String, Description: "Protocol used to reach the upstream. Konnect's default is `http`.",
			Validators: []Validator{stringvalidator.OneOf("grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss")}},
		{Name: "host", Type: String, Mode: Required, Description: "Host name or IP address of the upstream server, without a scheme, port or path.",
			Validators: []Validator{stringvalidator.LengthBetween(1, 256), hostName()}},
		{Name: "port", Default: 80, Type: Int64, Description: "Port of the upstream server. Konnect's default is 80.",
			Validators: []Validator{int64validator.Between(0, 65535)}},
		{Name: "path", Default: DefaultNull, Type: String, Description: "Path used in requests to the upstream server; starts with `/`.",
			Validators: []Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^/`), "must start with /")}},
		{Name: "retries", Default: 5, Type: Int64, Description: "Retries on proxy failure. Konnect's default is 5.",
			Validators: []Validator{int64validator.Between(0, 32767)}},
		timeout("connect_timeout", "for a connection to the upstream"),
		timeout("write_timeout", "between two write operations to the upstream"),
		timeout("read_timeout", "between two read operations from the upstream"),
		{Name: "enabled", Default: true, Type: Bool, Description: "Whether the service is active. Konnect's default is true."},
		{Name: "tls_verify", Default: DefaultNull, Type: Bool, Description: "Whether to verify the upstream's TLS certificate (unset: the data plane's setting)."},
		{Name: "tls_verify_depth", Default: DefaultNull, Type: Int64, Description: "Maximum depth of the upstream certificate chain to verify.",
			Validators: []Validator{int64validator.Between(0, 64)}},
		{Name: "ca_certificates", Default: DefaultNull, Type: SetOf(String), Description: "Ids of CA certificates used to verify the upstream's certificate."},
		{Name: "client_certificate", Default: DefaultNull, Type: RefID("Id of the certificate presented to the upstream."), Description: "The client certificate presented to the upstream for mTLS."},
		{Name: "tls_sans", Default: DefaultNull, Description: "Additional names the upstream's TLS certificate may carry besides `host`, checked when `tls_verify` is on.",
			Type: ObjectOf(
				Attr{Name: "dnsnames", Type: ListOf(String), Description: "DNS names (`subjectAltName` DNS entries)."},
				Attr{Name: "uris", Type: ListOf(String), Description: "URIs (`subjectAltName` URI entries)."})},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping."},
		coreTimestamps[0], coreTimestamps[1],
	},
	Dependents: []Dependent{pluginsOf, routesOf},
}
