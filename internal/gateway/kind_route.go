package gateway

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// routeMatchers are the attributes of traditional routes; an expression route uses
// `expression` (and `priority`) instead.
var routeMatchers = []string{"methods", "hosts", "paths", "headers", "snis", "sources", "destinations"}

// routeEndpoint is one entry of sources or destinations. Konnect accepts an ip or a port
// alone; here both are required, because the engine cannot yet send an object with an
// attribute left unset inside a list (it would be unknown at plan time).
func routeEndpoint(name, what string) engine.Attr {
	return engine.Attr{Name: name, Default: engine.DefaultNull, Description: "Traditional routes for tcp, tls and udp: " + what + " that the route matches, each with both `ip` and `port`.",
		Validators: []engine.Validator{listvalidator.SizeAtLeast(1)},
		Type: engine.ListOf(engine.ObjectOf(
			engine.Attr{Name: "ip", Type: engine.String, Mode: engine.Required, Description: "IP address or CIDR range, for example `10.0.0.0/8`.",
				Validators: []engine.Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^[0-9A-Fa-f:.]+(/[0-9]{1,3})?$`), "must be an IP address or a CIDR range")}},
			engine.Attr{Name: "port", Type: engine.Int64, Mode: engine.Required, Description: "Port, 0 to 65535.", Validators: []engine.Validator{int64validator.Between(0, 65535)}},
		))}
}

// RouteKind is a gateway route (…/core-entities/routes): the rules that match incoming
// requests and send them to a service. A route is either traditional (protocols, methods,
// hosts, paths, headers, snis, sources, destinations) or an expression route
// (`expression` and `priority`); Konnect refuses a mix, and so does the plan.
var RouteKind = engine.EntityKind{
	TypeName: "konnect_gateway_route",
	Description: "A gateway route in a Konnect control plane: rules that match requests and send them to a service. " +
		"Traditional routes match on `methods`, `hosts`, `paths`, `headers`, `snis`, `sources` and `destinations`; " +
		"expression routes use `expression` and `priority` instead. To switch a route from one style to the other, " +
		"declare a new route: an attribute that configuration stops setting keeps the value Konnect holds.",
	API:        engine.CoreEntityAPI{Collection: engine.InControlPlane("routes")},
	NameAttr:   "name",
	DataSource: true,
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Default: engine.DefaultNull, Type: engine.String, Description: "The route's name, unique in the control plane: letters, digits and `.`, `-`, `_`, `~`.",
			Validators: kongName()},
		{Name: "service", Type: engine.RefID("Id of the `konnect_gateway_service`."), Description: "The service this route sends traffic to.",
			Validators: []engine.Validator{engine.RefIsUUID()}},
		{Name: "protocols", Default: []any{"http", "https"}, Type: engine.SetOf(engine.String), Description: "Protocols the route accepts. Konnect's default is `[\"http\", \"https\"]`.",
			Validators: []engine.Validator{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(
				stringvalidator.OneOf("grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"))}},
		{Name: "methods", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Traditional routes: HTTP methods that match, in upper case (`GET`, `POST`, …).",
			Validators: []engine.Validator{setvalidator.ValueStringsAre(
				stringvalidator.RegexMatches(regexp.MustCompile(`^[A-Z]+$`), "must be an HTTP method in upper case"))}},
		{Name: "hosts", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Traditional routes: host names that match; a leading or trailing `*` is a wildcard.",
			Validators: []engine.Validator{setvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))}},
		{Name: "paths", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Traditional routes: path prefixes that match (`/…`), or regular expressions (`~/…`).",
			Validators: []engine.Validator{setvalidator.ValueStringsAre(
				stringvalidator.RegexMatches(regexp.MustCompile(`^~?/`), "must start with / (a prefix) or ~/ (a regular expression)"))}},
		{Name: "headers", Default: engine.DefaultNull, Type: engine.MapOf(engine.ListOf(engine.String)), Description: "Traditional routes: request headers that match, each with the values accepted.",
			Validators: []engine.Validator{mapvalidator.ValueListsAre(listvalidator.SizeAtLeast(1))}},
		{Name: "snis", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Traditional routes: server names (TLS SNI) that match.",
			Validators: []engine.Validator{setvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))}},
		routeEndpoint("sources", "client addresses"),
		routeEndpoint("destinations", "target addresses"),
		{Name: "regex_priority", Default: 0, Type: engine.Int64, Description: "Traditional routes: order in which regex paths are evaluated, highest first. Konnect's default is 0.",
			Validators: []engine.Validator{engine.ConflictsWithRoot("expression")}},
		{Name: "expression", Type: engine.String, Description: "Expression routes: the matching expression, for example `http.path ^= \"/orders\"`. Cannot be combined with the traditional matching attributes.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1),
				engine.ConflictsWithRoot(routeMatchers...),
				engine.AtLeastOneOfRoot(routeMatchers...)}},
		{Name: "priority", Default: 0, Type: engine.Int64, Description: "Expression routes: order in which expressions are evaluated, highest first. Konnect's default is 0.",
			Validators: []engine.Validator{int64validator.Between(0, 70368744177663), int64validator.AlsoRequires(path.MatchRoot("expression"))}},
		{Name: "https_redirect_status_code", Default: 426, Type: engine.Int64, Description: "Status code of the redirect when a route accepts only https and a request comes over http: 301, 302, 307, 308 or 426 (Konnect's default).",
			Validators: []engine.Validator{int64validator.OneOf(301, 302, 307, 308, 426)}},
		{Name: "strip_path", Default: true, Type: engine.Bool, Description: "Whether the matching path prefix is removed from the upstream request. Konnect's default is true."},
		{Name: "path_handling", Default: "v0", Type: engine.String, Description: "How the service path and the request path are joined: `v0` (Konnect's default) or `v1`.",
			Validators: []engine.Validator{stringvalidator.OneOf("v0", "v1")}},
		{Name: "preserve_host", Default: false, Type: engine.Bool, Description: "Whether the request's Host header is sent upstream unchanged. Konnect's default is false."},
		{Name: "request_buffering", Default: true, Type: engine.Bool, Description: "Whether request bodies are buffered. Konnect's default is true."},
		{Name: "response_buffering", Default: true, Type: engine.Bool, Description: "Whether response bodies are buffered. Konnect's default is true."},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
	Dependents: []engine.Dependent{engine.PluginsOf},
}
