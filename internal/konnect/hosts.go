package konnect

import (
	"net/url"
	"regexp"
	"strings"
)

// Konnect serves most of its APIs in each region (https://{us,eu,au,me,in,sg}.api.konghq.com)
// and a few on its global host only. Each published specification says which in its
// `servers` (Kong/developer.konghq.com, api-specs/konnect/<api>/v<N>/openapi.yaml): these
// list https://global.api.konghq.com as their only server, every other API lists the
// regions.
//
//   - identity v3: /v3/authentication-settings, /v3/identity-provider(s), /v3/invites,
//     /v3/organizations, /v3/roles, /v3/system-accounts, /v3/teams, /v3/users
//   - cloud-gateways v2: /v2/cloud-gateways; serverless cloud gateways v0
//   - notification-hub v1: /v1/notifications
//   - organizations v3: /v3/organizations (also in identity v3)
//
// Organization-level APIs are not all global: audit logs (audit-logs v2 and v3) and CMEKs
// (cmek) list the regions as their servers, so they go to the server URL with the rest; so
// does Kong Identity (kong-identity v1, /v1/auth-servers).
//
// The client sends a call on one of these paths to the global host, and every other call
// to the server URL, so that a configuration for the EU region (server_url =
// "https://eu.api.konghq.com") still reaches the identity API.

// DefaultGlobalURL is Konnect's global host.
const DefaultGlobalURL = "https://global.api.konghq.com"

// globalAPIs are the global APIs, by version and first path segment.
var globalAPIs = map[string]bool{
	"v3/authentication-settings": true,
	"v3/identity-provider":       true,
	"v3/identity-providers":      true,
	"v3/invites":                 true,
	"v3/organizations":           true,
	"v3/roles":                   true,
	"v3/system-accounts":         true,
	"v3/teams":                   true,
	"v3/users":                   true,
	"v2/cloud-gateways":          true,
	"v1/notifications":           true,

	// No published spec: Kong's provider's openapi.yaml lists the global host as its only server.
	"v0/serverless-cloud-gateways": true,
}

// IsGlobalPath reports whether an API path (/v3/teams/…, escaped or not, with or without a
// query) belongs to an API Konnect serves on its global host only.
func IsGlobalPath(path string) bool {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	parts := strings.SplitN(strings.TrimLeft(path, "/"), "/", 3)
	return len(parts) >= 2 && globalAPIs[parts[0]+"/"+parts[1]]
}

// konnectHost matches Konnect's own API hosts: the global host and each region's.
var konnectHost = regexp.MustCompile(`^(global|us|eu|au|me|in|sg)\.api\.konghq\.com$`)

// globalFor is the global host that goes with a server URL: Konnect's global host when the
// server URL is one of Konnect's hosts, else the server URL itself (the mock, a proxy, a
// private deployment, which serve every API on one address unless told otherwise).
func globalFor(server *url.URL) *url.URL {
	if konnectHost.MatchString(strings.ToLower(server.Hostname())) && server.Port() == "" {
		u, _ := url.Parse(DefaultGlobalURL)
		return u
	}
	g := *server
	return &g
}
