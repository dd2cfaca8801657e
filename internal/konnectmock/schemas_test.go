package konnectmock

import (
	"fmt"
	"testing"
)

func TestSchemaEndpoints(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("schemas")
	for _, name := range []string{"service", "route", "upstream", "target"} {
		r := c.do("GET", core(cp, "v1/schemas/json/"+name), nil).expect(t, 200, ctJSON)
		if _, ok := r.body["properties"].(map[string]any); !ok {
			t.Fatalf("%s schema: %s", name, r.raw)
		}
	}
	props := c.do("GET", core(cp, "v1/schemas/json/service"), nil).body["properties"].(map[string]any)
	if fmt.Sprint(props["port"].(map[string]any)["default"]) != "80" || props["protocol"].(map[string]any)["default"] != "http" {
		t.Fatalf("service defaults: %v", props)
	}
	c.do("GET", core(cp, "v1/schemas/json/nope"), nil).expect(t, 404, ctJSON)

	r := c.do("GET", core(cp, "schemas/plugins/rate-limiting"), nil).expect(t, 200, ctJSON)
	fields := r.body["fields"].([]any)
	cfg := fields[len(fields)-1].(map[string]any)["config"].(map[string]any)
	if cfg["type"] != "record" {
		t.Fatalf("plugin schema: %s", r.raw)
	}
	found := false
	for _, f := range cfg["fields"].([]any) {
		if p, ok := f.(map[string]any)["policy"].(map[string]any); ok && p["default"] == "local" {
			found = true
		}
	}
	if !found {
		t.Fatalf("policy default missing: %s", r.raw)
	}
	c.do("GET", core(cp, "schemas/plugins/nope"), nil).expect(t, 404, ctJSON)
	if got := c.srv.Counts()["GET core-entities/schemas/plugins/rate-limiting"]; got != 1 {
		t.Fatalf("schema count %d", got)
	}
}
