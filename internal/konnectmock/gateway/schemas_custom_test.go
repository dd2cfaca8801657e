package gateway

import (
	"testing"
)

// An uploaded custom plugin's schema is served under schemas/plugins/{name} in the control
// plane it was uploaded to, with the config its Lua source declares, and nowhere else.
func TestCustomPluginSchemaServed(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("custom")
	other := c.mustCP("other")
	c.do("GET", core(cp, "schemas/plugins/my-header"), nil).expect(t, 404, ctJSON)
	c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": demoLua}).expect(t, 201, ctJSON)
	r := c.do("GET", core(cp, "schemas/plugins/my-header"), nil).expect(t, 200, ctJSON)
	var config map[string]any
	for _, f := range r.body["fields"].([]any) {
		if def, ok := f.(map[string]any)["config"].(map[string]any); ok {
			config = def
		}
	}
	if config["type"] != "record" || config["open"] != nil || !containsField(r.body, "header") || !containsField(r.body, "note") {
		t.Errorf("config of the custom plugin's schema: %v", config)
	}
	c.do("GET", core(other, "schemas/plugins/my-header"), nil).expect(t, 404, ctJSON)
	// a bundled plugin keeps its own schema
	r = c.do("GET", core(cp, "schemas/plugins/rate-limiting"), nil).expect(t, 200, ctJSON)
	if len(r.raw) == 0 || !containsField(r.body, "minute") {
		t.Errorf("rate-limiting schema: %s", r.raw)
	}
}

func containsField(doc map[string]any, name string) bool {
	for _, f := range doc["fields"].([]any) {
		cfg, ok := f.(map[string]any)["config"].(map[string]any)
		if !ok {
			continue
		}
		for _, g := range cfg["fields"].([]any) {
			if _, ok := g.(map[string]any)[name]; ok {
				return true
			}
		}
	}
	return false
}
