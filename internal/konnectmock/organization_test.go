package konnectmock

import (
	"strings"
	"testing"
)

// The assembler wires the organization family and the portal family both ways: a portal's
// audit log webhook takes only a destination the organization has, and a destination a
// portal's webhook uses cannot be deleted (409, naming the portal) until it no longer does.
func TestAuditLogDestinationsAcrossFamilies(t *testing.T) {
	c := newMock(t, Options{})
	want := func(method, path string, body any, status int, contains string) result {
		t.Helper()
		r := c.do(method, path, body)
		if r.status != status || !strings.Contains(string(r.raw), contains) {
			t.Fatalf("%s %s: %d %s, want %d with %q", method, path, r.status, r.raw, status, contains)
		}
		return r
	}
	portal := want("POST", "/v3/portals", map[string]any{"name": "devs"}, 201, "").body["id"].(string)
	hook := "/v3/portals/" + portal + "/audit-log-webhook"
	want("PATCH", hook, map[string]any{"audit_log_destination_id": "0b7c1a54-2f0e-4f38-9a53-6bd1a1f7f0d1"}, 400, "audit log destination not found")
	dest := want("POST", "/v3/audit-log-destinations", map[string]any{"name": "siem", "endpoint": "https://siem.example.com",
		"authorization": "Bearer s", "log_format": "cef"}, 201, "").body["id"].(string)
	want("PATCH", hook, map[string]any{"enabled": true, "audit_log_destination_id": dest}, 200, dest)
	want("DELETE", "/v3/audit-log-destinations/"+dest, nil, 409, "the audit log webhook of portal "+portal)
	want("DELETE", hook, nil, 204, "")
	want("DELETE", "/v3/audit-log-destinations/"+dest, nil, 204, "")
	if got := c.do("GET", "/v1/cmeks/default", nil); got.status != 404 {
		t.Errorf("GET /v1/cmeks/default before any PUT: %d", got.status)
	}
}
