package gateway

import (
	"strings"
)

// pluginSchema declares a plugin's config: its fields and defaults, whether
// undeclared config keys are kept (open), and cross-field rules.
type pluginSchema struct {
	fields     []*field
	open       bool
	noConsumer bool // Kong refuses consumer-scoped instances of authentication plugins
	check      func(cfg map[string]any) []string
	// the partial types the plugin can link to, each with the config paths it fills
	// (Kong's `supported_partials`); clients read the default path from it
	partials map[string][]string
}

var pluginProtocols = []string{"grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"}

func init() {
	order := []*field{fld("access", tStrings)}
	register(&kind{
		name:        "plugins",
		singular:    "plugin",
		nameField:   "instance_name",
		filterField: "name",
		parents: map[string]string{
			"services": "service", "routes": "route", "consumers": "consumer", "consumer_groups": "consumer_group",
		},
		fields: []*field{
			fld("name", tString, required()),
			fld("instance_name", tString, unique()),
			fld("config", tObject),
			fld("enabled", tBool, def(true)),
			fld("protocols", tStrings, def([]string{"grpc", "grpcs", "http", "https"}), enum(pluginProtocols...), nonEmpty()),
			fld("service", tForeign, refCascade("services")),
			fld("route", tForeign, refCascade("routes")),
			fld("consumer", tForeign, refCascade("consumers")),
			fld("consumer_group", tForeign, refCascade("consumer_groups")),
			fld("ordering", tRecord, sub(fld("before", tRecord, sub(order...)), fld("after", tRecord, sub(order...)))),
			// an expression; the plugin runs only when it is true
			fld("condition", tString, maxLength(1024)),
			// links to shared partials; name and path are filled from the partial
			fld("partials", tRecords, sub(fld("id", tString), fld("name", tString), fld("path", tString))),
			tagsField(),
		},
		// one plugin of a given name per scope
		composite: func(obj map[string]any) (string, string) {
			name, _ := obj["name"].(string)
			return strings.Join([]string{name, refID(obj["service"]), refID(obj["route"]), refID(obj["consumer"]), refID(obj["consumer_group"])}, "|"), "name"
		},
		finish: finishPlugin,
	})
}

func finishPlugin(b *build) {
	name, _ := b.obj["name"].(string) // required: the validator has made it a string
	finishPartialLinks(b)
	sch, known := pluginSchemas[name]
	if !known {
		sch, known = b.cs.customPluginSchema(name)
	}
	if !known {
		b.fail("name", "plugin '"+name+"' not enabled; add it to the 'plugins' configuration property")
		return
	}
	if sch.noConsumer && b.obj["consumer"] != nil {
		b.fail("consumer", "value must be null")
	}
	cfg, _ := b.obj["config"].(map[string]any)
	if cfg == nil {
		cfg = map[string]any{}
	}
	v := &validator{}
	out := v.record(sch.fields, cfg, "config.", sch.open, nil)
	if len(v.missing) > 0 {
		v.errs = append(v.errs, missingErr(v.missing))
	}
	if len(v.errs) == 0 && sch.check != nil {
		// Kong checks the plugin with its partials' configs in place: a linked Redis
		// partial is what satisfies `policy: redis`
		for _, msg := range sch.check(withPartials(b.cs, out, partialLinks(b.obj))) {
			v.errs = append(v.errs, entityErr(msg))
		}
	}
	b.v.errs = append(b.v.errs, v.errs...)
	b.obj["config"] = out
}

// atLeastOne renders Kong's entity check message for an "at least one of" rule.
func atLeastOne(cfg map[string]any, names ...string) []string {
	if hasAny(cfg, names...) {
		return nil
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'config." + n + "'"
	}
	return []string{"at least one of these fields must be non-empty: " + strings.Join(q, ", ")}
}

var pluginSchemas = map[string]*pluginSchema{}

func init() {
	redis := []*field{
		fld("host", tString), fld("port", tInt, def(6379), between(0, 65535)),
		fld("username", tString, referenceable()), fld("password", tString, encrypted(), referenceable()), fld("database", tInt, def(0)),
		fld("timeout", tInt, def(2000)), fld("connect_timeout", tInt, def(2000)),
		fld("send_timeout", tInt, def(2000)), fld("read_timeout", tInt, def(2000)),
		fld("ssl", tBool, def(false)), fld("ssl_verify", tBool, def(false)), fld("server_name", tString),
	}
	positive := checkNumber(func(x float64) string {
		if x <= 0 {
			return "value must be greater than 0"
		}
		return ""
	})
	pluginSchemas["rate-limiting"] = &pluginSchema{
		partials: map[string][]string{"redis-ce": {"config.redis"}},
		fields: []*field{
			fld("second", tNumber, positive), fld("minute", tNumber, positive), fld("hour", tNumber, positive),
			fld("day", tNumber, positive), fld("month", tNumber, positive), fld("year", tNumber, positive),
			fld("limit_by", tString, def("consumer"), enum("consumer", "credential", "ip", "service", "header", "path", "consumer-group")),
			fld("header_name", tString), fld("path", tString),
			fld("policy", tString, def("local"), enum("local", "cluster", "redis")),
			fld("fault_tolerant", tBool, def(true)),
			fld("hide_client_headers", tBool, def(false)),
			fld("redis", tRecord, autoRecord(), sub(redis...)),
			fld("error_code", tNumber, def(429)),
			fld("error_message", tString, def("API rate limit exceeded")),
			fld("sync_rate", tNumber, def(-1)),
		},
		check: func(cfg map[string]any) []string {
			if msgs := atLeastOne(cfg, "second", "minute", "hour", "day", "month", "year"); msgs != nil {
				return msgs
			}
			if cfg["policy"] == "redis" {
				if r, _ := cfg["redis"].(map[string]any); r == nil || emptyish(r["host"]) {
					return []string{"failed conditional validation given value of field 'config.policy'"}
				}
			}
			return nil
		},
	}
	pluginSchemas["key-auth"] = &pluginSchema{
		noConsumer: true,
		fields: []*field{
			fld("key_names", tStrings, def([]string{"apikey"}), nonEmpty()),
			fld("hide_credentials", tBool, def(false)),
			fld("anonymous", tString),
			fld("key_in_header", tBool, def(true)),
			fld("key_in_query", tBool, def(true)),
			fld("key_in_body", tBool, def(false)),
			fld("run_on_preflight", tBool, def(true)),
			fld("realm", tString),
		},
	}
	pluginSchemas["cors"] = &pluginSchema{
		noConsumer: true,
		fields: []*field{
			fld("origins", tStrings), fld("headers", tStrings), fld("exposed_headers", tStrings),
			fld("methods", tStrings, def([]string{"GET", "HEAD", "PUT", "PATCH", "POST", "DELETE", "OPTIONS", "TRACE", "CONNECT"}),
				enum("GET", "HEAD", "PUT", "PATCH", "POST", "DELETE", "OPTIONS", "TRACE", "CONNECT")),
			fld("max_age", tNumber),
			fld("credentials", tBool, def(false)),
			fld("private_network", tBool, def(false)),
			fld("preflight_continue", tBool, def(false)),
			fld("allow_origin_absent", tBool, def(true)),
		},
	}
	empty := def([]string{})
	strs := func(names ...string) []*field {
		fs := make([]*field, len(names))
		for i, n := range names {
			fs[i] = fld(n, tStrings, empty)
		}
		return fs
	}
	rec := func(name string, fs ...*field) *field { return fld(name, tRecord, autoRecord(), sub(fs...)) }
	pluginSchemas["request-transformer"] = &pluginSchema{
		fields: []*field{
			fld("http_method", tString),
			rec("remove", strs("body", "headers", "querystring")...),
			rec("rename", strs("body", "headers", "querystring")...),
			rec("replace", append(strs("body", "headers", "querystring"), fld("uri", tString))...),
			rec("add", strs("body", "headers", "querystring")...),
			rec("append", strs("body", "headers", "querystring")...),
		},
	}
	jsonTypes := func() *field { return fld("json_types", tStrings, empty, enum("boolean", "number", "string")) }
	pluginSchemas["response-transformer"] = &pluginSchema{
		fields: []*field{
			rec("remove", strs("headers", "json")...),
			rec("rename", strs("headers", "json")...),
			rec("replace", append(strs("headers", "json"), jsonTypes())...),
			rec("add", append(strs("headers", "json"), jsonTypes())...),
			rec("append", append(strs("headers", "json"), jsonTypes())...),
		},
	}
	pluginSchemas["acl"] = &pluginSchema{
		noConsumer: true,
		fields: []*field{
			fld("allow", tStrings), fld("deny", tStrings),
			fld("hide_groups_header", tBool, def(false)),
			fld("include_consumer_groups", tBool, def(false)),
			fld("always_use_authenticated_groups", tBool, def(false)),
		},
		check: func(cfg map[string]any) []string {
			if hasAny(cfg, "allow") && hasAny(cfg, "deny") {
				return []string{"only one of these fields must be non-empty: 'config.allow', 'config.deny'"}
			}
			return atLeastOne(cfg, "allow", "deny")
		},
	}
	pluginSchemas["jwt"] = &pluginSchema{
		noConsumer: true,
		fields: []*field{
			fld("uri_param_names", tStrings, def([]string{"jwt"})),
			fld("cookie_names", tStrings, empty),
			fld("header_names", tStrings, def([]string{"authorization"})),
			fld("claims_to_verify", tStrings, enum("exp", "nbf")),
			fld("key_claim_name", tString, def("iss")),
			fld("secret_is_base64", tBool, def(false)),
			fld("anonymous", tString),
			fld("run_on_preflight", tBool, def(true)),
			fld("maximum_expiration", tNumber, def(0), between(0, 31536000)),
			fld("realm", tString),
		},
	}
	pluginSchemas["openid-connect"] = &pluginSchema{
		noConsumer: true,
		open:       true, // hundreds of settings: the common ones get defaults, the rest are kept as given
		fields: []*field{
			fld("issuer", tString, required()),
			fld("client_id", tStrings, encrypted(), itemsReferenceable()), fld("client_secret", tStrings, encrypted(), itemsReferenceable()),
			fld("auth_methods", tStrings, def([]string{"password", "client_credentials", "authorization_code", "bearer", "introspection", "userinfo", "kong_oauth2", "refresh_token", "session"})),
			fld("scopes", tStrings, def([]string{"openid"}), itemsReferenceable()),
			fld("scopes_required", tStrings),
			fld("audience_required", tStrings),
			fld("redirect_uri", tStrings),
			fld("login_action", tString, def("upstream"), enum("upstream", "response", "redirect")),
			fld("logout_methods", tStrings, def([]string{"POST", "DELETE"})),
			fld("verify_parameters", tBool, def(false)),
			fld("verify_signature", tBool, def(true)),
			fld("verify_claims", tBool, def(true)),
			fld("leeway", tNumber, def(0)),
			fld("consumer_claim", tStrings),
			fld("consumer_optional", tBool, def(false)),
			fld("anonymous", tString),
			fld("cache_ttl", tNumber, def(3600)),
			fld("hide_credentials", tBool, def(false)),
			fld("run_on_preflight", tBool, def(true)),
		},
	}
	pluginSchemas["correlation-id"] = &pluginSchema{
		fields: []*field{
			fld("header_name", tString, def("Kong-Request-ID")),
			fld("generator", tString, def("uuid#counter"), enum("uuid", "uuid#counter", "tracker")),
			fld("echo_downstream", tBool, def(false)),
		},
	}
	pluginSchemas["http-log"] = &pluginSchema{
		fields: []*field{
			fld("http_endpoint", tString, required(), checkString(httpURL), encrypted(), referenceable()),
			fld("method", tString, def("POST"), enum("POST", "PUT", "PATCH")),
			fld("content_type", tString, def("application/json"), enum("application/json", "application/json; charset=utf-8")),
			fld("timeout", tNumber, def(10000)),
			fld("keepalive", tNumber, def(60000)),
			fld("retry_count", tInt), fld("queue_size", tInt), fld("flush_timeout", tNumber),
			fld("headers", tStringMap, itemsReferenceable()),
			fld("custom_fields_by_lua", tStringMap),
			rec("queue",
				fld("max_batch_size", tInt, def(1), between(1, 1000000)),
				fld("max_coalescing_delay", tNumber, def(1), between(0, 3600)),
				fld("max_entries", tInt, def(10000), between(1, 1000000)),
				fld("max_bytes", tInt),
				fld("max_retry_time", tNumber, def(60)),
				fld("initial_retry_delay", tNumber, def(0.01), between(0.001, 1000000)),
				fld("max_retry_delay", tNumber, def(60), between(0.001, 1000000)),
				fld("concurrency_limit", tInt, def(1), checkInt(oneOfInts(-1, 1))),
			),
		},
	}
	pluginSchemas["basic-auth"] = &pluginSchema{
		noConsumer: true,
		fields: []*field{
			fld("anonymous", tString),
			fld("hide_credentials", tBool, def(false)),
			fld("realm", tString, def("service")),
		},
	}
	// Other bundled plugins are accepted with their config kept as given.
	for _, name := range []string{
		"hmac-auth", "oauth2", "ldap-auth", "mtls-auth", "key-auth-enc", "session", "ip-restriction",
		"bot-detection", "request-size-limiting", "request-termination", "response-ratelimiting",
		"rate-limiting-advanced", "proxy-cache", "proxy-cache-advanced", "file-log", "tcp-log", "udp-log",
		"syslog", "loggly", "datadog", "prometheus", "statsd", "zipkin", "opentelemetry", "aws-lambda",
		"azure-functions", "pre-function", "post-function", "acme", "grpc-gateway", "grpc-web",
		"request-validator", "canary", "degraphql", "exit-transformer", "redirect", "ai-proxy",
		"request-transformer-advanced", "response-transformer-advanced", "route-by-header",
	} {
		pluginSchemas[name] = &pluginSchema{open: true}
	}
	// Kong links rate-limiting-advanced to a redis-ee partial at config.redis
	pluginSchemas["rate-limiting-advanced"].partials = map[string][]string{"redis-ee": {"config.redis"}}
}

func httpURL(s string) string {
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return "missing host in url"
	}
	return ""
}
