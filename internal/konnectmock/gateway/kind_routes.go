package gateway

import (
	"slices"
	"strings"
)

var routeProtocols = []string{"grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"}

func init() {
	trad := variant("traditional")
	expr := variant("expression")
	endpoint := []*field{
		fld("ip", tString),
		fld("port", tInt, between(0, 65535)),
	}
	register(&kind{
		name:        "routes",
		singular:    "route",
		nameField:   "name",
		filterField: "name",
		parents:     map[string]string{"services": "service"},
		fields: []*field{
			fld("name", tString, unique(), nonEmpty(), checkString(kongName)),
			fld("protocols", tStrings, def([]string{"http", "https"}), enum(routeProtocols...), nonEmpty()),
			fld("methods", tStrings, trad),
			fld("hosts", tStrings, trad),
			fld("paths", tStrings, trad, checkStrings(routePaths)),
			fld("headers", tHeaders, trad),
			fld("snis", tStrings, trad),
			fld("sources", tRecords, trad, sub(endpoint...)),
			fld("destinations", tRecords, trad, sub(endpoint...)),
			fld("regex_priority", tInt, trad, def(0)),
			fld("expression", tString, expr, nonEmpty()),
			fld("priority", tInt, expr, def(0), between(0, 70368744177663)),
			fld("https_redirect_status_code", tInt, def(426), checkInt(oneOfInts(301, 302, 307, 308, 426))),
			fld("strip_path", tBool, def(true)),
			fld("path_handling", tString, def("v0"), enum("v0", "v1")),
			fld("preserve_host", tBool, def(false)),
			fld("request_buffering", tBool, def(true)),
			fld("response_buffering", tBool, def(true)),
			fld("service", tForeign, refTo("services")),
			tagsField(),
		},
		variantOf: func(in map[string]any) string {
			if in["expression"] != nil {
				return "expression"
			}
			return "traditional"
		},
		finish: func(b *build) {
			if b.v.variant == "expression" {
				return
			}
			protos, _ := b.obj["protocols"].([]any)
			httpish := false
			for _, p := range protos {
				if s, _ := p.(string); slices.Contains([]string{"http", "https", "grpc", "grpcs", "ws", "wss"}, s) {
					httpish = true
				}
			}
			switch {
			case httpish && !hasAny(b.obj, "methods", "hosts", "headers", "paths", "snis"):
				b.failEntity("must set one of 'methods', 'hosts', 'headers', 'paths', 'snis' when 'protocols' is 'http' or 'https'")
			case !httpish && len(protos) > 0 && !hasAny(b.obj, "sources", "destinations", "snis"):
				b.failEntity("must set one of 'sources', 'destinations', 'snis' when 'protocols' is 'tcp', 'tls' or 'udp'")
			}
		},
	})
}

func routePaths(paths []string) string {
	for _, s := range paths {
		if !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "~/") {
			return "should start with: / (fixed path) or ~/ (regex path)"
		}
	}
	return ""
}

func oneOfInts(vals ...int64) func(int64) string {
	return func(n int64) string {
		if slices.Contains(vals, n) {
			return ""
		}
		parts := make([]string, len(vals))
		for i, x := range vals {
			parts[i] = itoa(x)
		}
		return "value must be one of " + strings.Join(parts, ", ")
	}
}
