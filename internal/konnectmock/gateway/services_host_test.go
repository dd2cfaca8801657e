package gateway

import (
	"strings"
	"testing"
)

// A service host is a host name or an IP address: a scheme, a path, spaces or a port are a
// Kong-style validation error on the host field, on create and on replace, and nothing is
// written.
func TestServiceHostValidation(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("hosts")
	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	for host, msg := range map[string]string{
		"http://orders.internal": "invalid value: http://orders.internal",
		"orders internal":        "invalid value: orders internal",
		"orders.internal/v1":     "invalid value: orders.internal/v1",
		"orders..internal":       "invalid value: orders..internal",
		"orders.internal:8080":   "must not have a port",
	} {
		want := `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"host","messages":["` + msg + `"]}]}`
		c.do("POST", core(cp, "services"), map[string]any{"name": "bad", "host": host}).expect(t, 400, ctJSON).jsonEq(t, want)
	}
	if r := c.do("GET", core(cp, "services"), nil).expect(t, 200, ctJSON); !strings.Contains(string(r.raw), `"data":[]`) {
		t.Fatalf("a refused create wrote a service: %s", r.raw)
	}

	for _, host := range []string{"orders.internal", "10.0.0.1", "::1", "[2001:db8::1]", "my_svc-1.internal", "example.com."} {
		c.do("POST", core(cp, "services"), map[string]any{"host": host}).expect(t, 201, ctJSON)
	}
	id := c.do("POST", core(cp, "services"), map[string]any{"name": "orders", "host": "orders.internal"}).expect(t, 201, ctJSON).str("id")
	c.do("PUT", core(cp, "services/"+id), map[string]any{"name": "orders", "host": "https://orders.internal"}).expect(t, 400, ctJSON).jsonEq(t,
		`{"code":3,"message":"validation error","details":[{`+det+`,"type":"ERROR_TYPE_FIELD","field":"host","messages":["invalid value: https://orders.internal"]}]}`)
	if got := c.do("GET", core(cp, "services/"+id), nil).expect(t, 200, ctJSON).str("host"); got != "orders.internal" {
		t.Errorf("after a refused replace Konnect holds host %q", got)
	}
}
