package gateway

import (
	"strings"
	"testing"
)

// streamedLua is the schema.lua of a streamed custom plugin called name: a string with a
// default, an enumeration and a required field.
func streamedLua(name string) string {
	return `return {
  name = "` + name + `",
  fields = {
    { config = { type = "record", fields = {
      { greeting = { type = "string", default = "hello" } },
      { mode = { type = "string", default = "fast", one_of = { "fast", "safe" } } },
      { upstream = { type = "string", required = true } },
    } } },
  },
}
`
}

const streamedHandler = `return { VERSION = "1.0.0", PRIORITY = 500, access = function(self, config) end }`

// A streamed custom plugin's schema is read by the Lua reader of uploaded plugin schemas:
// the control plane serves it under schemas/plugins/{name}, and a plugin of that name is
// checked against it (an unknown key, a value outside the enumeration, a required field
// missing are 400s naming the field; a valid config is stored with the schema's defaults).
func TestStreamedCustomPluginChecksPlugins(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("streamed")
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "greeter", "config": map[string]any{"upstream": "u"}}).expect(t, 400, ctJSON)
	created := c.do("POST", core(cp, "custom-plugins"), map[string]any{"name": "greeter", "schema": streamedLua("greeter"), "handler": streamedHandler}).
		expect(t, 201, ctJSON)
	for _, k := range []string{"id", "name", "schema", "handler", "tags", "created_at", "updated_at"} {
		if _, ok := created.body[k]; !ok {
			t.Errorf("the created custom plugin has no %q: %s", k, created.raw)
		}
	}
	c.do("GET", core(cp, "custom-plugins/greeter"), nil).expect(t, 200, ctJSON)
	if r := c.do("GET", core(cp, "schemas/plugins/greeter"), nil).expect(t, 200, ctJSON); !containsField(r.body, "mode") {
		t.Errorf("the served schema lacks config.mode: %s", r.raw)
	}
	for cfg, want := range map[string]string{
		`{"upstream":"u","mood":"x"}`:    `"field":"config.mood"`,
		`{"upstream":"u","mode":"slow"}`: `"field":"config.mode"`,
		`{"greeting":"hi"}`:              `config.upstream`,
	} {
		r := c.do("POST", core(cp, "plugins"), map[string]any{"name": "greeter", "config": decodeJSON(t, cfg)}).expect(t, 400, ctJSON)
		if !strings.Contains(string(r.raw), want) {
			t.Errorf("config %s: the 400 does not name %s: %s", cfg, want, r.raw)
		}
	}
	p := c.do("POST", core(cp, "plugins"), map[string]any{"name": "greeter", "config": map[string]any{"upstream": "u"}}).expect(t, 201, ctJSON)
	if cfg := p.body["config"].(map[string]any); cfg["greeting"] != "hello" || cfg["mode"] != "fast" {
		t.Errorf("the plugin's config lacks the schema's defaults: %v", cfg)
	}

	// In use: neither deleted nor renamed, and the name is not uploaded as a plugin schema.
	id := created.str("id")
	r := c.do("DELETE", core(cp, "custom-plugins/"+id), nil).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), "custom plugin 'greeter' is used by plugin "+p.str("id")) {
		t.Errorf("the refused delete does not name the plugin: %s", r.raw)
	}
	c.do("PUT", core(cp, "custom-plugins/"+id), map[string]any{"name": "hello", "schema": streamedLua("hello"), "handler": streamedHandler}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": streamedLua("greeter")}).expect(t, 409, ctProblem)
	c.do("GET", core(cp, "custom-plugins/"+id), nil).expect(t, 200, ctJSON)

	c.do("DELETE", core(cp, "plugins/"+p.str("id")), nil).expect(t, 204, "")
	c.do("DELETE", core(cp, "custom-plugins/"+id), nil).expect(t, 204, "")
	c.do("GET", core(cp, "schemas/plugins/greeter"), nil).expect(t, 404, ctJSON)
}

// Konnect reads the schema when the custom plugin is written: source that is not a schema,
// a schema of another name, a bundled plugin's name or an uploaded schema's are refused.
func TestStreamedCustomPluginRefusals(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("streamed")
	c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": streamedLua("uploaded")}).expect(t, 201, ctJSON)
	for _, tc := range []struct{ name, schema, field, msg string }{
		{"greeter", "return {", "schema", "invalid Lua schema"},
		{"greeter", streamedLua("other"), "schema", "the schema's name 'other' does not match the custom plugin's name 'greeter'"},
		{"cors", streamedLua("cors"), "name", "is a bundled plugin"},
		{"uploaded", streamedLua("uploaded"), "name", "plugin schema named 'uploaded' is uploaded already"},
	} {
		r := c.do("POST", core(cp, "custom-plugins"), map[string]any{"name": tc.name, "schema": tc.schema, "handler": streamedHandler}).expect(t, 400, ctJSON)
		if !strings.Contains(string(r.raw), `"field":"`+tc.field+`"`) || !strings.Contains(string(r.raw), tc.msg) {
			t.Errorf("%s: want a 400 on %s saying %q, got %s", tc.name, tc.field, tc.msg, r.raw)
		}
	}
	c.do("POST", core(cp, "custom-plugins"), map[string]any{"name": "greeter", "schema": streamedLua("greeter")}).expect(t, 400, ctJSON)
	if r := c.do("GET", core(cp, "custom-plugins"), nil).expect(t, 200, ctJSON); len(r.body["data"].([]any)) != 0 {
		t.Errorf("Konnect holds custom plugins after refusals: %s", r.raw)
	}
}
