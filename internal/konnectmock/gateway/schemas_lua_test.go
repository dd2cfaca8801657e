package gateway

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// shopLua uses every attribute the mock reads from a custom plugin's schema.
const shopLua = `
local typedefs = require "kong.db.schema.typedefs"
local constants = require "kong.constants"

local limits = {
  type = "record",
  fields = {
    { burst = { type = "integer", default = 10, between = { 1, 100 } } },
    { ratio = { type = "number", default = 0.5, between = { 0, 1 } } },
  },
}

return {
  name = "shop",
  fields = {
    { consumer = typedefs.no_consumer },
    { protocols = typedefs.protocols_http },
    { config = {
        type = "record",
        fields = {
          { colour = { type = "string", required = true, one_of = { "red", "green" } } },
          { code = { type = "string", len_min = 2, len_max = 4 } },
          { enabled = { type = "boolean", default = true } },
          { limits = limits },
          { proxy = { type = "record", required = false, fields = { { host = { type = "string", default = "localhost" } } } } },
          { tags = { type = "array", default = { "a", "b" }, elements = { type = "string" }, len_max = 3 } },
          { methods = { type = "set", elements = { type = "string", one_of = { "GET", "POST" } } } },
          { weights = { type = "map", keys = { type = "string" }, values = { type = "integer", between = { 0, 9 } } } },
          { api_key = { type = "string", referenceable = true, encrypted = true } },
          { upstream = typedefs.url { required = false } },
          { port = typedefs.port { default = 8080 } },
          { header = typedefs.header_name { default = "X-Shop" } },
          { timeout = typedefs.timeout { default = 60000 } },
          { network = typedefs.cidr },
          { queue = typedefs.queue },
          { modes = { type = "array", elements = { type = "string", one_of = constants.PROTOCOLS } } },
          { empty = { type = "array", default = {}, elements = { type = "integer" } } },
        },
    } },
  },
}
`

// configDef returns the definition of config.<name> in a served schema document.
func configDef(t *testing.T, doc map[string]any, name string) map[string]any {
	t.Helper()
	for _, f := range doc["fields"].([]any) {
		cfg, ok := f.(map[string]any)["config"].(map[string]any)
		if !ok {
			continue
		}
		for _, g := range cfg["fields"].([]any) {
			if def, ok := g.(map[string]any)[name].(map[string]any); ok {
				return def
			}
		}
	}
	t.Fatalf("config.%s is not in the served schema", name)
	return nil
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Each attribute of the uploaded Lua is in the schema served under schemas/plugins/{name},
// in Kong's format, and is what the plugin endpoint checks: the refused values are named
// at their full path, and the defaults are filled in.
func TestLuaSchemaAttributes(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("shop")
	c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": shopLua}).expect(t, 201, ctJSON)
	doc := c.do("GET", core(cp, "schemas/plugins/shop"), nil).expect(t, 200, ctJSON).body

	for name, want := range map[string]string{
		"colour":  `{"one_of":["red","green"],"required":true,"type":"string"}`,
		"code":    `{"len_max":4,"len_min":2,"type":"string"}`,
		"enabled": `{"default":true,"type":"boolean"}`,
		"limits": `{"fields":[{"burst":{"between":[1,100],"default":10,"type":"integer"}},{"ratio":{"between":[0,1],"default":0.5,"type":"number"}}],` +
			`"required":true,"type":"record"}`,
		"proxy":    `{"fields":[{"host":{"default":"localhost","type":"string"}}],"type":"record"}`,
		"tags":     `{"default":["a","b"],"elements":{"type":"string"},"len_max":3,"type":"array"}`,
		"methods":  `{"elements":{"one_of":["GET","POST"],"type":"string"},"type":"array"}`,
		"weights":  `{"keys":{"type":"string"},"type":"map","values":{"between":[0,9],"type":"integer"}}`,
		"api_key":  `{"encrypted":true,"referenceable":true,"type":"string"}`,
		"upstream": `{"type":"string"}`,
		"port":     `{"between":[0,65535],"default":8080,"type":"integer"}`,
		"header":   `{"default":"X-Shop","type":"string"}`,
		"timeout":  `{"between":[0,2147483646],"default":60000,"type":"integer"}`,
		"network":  `{"type":"string"}`,
		"modes":    `{"elements":{"one_of":["grpc","grpcs","http","https","tcp","tls","tls_passthrough","udp","ws","wss"],"type":"string"},"type":"array"}`,
		"empty":    `{"default":[],"elements":{"type":"integer"},"type":"array"}`,
	} {
		if got := asJSON(t, configDef(t, doc, name)); got != want {
			t.Errorf("served config.%s:\n got %s\nwant %s", name, got, want)
		}
	}
	queue := asJSON(t, configDef(t, doc, "queue"))
	for _, want := range []string{`{"max_batch_size":{"between":[1,1000000],"default":1,"type":"integer"}}`, `{"initial_retry_delay":{"between":[0.001,1000000],"default":0.01,"type":"number"}}`} {
		if !strings.Contains(queue, want) {
			t.Errorf("served config.queue (typedefs.queue) lacks %s: %s", want, queue)
		}
	}
	var protocols, consumer map[string]any
	for _, f := range doc["fields"].([]any) {
		m := f.(map[string]any)
		if p, ok := m["protocols"].(map[string]any); ok {
			protocols = p
		}
		if p, ok := m["consumer"].(map[string]any); ok {
			consumer = p
		}
	}
	if got := asJSON(t, protocols); got != `{"default":["grpc","grpcs","http","https"],"elements":{"one_of":["grpc","grpcs","http","https"],"type":"string"},"required":true,"type":"set"}` {
		t.Errorf("protocols (typedefs.protocols_http): %s", got)
	}
	if _, ok := consumer["eq"]; !ok {
		t.Errorf("consumer (typedefs.no_consumer) is not marked as a scope the plugin cannot have: %v", consumer)
	}

	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	field := func(path, msg string) string {
		return `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"` + path + `","messages":["` + msg + `"]}]}`
	}
	for cfg, want := range map[string]string{
		`{"colour":"red","colur":"red"}`:                field("config.colur", "unknown field"),
		`{"colour":"red","limits":{"brust":5}}`:         field("config.limits.brust", "unknown field"),
		`{"colour":"blue"}`:                             field("config.colour", `value must be one of \"red\", \"green\"`),
		`{"colour":"red","code":"x"}`:                   field("config.code", "length must be >= 2, but got 1"),
		`{"colour":"red","code":"abcde"}`:               field("config.code", "length must be <= 4, but got 5"),
		`{"colour":"red","limits":{"burst":0}}`:         field("config.limits.burst", "value must be between 1 and 100"),
		`{"colour":"red","limits":{"ratio":1.5}}`:       field("config.limits.ratio", "value must be between 0 and 1"),
		`{"colour":"red","enabled":"yes"}`:              field("config.enabled", "expected boolean, but got string"),
		`{"colour":"red","tags":["a","b","c","d"]}`:     field("config.tags", "maximum 3 items required, but found 4 items"),
		`{"colour":"red","methods":["PUT"]}`:            field("config.methods[0]", `value must be one of \"GET\", \"POST\"`),
		`{"colour":"red","weights":{"a":10}}`:           field("config.weights.a", "value must be between 0 and 9"),
		`{"colour":"red","port":70000}`:                 field("config.port", "value must be between 0 and 65535"),
		`{"colour":"red","queue":{"max_batch_size":0}}`: field("config.queue.max_batch_size", "value must be between 1 and 1000000"),
		`{"colour":"red","queue":{"max_batch_sise":2}}`: field("config.queue.max_batch_sise", "unknown field"),
		`{}`: `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_ENTITY","messages":["missing properties: 'config.colour'"]}]}`,
		`{"colour":"red","modes":["tcp"],"empty":[1,2]}`: "",
		`{"colour":"green","api_key":"{vault://env/k}"}`: "",
	} {
		r := c.do("POST", core(cp, "plugins"), `{"name":"shop","config":`+cfg+`}`)
		if want == "" {
			r.expect(t, 201, ctJSON)
			c.do("DELETE", core(cp, "plugins/"+r.str("id")), nil).expect(t, 204, "")
			continue
		}
		if r.status != 400 {
			t.Errorf("config %s: status %d, want 400: %s", cfg, r.status, r.raw)
			continue
		}
		r.jsonEq(t, want)
	}

	// The defaults the Lua declares are filled in, nested records' and typedefs' included:
	// Kong's records are required unless marked `required = false`, which stay null.
	r := c.do("POST", core(cp, "plugins"), `{"name":"shop","config":{"colour":"red","limits":{"burst":3}}}`).expect(t, 201, ctJSON)
	cfg := r.body["config"].(map[string]any)
	for key, want := range map[string]string{
		"enabled": `true`, "limits": `{"burst":3,"ratio":0.5}`, "tags": `["a","b"]`, "port": `8080`, "header": `"X-Shop"`,
		"timeout": `60000`, "empty": `[]`, "code": `null`, "api_key": `null`,
	} {
		if got := asJSON(t, cfg[key]); got != want {
			t.Errorf("created plugin's config.%s = %s, want %s", key, got, want)
		}
	}
	if q, _ := cfg["queue"].(map[string]any); fmt.Sprint(q["max_entries"]) != "10000" || fmt.Sprint(q["concurrency_limit"]) != "1" {
		t.Errorf("created plugin's config.queue: %v", cfg["queue"])
	}
	if p := asJSON(t, r.body["protocols"]); p != `["grpc","grpcs","http","https"]` {
		t.Errorf("created plugin's protocols (the default of typedefs.protocols_http): %s", p)
	}
	c.do("DELETE", core(cp, "plugins/"+r.str("id")), nil).expect(t, 204, "")
	r = c.do("POST", core(cp, "plugins"), `{"name":"shop","config":{"colour":"red"}}`).expect(t, 201, ctJSON)
	if cfg := r.body["config"].(map[string]any); asJSON(t, cfg["limits"]) != `{"burst":10,"ratio":0.5}` || cfg["proxy"] != nil {
		t.Errorf("created without limits and proxy: limits %v (want filled), proxy %v (want null)", cfg["limits"], cfg["proxy"])
	}
	c.do("POST", core(cp, "plugins"), `{"name":"shop","config":{"colour":"red"},"protocols":["tcp"]}`).expect(t, 400, ctJSON)
	cons := c.do("POST", core(cp, "consumers"), map[string]any{"username": "ann"}).expect(t, 201, ctJSON).str("id")
	r = c.do("POST", core(cp, "plugins"), `{"name":"shop","instance_name":"scoped","config":{"colour":"red"},"consumer":{"id":"`+cons+`"}}`).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"consumer"`) {
		t.Errorf("a consumer-scoped plugin of a schema with typedefs.no_consumer: %s", r.raw)
	}
}

// Lua as Kong plugin schemas write it: local helpers, typedefs called with overrides,
// ngx.null, Kong's typedef error for a name it does not have.
func TestLuaSchemaTypedefs(t *testing.T) {
	name, sch, err := evalLuaSchema(`
local typedefs = require "kong.db.schema.typedefs"
local null = ngx.null
local function str(default) return { type = "string", default = default } end
local hosts = {}
for i = 1, 3 do hosts[#hosts + 1] = "h" .. i end
return {
  name = "helper",
  fields = {
    { consumer_group = typedefs.no_consumer_group },
    { route = typedefs.no_route },
    { config = { type = "record", fields = {
      { a = str("x") },
      { hosts = { type = "array", elements = typedefs.host, default = hosts } },
      { nothing = { type = "string", default = null } },
      { key = typedefs.pem },
      { where = typedefs.path { required = true } },
      { ip = typedefs.ip },
    } } },
  },
}`)
	if err != nil {
		t.Fatal(err)
	}
	if name != "helper" || !reflect.DeepEqual(sch.scopes, []string{"consumer", "service"}) {
		t.Errorf("name %q, scopes %v", name, sch.scopes)
	}
	got := map[string]*field{}
	for _, f := range sch.fields {
		got[f.name] = f
	}
	if asJSON(t, got["hosts"].def) != `["h1","h2","h3"]` || got["a"].def != "x" || got["nothing"].def != nil || !got["where"].required {
		t.Errorf("fields: hosts %v, a %v, nothing %v, where required %v", got["hosts"].def, got["a"].def, got["nothing"].def, got["where"].required)
	}
	if pk := got["key"].sub[0]; pk.name != "private_key" || !pk.encrypted || !pk.referenceable {
		t.Errorf("typedefs.pem private_key: %+v", pk)
	}
	_, _, err = evalLuaSchema(`local typedefs = require "kong.db.schema.typedefs"
return { name = "x", fields = { { config = { type = "record", fields = { { a = typedefs.nope } } } } } }`)
	if err == nil || !strings.Contains(err.Error(), "schema typedef error: definition nope does not exist") {
		t.Errorf("an unknown typedef: %v", err)
	}
}

// A source that does not evaluate to a schema the mock can read is refused on lua_schema,
// naming what is wrong; nothing is stored.
func TestLuaSchemaRefused(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("refused")
	wrap := func(fields string) string {
		return `return { name = "bad", fields = { { config = { type = "record", fields = { ` + fields + ` } } } } }`
	}
	for src, want := range map[string]string{
		`return { name = "x", fields = {`:           "schema.lua at EOF: syntax error",
		`return { name = "x", fields = {} }`:        "the `fields` list has no `config` record",
		`return { fields = {} }`:                    "the returned table has no `name = \\\"…\\\"`",
		`local x = 1`:                               "the source returns no table",
		`return "shop"`:                             "the source returns a string, not a table",
		`return { name = "Bad Name", fields = {} }`: `invalid plugin name \"Bad Name\"`,
		`return { name = "x" }`:                     "the returned table has no `fields = { … }` list",
		`error("boom")`:                             "schema.lua:1: boom",
		`return { name = "x", fields = { { config = { type = "string" } } } }`:                              "config: must be a record",
		wrap(`{ a = { type = "json" } }`):                                                                   `config.a: unsupported type \"json\" (supported: array, boolean, integer, map, number, record, set, string)`,
		wrap(`{ a = { type = "foreign", reference = "services" } }`):                                        `config.a: unsupported type \"foreign\"`,
		wrap(`{ a = { default = 1 } }`):                                                                     "config.a: no type",
		wrap(`{ a = { type = "array" } }`):                                                                  "config.a: an array needs `elements = { type = … }`",
		wrap(`{ a = { type = "record", fields = { { b = { type = "set" } } } } }`):                          "config.a.b: an set needs `elements",
		wrap(`{ a = { type = "map", keys = { type = "integer" }, values = { type = "string" } } }`):         `config.a: map keys must be of type \"string\"`,
		wrap(`{ a = { type = "map", keys = { type = "string" } } }`):                                        "config.a: a map needs",
		wrap(`{ a = { type = "integer", between = { 5 } } }`):                                               "config.a: between must be a pair of numbers",
		wrap(`{ a = { type = "integer", required = "yes" } }`):                                              "config.a: required must be true or false, got a string",
		wrap(`{ a = { type = "integer", default = "ten" } }`):                                               "config.a: the default does not fit the field: expected integer, but got string",
		wrap(`{ a = { type = "string", one_of = { "x" }, default = "y" } }`):                                `config.a: the default does not fit the field: value must be one of \"x\"`,
		wrap(`{ a = { type = "record", fields = { { b = { type = "integer" } } }, default = { c = 1 } } }`): "config.a: the default does not fit the field: c: unknown field",
		wrap(`{ a = { type = "string" } }, { a = { type = "string" } }`):                                    "config.fields[2]: field a is declared twice",
		wrap(`{ a = { type = "string" }, b = { type = "string" } }`):                                        "config.fields[1]: expected one field",
		wrap(`{ a = { type = "string", len_min = -1 } }`):                                                   "config.a: len_min must be a whole number",
		`local utils = require "kong.tools.utils"` + "\n" + wrap(``):                                        "module 'kong.tools.utils' is not available to a plugin schema",
	} {
		r := c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": src}).expect(t, 400, ctProblem)
		if !strings.Contains(string(r.raw), `"field":"lua_schema"`) || !strings.Contains(string(r.raw), "invalid Lua schema: ") || !strings.Contains(string(r.raw), want) {
			t.Errorf("%s\nanswered %s\nwant lua_schema refused with %q", src, r.raw, want)
		}
	}
	if list := c.do("GET", core(cp, "plugin-schemas"), nil).expect(t, 200, ctJSON).body["data"].([]any); len(list) != 0 {
		t.Errorf("refused uploads stored %d schemas", len(list))
	}
}

// The interpreter has no access to the machine (no os, io, file loading, code loading), and
// a source that never finishes, recurses without end or builds huge strings is stopped.
func TestLuaSchemaSandbox(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "touched")
	for src, want := range map[string]string{
		`os.execute("touch ` + marker + `")`: "attempt to index a non-table object(nil) with key 'execute'",
		`io.open("` + marker + `", "w")`:     "attempt to index a non-table object(nil) with key 'open'",
		`dofile("` + marker + `")`:           "attempt to call a non-function object",
		`loadstring("return 1")()`:           "attempt to call a non-function object",
		`load(function() return nil end)`:    "attempt to call a non-function object",
		`require "os"`:                       "module 'os' is not available to a plugin schema",
		`require "io"`:                       "module 'io' is not available to a plugin schema",
		`print("hi")`:                        "attempt to call a non-function object",
		`local x = debug.getinfo(1)`:         "attempt to index a non-table object(nil) with key 'getinfo'",
		`while true do end`:                  "the source did not finish within",
		`while true do pcall(function() while true do end end) end`: "the source did not finish within",
		`local function f() return 1 + f() end f()`:                 "stack overflow",
		`local s = string.rep("x", 1e9)`:                            "string.rep: the result would be longer than 1048576 bytes",
		`local s = ("x"):rep(1e9)`:                                  "string.rep: the result would be longer than 1048576 bytes",
		`local s = string.format("%999999999d", 1)`:                 "invalid format (width or precision too long)",
		`local s = string.find(string.rep("a", 100), ".-.-.-.-b")`:  "string.find is not available while a plugin schema is read",
		`local s = ("a"):match("a")`:                                "string.match is not available while a plugin schema is read",
		`local t = { type = "string" } for i = 1, 20 do t = { type = "record", fields = { { a = t }, { b = t } } } end
return { name = "x", fields = { { config = t } } }`: "the schema is too large (more than 10000 fields and values)",
		`local t = { type = "record" } t.fields = { { x = t } } return { name = "x", fields = { { config = t } } }`: "nested more than 32 levels deep",
	} {
		start := time.Now()
		_, _, err := evalLuaSchema(src)
		if took := time.Since(start); took > pluginspec.LuaBudget+2*time.Second {
			t.Errorf("%s: took %s", src, took)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", src, err, want)
		}
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("a schema touched the file system: %v", err)
	}
}

// Updating the schema (PUT) changes what is served and what a plugin is checked against;
// the evaluated schema survives a round trip through the state document.
func TestLuaSchemaUpdate(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("update")
	c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": demoLua}).expect(t, 201, ctJSON)
	r := c.do("POST", core(cp, "plugins"), map[string]any{"name": "my-header", "config": map[string]any{"prefix": "p"}}).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"config.prefix"`) {
		t.Fatalf("a key the schema does not have: %s", r.raw)
	}
	updated := strings.Replace(demoLua, `{ note =`, `{ prefix = { type = "string", default = "pre" } },
        { note =`, 1)
	c.do("PUT", core(cp, "plugin-schemas/my-header"), map[string]any{"lua_schema": updated}).expect(t, 200, ctJSON)
	doc := c.do("GET", core(cp, "schemas/plugins/my-header"), nil).expect(t, 200, ctJSON).body
	if def := configDef(t, doc, "prefix"); def["default"] != "pre" {
		t.Errorf("served config.prefix after the update: %v", def)
	}
	r = c.do("POST", core(cp, "plugins"), map[string]any{"name": "my-header", "config": map[string]any{}}).expect(t, 201, ctJSON)
	if got := asJSON(t, r.body["config"]); got != `{"header":"X-Demo","note":"a \"long\" string","prefix":"pre"}` {
		t.Errorf("created plugin's config after the update: %s", got)
	}
	// a PUT that does not evaluate leaves the schema as it was
	c.do("PUT", core(cp, "plugin-schemas/my-header"), map[string]any{"lua_schema": `return {`}).expect(t, 400, ctProblem)
	configDef(t, c.do("GET", core(cp, "schemas/plugins/my-header"), nil).expect(t, 200, ctJSON).body, "prefix")

	s2 := New(mockcore.Env{}, Options{})
	if err := s2.Restore(c.dump()); err != nil {
		t.Fatal(err)
	}
	c2 := serve(t, s2)
	configDef(t, c2.do("GET", core(cp, "schemas/plugins/my-header"), nil).expect(t, 200, ctJSON).body, "prefix")
	r = c2.do("POST", core(cp, "plugins"), map[string]any{"name": "my-header", "instance_name": "again", "config": map[string]any{"prefx": "p"}}).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"config.prefx"`) {
		t.Errorf("after a restore, a key the schema does not have: %s", r.raw)
	}
}

// The documented example's schema.lua (examples/resources/konnect_gateway_custom_plugin_schema)
// uploads, and the example's plugin config is accepted with the schema's defaults filled in;
// a typo in it is refused at its path.
func TestLuaSchemaDocumentedExample(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "resources", "konnect_gateway_custom_plugin_schema", "greeter", "schema.lua"))
	if err != nil {
		t.Fatal(err)
	}
	c := newMock(t, testOptions{})
	cp := c.mustCP("payments")
	r := c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": string(src)}).expect(t, 201, ctJSON)
	if !strings.Contains(string(r.raw), `"name":"greeter"`) {
		t.Fatalf("uploaded: %s", r.raw)
	}
	p := c.do("POST", core(cp, "plugins"), map[string]any{"name": "greeter", "config": map[string]any{"greeting": "hello"}}).expect(t, 201, ctJSON)
	if got := asJSON(t, p.body["config"]); got != `{"greeting":"hello","header_name":"X-Greeting","mode":"append"}` {
		t.Errorf("example plugin's config: %s", got)
	}
	bad := c.do("POST", core(cp, "plugins"), map[string]any{"name": "greeter", "config": map[string]any{"greting": "hi"}}).expect(t, 400, ctJSON)
	if !strings.Contains(string(bad.raw), "config.greting") {
		t.Errorf("a typo: %s", bad.raw)
	}
}
