package gateway

import (
	"encoding/json"
	"net"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var serviceProtocols = []string{"grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"}

func init() {
	register(&kind{
		name:        "services",
		singular:    "service",
		nameField:   "name",
		filterField: "name",
		fields: []*field{
			fld("name", tString, unique(), nonEmpty(), checkString(kongName)),
			fld("protocol", tString, def("http"), enum(serviceProtocols...)),
			fld("host", tString, required(), nonEmpty(), maxLength(256), checkString(serviceHost)),
			fld("port", tInt, def(80), between(0, 65535)),
			fld("path", tString, checkString(servicePath)),
			fld("retries", tInt, def(5), between(0, 32767)),
			fld("connect_timeout", tInt, def(60000), between(1, 2147483646)),
			fld("write_timeout", tInt, def(60000), between(1, 2147483646)),
			fld("read_timeout", tInt, def(60000), between(1, 2147483646)),
			fld("enabled", tBool, def(true)),
			fld("tls_verify", tBool),
			fld("tls_verify_depth", tInt, between(0, 64)),
			fld("ca_certificates", tStrings, checkStrings(uuidItems)),
			fld("client_certificate", tForeign, refTo("certificates")),
			// names the upstream certificate must carry besides host; Kong's provider sends it, null when unset
			fld("tls_sans", tRecord, sub(fld("dnsnames", tStrings), fld("uris", tStrings))),
			tagsField(),
		},
		prepare: serviceURL,
		finish: func(b *build) {
			// Kong: a path only makes sense for HTTP-like protocols
			p, _ := b.obj["protocol"].(string)
			if b.obj["path"] != nil && !slices.Contains([]string{"http", "https", "ws", "wss"}, p) {
				b.fail("path", "value must be null when 'protocol' is '"+p+"'")
			}
		},
	})
}

var hostLabelRe = regexp.MustCompile(`^[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$`)

// serviceHost is Kong's rule for a service host: a host name or an IP address, with no
// scheme, path, spaces or port (Kong's messages).
func serviceHost(h string) string {
	if ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")); ip != nil {
		return ""
	}
	if strings.ContainsAny(h, "/?# \t\r\n") {
		return "invalid value: " + h
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		if _, err := strconv.Atoi(h[i+1:]); err == nil && !strings.Contains(h[:i], ":") {
			return "must not have a port"
		}
		return "invalid value: " + h
	}
	for _, label := range strings.Split(strings.TrimSuffix(h, "."), ".") {
		if !hostLabelRe.MatchString(label) {
			return "invalid value: " + h
		}
	}
	return ""
}

func servicePath(p string) string {
	if !strings.HasPrefix(p, "/") {
		return "should start with: /"
	}
	return ""
}

// serviceURL expands the write-only "url" shorthand into protocol, host, port and path.
func serviceURL(in map[string]any) []errDetail {
	raw, present := in["url"]
	if !present {
		return nil
	}
	delete(in, "url")
	if raw == nil {
		return nil
	}
	s, ok := raw.(string)
	if !ok {
		return []errDetail{fieldErr("url", "expected string, but got "+jsonTypeName(raw))}
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" || u.Hostname() == "" {
		return []errDetail{fieldErr("url", "missing host in url")}
	}
	scheme := strings.ToLower(u.Scheme)
	in["protocol"] = scheme
	in["host"] = u.Hostname()
	port := "80"
	switch scheme {
	case "https", "grpcs", "wss", "tls":
		port = "443"
	}
	if p := u.Port(); p != "" {
		if _, err := strconv.Atoi(p); err != nil {
			return []errDetail{fieldErr("url", "invalid port in url")}
		}
		port = p
	}
	in["port"] = json.Number(port)
	if u.EscapedPath() != "" {
		in["path"] = u.EscapedPath()
	} else {
		in["path"] = nil
	}
	return nil
}
