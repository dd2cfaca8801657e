package konnect

import (
	"context"
	"net/http"
	"net/url"
	"testing"
)

// The APIs each published specification lists on Konnect's global host only go there; the
// others go to the server URL, escaped paths and queries included.
func TestIsGlobalPath(t *testing.T) {
	for path, want := range map[string]bool{
		"/v3/teams": true, "/v3/teams/abc/users": true, "/v3/users?filter%5Bemail%5D=a": true, "/v3/roles": true,
		"/v3/system-accounts/x/access-tokens": true, "/v3/identity-providers": true, "/v3/identity-provider": true,
		"/v3/authentication-settings": true, "/v3/organizations/me": true, "/v3/invites": true,
		"/v2/cloud-gateways/networks": true, "/v1/notifications": true,
		"/v2/control-planes": false, "/v2/control-planes/x/core-entities/services": false, "/v3/apis": false,
		"/v3/portals/p/teams": false, "/v3/portal-roles": false, "/v2/application-auth-strategies": false,
		"/v2/teams": false, "/v1/auth-servers": false, "/v3": false, "/": false, "": false,
		// the audit logs and CMEK APIs are regional (their specs list the regions)
		"/v3/audit-log-destinations": false, "/v2/audit-log-destinations/d": false, "/v3/audit-log-webhook": false, "/v1/cmeks/default": false,
	} {
		if got := IsGlobalPath(path); got != want {
			t.Errorf("IsGlobalPath(%q) = %v, want %v", path, got, want)
		}
	}
}

// A server URL of Konnect's (any region) sends the global APIs to Konnect's global host;
// any other server URL (the mock, a proxy) serves every API, unless a global URL is given.
func TestGlobalURLFollowsTheServerURL(t *testing.T) {
	for server, want := range map[string]string{
		"https://eu.api.konghq.com":      DefaultGlobalURL,
		"https://us.api.konghq.com":      DefaultGlobalURL,
		"https://SG.api.konghq.com":      DefaultGlobalURL,
		"https://global.api.konghq.com":  DefaultGlobalURL,
		"https://konnect.proxy.example":  "https://konnect.proxy.example",
		"https://eu.api.konghq.com:8443": "https://eu.api.konghq.com:8443",
		"http://127.0.0.1:8080":          "http://127.0.0.1:8080",
	} {
		c, err := New(Config{ServerURL: server, Token: "kpat_x"})
		if err != nil {
			t.Fatal(err)
		}
		if got := c.global.String(); got != want {
			t.Errorf("server %s: global host %s, want %s", server, got, want)
		}
		if got, _ := c.resolve("/v3/teams", nil); got.Scheme+"://"+got.Host != want {
			t.Errorf("server %s: /v3/teams goes to %s, want %s", server, got, want)
		}
		if got, _ := c.resolve("/v2/control-planes", nil); got.Scheme+"://"+got.Host != c.base.Scheme+"://"+c.base.Host {
			t.Errorf("server %s: /v2/control-planes goes to %s", server, got)
		}
	}
	if _, err := New(Config{ServerURL: "https://eu.api.konghq.com", GlobalURL: "http://global.example", Token: "kpat_x"}); err == nil {
		t.Error("a plain-http global URL to a host that is not loopback was accepted")
	}
}

// Through the wire: with a regional and a global server, each call reaches its own.
func TestCallsReachTheirHost(t *testing.T) {
	regional, regionalN := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, "application/json", map[string]any{"host": "regional", "path": r.URL.Path})
	})
	global, globalN := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, "application/json", map[string]any{"host": "global", "path": r.URL.Path})
	})
	c := newTestClient(t, regional.URL, func(cfg *Config) { cfg.GlobalURL = global.URL })
	for path, want := range map[string]string{"/v3/teams": "global", "/v2/control-planes": "regional", "/v3/apis": "regional", "/v3/users/u1": "global"} {
		var out map[string]any
		if _, err := c.Do(context.Background(), http.MethodGet, path, url.Values{"page[size]": {"1"}}, nil, &out); err != nil {
			t.Fatal(err)
		}
		if out["host"] != want || out["path"] != path {
			t.Errorf("GET %s answered by %v (path %v), want %s", path, out["host"], out["path"], want)
		}
	}
	if regionalN.Load() != 2 || globalN.Load() != 2 {
		t.Errorf("regional served %d calls, global %d; want 2 and 2", regionalN.Load(), globalN.Load())
	}
}
