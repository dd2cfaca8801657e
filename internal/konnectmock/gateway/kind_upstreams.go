package gateway

import (
	"net"
	"strconv"
	"strings"
)

var hashOn = []string{"none", "consumer", "ip", "header", "cookie", "path", "query_arg", "uri_capture"}

func healthcheckFields() []*field {
	rec := func(name string, fs ...*field) *field { return fld(name, tRecord, autoRecord(), sub(fs...)) }
	statuses := func(codes ...int) *field {
		return fld("http_statuses", tInts, def(codes), between(100, 999))
	}
	counter := func(name string) *field { return fld(name, tInt, def(0), between(0, 255)) }
	interval := fld("interval", tNumber, def(0), between(0, 65535))
	types := enum("tcp", "http", "https", "grpc", "grpcs")
	return []*field{
		rec("active",
			fld("type", tString, def("http"), types),
			fld("timeout", tNumber, def(1), between(0, 65535)),
			fld("concurrency", tInt, def(10), between(1, 2147483648)),
			fld("http_path", tString, def("/")),
			fld("https_sni", tString),
			fld("https_verify_certificate", tBool, def(true)),
			fld("headers", tHeaders),
			rec("healthy", interval, statuses(200, 302), counter("successes")),
			rec("unhealthy", interval, statuses(429, 404, 500, 501, 502, 503, 504, 505),
				counter("tcp_failures"), counter("timeouts"), counter("http_failures")),
		),
		rec("passive",
			fld("type", tString, def("http"), types),
			rec("healthy", statuses(200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 306, 307, 308), counter("successes")),
			rec("unhealthy", statuses(429, 500, 503), counter("tcp_failures"), counter("timeouts"), counter("http_failures")),
		),
		fld("threshold", tNumber, def(0), between(0, 100)),
	}
}

func init() {
	register(&kind{
		name:        "upstreams",
		singular:    "upstream",
		nameField:   "name",
		filterField: "name",
		fields: []*field{
			fld("name", tString, required(), unique(), nonEmpty()),
			fld("algorithm", tString, def("round-robin"), enum("consistent-hashing", "least-connections", "round-robin", "latency", "sticky-sessions")),
			fld("hash_on", tString, def("none"), enum(hashOn...)),
			fld("hash_fallback", tString, def("none"), enum("none", "consumer", "ip", "header", "path", "query_arg", "uri_capture")),
			fld("hash_on_header", tString), fld("hash_fallback_header", tString),
			fld("hash_on_cookie", tString), fld("hash_on_cookie_path", tString, def("/")),
			fld("hash_on_query_arg", tString), fld("hash_fallback_query_arg", tString),
			fld("hash_on_uri_capture", tString), fld("hash_fallback_uri_capture", tString),
			fld("sticky_sessions_cookie", tString), fld("sticky_sessions_cookie_path", tString, def("/")),
			fld("slots", tInt, def(10000), between(10, 65536)),
			fld("healthchecks", tRecord, autoRecord(), sub(healthcheckFields()...)),
			fld("host_header", tString),
			fld("client_certificate", tForeign, refTo("certificates")),
			fld("use_srv_name", tBool, def(false)),
			tagsField(),
		},
		finish: func(b *build) {
			need := map[string]string{"header": "hash_on_header", "cookie": "hash_on_cookie", "query_arg": "hash_on_query_arg", "uri_capture": "hash_on_uri_capture"}
			on, _ := b.obj["hash_on"].(string) // both have defaults: the validator has made them strings
			fallback, _ := b.obj["hash_fallback"].(string)
			if f := need[on]; f != "" && emptyish(b.obj[f]) {
				b.failEntity("failed conditional validation given value of field 'hash_on'")
			}
			fb := map[string]string{"header": "hash_fallback_header", "query_arg": "hash_fallback_query_arg", "uri_capture": "hash_fallback_uri_capture"}
			if f := fb[fallback]; f != "" && emptyish(b.obj[f]) {
				b.failEntity("failed conditional validation given value of field 'hash_fallback'")
			}
		},
	})
	register(&kind{
		name:         "targets",
		singular:     "target",
		nameField:    "target", // unique only within its upstream
		parents:      map[string]string{"upstreams": "upstream"},
		fractionalTS: true,
		fields: []*field{
			fld("target", tString, required(), checkString(hostPort)),
			fld("weight", tInt, def(100), between(0, 65535)),
			fld("failover", tBool, def(false)),
			fld("upstream", tForeign, required(), refCascade("upstreams")),
			tagsField(),
		},
		prepare: func(in map[string]any) []errDetail {
			// Kong appends the default port 8000 to a bare host
			if s, ok := in["target"].(string); ok && s != "" {
				if _, _, err := net.SplitHostPort(s); err != nil {
					if strings.HasPrefix(s, "[") || !strings.Contains(s, ":") || net.ParseIP(s) != nil {
						in["target"] = net.JoinHostPort(strings.Trim(s, "[]"), "8000")
					}
				}
			}
			return nil
		},
		composite: func(obj map[string]any) (string, string) {
			t, _ := obj["target"].(string)
			return refID(obj["upstream"]) + "|" + t, "target"
		},
	})
}

func hostPort(target string) string {
	host, port, err := net.SplitHostPort(target)
	if err != nil || host == "" {
		return "Invalid target ('" + target + "'); not a valid hostname or ip address"
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return "Invalid target ('" + target + "'); not a valid port number"
	}
	return ""
}
