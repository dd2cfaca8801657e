package gateway

import (
	"encoding/json"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// sampleConfig builds the smallest config the fields accept: a value for each required
// field (the first allowed value, the lower bound of a range), nothing else.
func sampleConfig(fields []*field) map[string]any {
	out := map[string]any{}
	for _, f := range fields {
		if f.required && f.def == nil && (f.typ != tRecord || !f.autoRecord) { // not a record Kong fills itself
			out[f.name] = sampleValue(f)
		}
	}
	return out
}

func sampleValue(f *field) any {
	switch f.typ {
	case tString:
		if len(f.enum) > 0 {
			return f.enum[0]
		}
		if f.maxLen > 0 && f.maxLen < 40 {
			return strings.Repeat("x", max(f.minLen, 1))
		}
		return "https://sample.example/" + strings.Repeat("x", max(f.minLen, 1))
	case tInt, tNumber:
		if f.hasRange && !math.IsInf(f.lo, -1) {
			return f.lo
		}
		if f.hasRange && !math.IsInf(f.hi, 1) {
			return f.hi
		}
		return 1
	case tBool:
		return false
	case tArray:
		n := max(f.minLen, 1)
		items := make([]any, n)
		for i := range items {
			// as the server stores it: Kong fills the records of an array, clients do not
			items[i] = (&validator{}).value(f.elem, jsonish(sampleValue(f.elem)), "")
		}
		return items
	case tStrings:
		return []any{"sample"}
	case tRecord:
		return sampleConfig(f.sub)
	case tForeign:
		return map[string]any{"id": "3f0c1b5e-8f6e-4c1e-9a55-0d6f1f7c2a10"}
	default:
		return map[string]any{}
	}
}

// jsonish turns a sample into what the server decodes from JSON.
func jsonish(v any) any {
	b, _ := json.Marshal(v)
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	var out any
	_ = dec.Decode(&out)
	return out
}

// Every bundled plugin of the current gateway is known, and every partial type.
func TestEveryPluginOfTheGatewayIsKnown(t *testing.T) {
	set, err := pluginspec.Load()
	if err != nil {
		t.Fatal(err)
	}
	c := newMock(t, testOptions{})
	cp := c.mustCP("every-plugin")
	for _, name := range []string{"ai-proxy-advanced", "ace", "jq", "datakit", "kafka-log", "ai-semantic-cache", "konnect-application-auth"} {
		if set.Plugins[name] == nil {
			t.Errorf("%s is not in the data", name)
		}
	}
	for name := range set.Plugins {
		c.do("GET", core(cp, "schemas/plugins/"+name), nil).expect(t, 200, ctJSON)
	}
	if len(pluginSchemas) != len(set.Plugins) || len(set.Plugins) < 114 {
		t.Fatalf("%d plugins known, %d in the data", len(pluginSchemas), len(set.Plugins))
	}
	for _, typ := range partialTypeNames {
		if partialTypes[typ] == nil {
			t.Errorf("partial type %s has no schema", typ)
		}
	}
}

// A plugin whose config needs nothing accepts {} and answers with its defaults: the
// defaults its served schema advertises.
func TestPluginsWithoutRequiredKeysAcceptEmptyConfig(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("empty-config")
	checked := 0
	for _, name := range slices.Sorted(maps.Keys(pluginSchemas)) {
		sch := pluginSchemas[name]
		if len(sampleConfig(sch.fields)) > 0 || sch.check != nil {
			continue // required keys, or an entity check {} cannot pass
		}
		checked++
		r := c.do("POST", core(cp, "plugins"), map[string]any{"name": name, "config": map[string]any{}})
		if r.status != 201 {
			t.Errorf("%s: {} refused: %d %s", name, r.status, r.raw)
			continue
		}
		want := map[string]any{}
		doc := c.do("GET", core(cp, "schemas/plugins/"+name), nil).expect(t, 200, ctJSON).body
		for _, raw := range doc["fields"].([]any) {
			if spec, ok := raw.(map[string]any)["config"].(map[string]any); ok {
				want = kongFill(spec, want)
			}
		}
		if have, want := normalized(t, r.body["config"]), normalized(t, want); !reflect.DeepEqual(have, want) {
			t.Errorf("%s: {} answered\n%v\nwant the schema's defaults\n%v", name, have, want)
		}
		c.do("DELETE", core(cp, "plugins/"+r.str("id")), nil).expect(t, 204, "")
	}
	if checked < 40 {
		t.Fatalf("only %d plugins need no config key", checked)
	}
	t.Logf("%d plugins accept {} with their defaults", checked)
}

// A key the plugin does not have is refused at its full path, nested ones included,
// as Kong does; so are a wrong enum value, a wrong type and a value out of range.
func TestPluginConfigRefusedAtFullPath(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("typos")
	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	field := func(path, msg string) string {
		return `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"` + path + `","messages":["` + msg + `"]}]}`
	}
	for body, want := range map[string]string{
		`{"name":"rate-limiting","config":{"minuet":5,"minute":5}}`:                      field("config.minuet", "unknown field"),
		`{"name":"rate-limiting","config":{"minute":5,"redis":{"prot":6379}}}`:           field("config.redis.prot", "unknown field"),
		`{"name":"rate-limiting","config":{"minute":5,"policy":"locl"}}`:                 field("config.policy", `value must be one of \"cluster\", \"local\", \"redis\"`),
		`{"name":"rate-limiting","config":{"minute":5,"redis":{"port":70000}}}`:          field("config.redis.port", "value must be between 0 and 65535"),
		`{"name":"basic-auth","config":{"brute_force_protection":{"strategy":"local"}}}`: field("config.brute_force_protection.strategy", `value must be one of \"cluster\", \"memory\", \"off\", \"redis\"`),
		`{"name":"ai-prompt-guard","config":{"allow_patterns":["a",5]}}`:                 field("config.allow_patterns[1]", "expected string, but got integer"),
		`{"name":"jq","config":{"request_jq_program":"."}}`:                              "",
	} {
		r := c.do("POST", core(cp, "plugins"), body)
		if want == "" {
			r.expect(t, 201, ctJSON)
			continue
		}
		r.expect(t, 400, ctJSON).jsonEq(t, want)
	}
}

// Kong's example-style configs of plugins the hand-written data did not have, or had
// without the current gateway's fields, are accepted with their values kept.
func TestCurrentGatewayFields(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("current-fields")
	for name, cfg := range map[string]string{
		"basic-auth": `{"brute_force_protection":{"strategy":"memory"}}`,
		"key-auth":   `{"identity_realms":[{"scope":"cp","region":null,"id":null}]}`,
		"http-log":   `{"http_endpoint":"http://logs.internal","ssl_verify":true}`,
		"ai-proxy-advanced": `{"targets":[{"route_type":"llm/v1/chat","model":{"provider":"openai","name":"gpt-4o"},
			"auth":{"header_name":"Authorization","header_value":"Bearer x"}}]}`,
	} {
		var in map[string]any
		if err := json.Unmarshal([]byte(cfg), &in); err != nil {
			t.Fatal(err)
		}
		r := c.do("POST", core(cp, "plugins"), map[string]any{"name": name, "config": in})
		if r.status != 201 {
			t.Errorf("%s: %d %s", name, r.status, r.raw)
			continue
		}
		for k := range in {
			if got := r.body["config"].(map[string]any)[k]; got == nil {
				t.Errorf("%s: config.%s not kept: %s", name, k, r.raw)
			}
		}
	}
}
