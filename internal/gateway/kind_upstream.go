package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// UpstreamKind is a load-balancing upstream (…/core-entities/upstreams): a virtual
// hostname that services point at, balanced over its targets and health-checked.
// Konnect fills every healthcheck setting that configuration leaves out; those settings
// then follow Konnect.
var UpstreamKind = engine.EntityKind{
	TypeName:    "konnect_gateway_upstream",
	Description: "A gateway upstream in a Konnect control plane: a virtual hostname balanced over its targets (`konnect_gateway_target`), with active and passive health checks. Health-check settings left out of configuration take Konnect's defaults and follow Konnect.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("upstreams")},
	NameAttr:    "name",
	DataSource:  true,
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The upstream's hostname, unique in the control plane; services use it as their `host`.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "algorithm", Default: "round-robin", Type: engine.String, Description: "Load-balancing algorithm: `round-robin` (Konnect's default), `consistent-hashing`, `least-connections`, `latency` or `sticky-sessions`.",
			Validators: []engine.Validator{stringvalidator.OneOf("round-robin", "consistent-hashing", "least-connections", "latency", "sticky-sessions")}},
		{Name: "hash_on", Default: "none", Type: engine.String, Description: "What consistent hashing hashes on: `none` (Konnect's default), `consumer`, `ip`, `header`, `cookie`, `path`, `query_arg` or `uri_capture`. `header`, `cookie`, `query_arg` and `uri_capture` need the matching `hash_on_*` attribute.",
			Validators: []engine.Validator{stringvalidator.OneOf("none", "consumer", "ip", "header", "cookie", "path", "query_arg", "uri_capture"),
				engine.RequiresWhen(map[string]string{"header": "hash_on_header", "cookie": "hash_on_cookie", "query_arg": "hash_on_query_arg", "uri_capture": "hash_on_uri_capture"})}},
		{Name: "hash_fallback", Default: "none", Type: engine.String, Description: "What to hash on when `hash_on` yields nothing: `none` (Konnect's default), `consumer`, `ip`, `header`, `path`, `query_arg` or `uri_capture`. `header`, `query_arg` and `uri_capture` need the matching `hash_fallback_*` attribute.",
			Validators: []engine.Validator{stringvalidator.OneOf("none", "consumer", "ip", "header", "path", "query_arg", "uri_capture"),
				engine.RequiresWhen(map[string]string{"header": "hash_fallback_header", "query_arg": "hash_fallback_query_arg", "uri_capture": "hash_fallback_uri_capture"})}},
		{Name: "hash_on_header", Default: engine.DefaultNull, Type: engine.String, Description: "Header name to hash on when `hash_on = \"header\"`."},
		{Name: "hash_fallback_header", Default: engine.DefaultNull, Type: engine.String, Description: "Header name to hash on when `hash_fallback = \"header\"`."},
		{Name: "hash_on_cookie", Default: engine.DefaultNull, Type: engine.String, Description: "Cookie name to hash on when `hash_on = \"cookie\"`."},
		{Name: "hash_on_cookie_path", Default: "/", Type: engine.String, Description: "Path set on the hashing cookie. Konnect's default is `/`."},
		{Name: "hash_on_query_arg", Default: engine.DefaultNull, Type: engine.String, Description: "Query argument to hash on when `hash_on = \"query_arg\"`."},
		{Name: "hash_fallback_query_arg", Default: engine.DefaultNull, Type: engine.String, Description: "Query argument to hash on when `hash_fallback = \"query_arg\"`."},
		{Name: "hash_on_uri_capture", Default: engine.DefaultNull, Type: engine.String, Description: "Named URI capture to hash on when `hash_on = \"uri_capture\"`."},
		{Name: "hash_fallback_uri_capture", Default: engine.DefaultNull, Type: engine.String, Description: "Named URI capture to hash on when `hash_fallback = \"uri_capture\"`."},
		{Name: "sticky_sessions_cookie", Default: engine.DefaultNull, Type: engine.String, Description: "Cookie name used by the `sticky-sessions` algorithm."},
		{Name: "sticky_sessions_cookie_path", Default: "/", Type: engine.String, Description: "Path of the sticky-sessions cookie. Konnect's default is `/`."},
		{Name: "slots", Default: 10000, Type: engine.Int64, Description: "Slots in the load balancer ring (10 to 65536). Konnect's default is 10000.",
			Validators: []engine.Validator{int64validator.Between(10, 65536)}},
		{Name: "healthchecks", Type: upstreamHealthchecks, Description: "Active and passive health checking of the targets. Settings left out take Konnect's defaults."},
		{Name: "host_header", Default: engine.DefaultNull, Type: engine.String, Description: "Host header sent to the targets instead of the upstream's name."},
		{Name: "client_certificate", Default: engine.DefaultNull, Type: engine.RefID("Id of a `konnect_gateway_certificate`."), Description: "Client certificate presented to the targets for mTLS.",
			Validators: []engine.Validator{engine.RefIsUUID()}},
		{Name: "use_srv_name", Default: false, Type: engine.Bool, Description: "Use the SRV record's target name as the TLS SNI and Host header. Konnect's default is false."},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
	Dependents: []engine.Dependent{engine.TargetsOf},
}

// Health-check declarations, nested as Konnect nests them.

func healthcheckType() engine.Attr {
	return engine.Attr{Name: "type", Type: engine.String, Description: "Protocol of the check: `http` (Konnect's default), `https`, `tcp`, `grpc` or `grpcs`.",
		Validators: []engine.Validator{stringvalidator.OneOf("tcp", "http", "https", "grpc", "grpcs")}}
}

func httpStatuses(what string) engine.Attr {
	return engine.Attr{Name: "http_statuses", Type: engine.ListOf(engine.Int64), Description: "HTTP statuses that count as " + what + " (100 to 999).",
		Validators: []engine.Validator{listvalidator.ValueInt64sAre(int64validator.Between(100, 999))}}
}

func counter(name, what string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.Int64, Description: what + " (0 to 255; 0 disables).",
		Validators: []engine.Validator{int64validator.Between(0, 255)}}
}

var upstreamHealthchecks = engine.ObjectOf(
	engine.Attr{Name: "active", Description: "Active checks: the data plane probes the targets.",
		Type: engine.ObjectOf(
			healthcheckType(),
			engine.Attr{Name: "timeout", Type: engine.Float64, Description: "Seconds before a probe times out (0 to 65535). Konnect's default is 1.",
				Validators: []engine.Validator{float64validator.Between(0, 65535)}},
			engine.Attr{Name: "concurrency", Type: engine.Int64, Description: "Targets probed at once. Konnect's default is 10.",
				Validators: []engine.Validator{int64validator.Between(1, 2147483648)}},
			engine.Attr{Name: "http_path", Type: engine.String, Description: "Path probed by HTTP checks. Konnect's default is `/`.",
				Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
			engine.Attr{Name: "https_sni", Type: engine.String, Description: "SNI sent by HTTPS probes."},
			engine.Attr{Name: "https_verify_certificate", Type: engine.Bool, Description: "Verify the target's certificate in HTTPS probes. Konnect's default is true."},
			engine.Attr{Name: "headers", Type: engine.MapOf(engine.ListOf(engine.String)), Description: "Headers sent with HTTP probes: header name to values."},
			engine.Attr{Name: "healthy", Description: "When an unhealthy target becomes healthy again.",
				Type: engine.ObjectOf(
					engine.Attr{Name: "interval", Type: engine.Float64, Description: "Seconds between probes of healthy targets (0 to 65535; 0 disables).",
						Validators: []engine.Validator{float64validator.Between(0, 65535)}},
					httpStatuses("healthy"),
					counter("successes", "Successful probes that make a target healthy"),
				)},
			engine.Attr{Name: "unhealthy", Description: "When a healthy target becomes unhealthy.",
				Type: engine.ObjectOf(
					engine.Attr{Name: "interval", Type: engine.Float64, Description: "Seconds between probes of unhealthy targets (0 to 65535; 0 disables).",
						Validators: []engine.Validator{float64validator.Between(0, 65535)}},
					httpStatuses("unhealthy"),
					counter("tcp_failures", "TCP failures that make a target unhealthy"),
					counter("timeouts", "Probe timeouts that make a target unhealthy"),
					counter("http_failures", "HTTP failures that make a target unhealthy"),
				)},
		)},
	engine.Attr{Name: "passive", Description: "Passive checks (circuit breaker): the data plane watches proxied traffic.",
		Type: engine.ObjectOf(
			healthcheckType(),
			engine.Attr{Name: "healthy", Description: "When a target counts as healthy again.", Type: engine.ObjectOf(
				httpStatuses("healthy"),
				counter("successes", "Successful responses that make a target healthy"),
			)},
			engine.Attr{Name: "unhealthy", Description: "When a target counts as unhealthy.", Type: engine.ObjectOf(
				httpStatuses("unhealthy"),
				counter("tcp_failures", "TCP failures that make a target unhealthy"),
				counter("timeouts", "Timeouts that make a target unhealthy"),
				counter("http_failures", "HTTP failures that make a target unhealthy"),
			)},
		)},
	engine.Attr{Name: "threshold", Type: engine.Float64, Description: "Percentage of healthy target weight below which the upstream counts as unhealthy (0 to 100). Konnect's default is 0.",
		Validators: []engine.Validator{float64validator.Between(0, 100)}},
)
