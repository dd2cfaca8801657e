package gateway

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// minimalPartialConfigs are the smallest configs each partial type accepts.
var minimalPartialConfigs = map[string]map[string]any{
	"vectordb":   {"strategy": "redis", "dimensions": 3, "distance_metric": "cosine"},
	"embeddings": {"model": map[string]any{"provider": "openai", "name": "text-embedding-3-small"}},
	"model":      {"route_type": "llm/v1/chat", "model": map[string]any{"provider": "openai"}},
}

// decK's engine reads GET …/schemas/partials/{type} and fills a partial's config from it
// before it compares with what Konnect holds: the filled config must be accepted and read
// back unchanged, and a minimal one must read back as the filled one.
func TestPartialSchemasFilledReadBackUnchanged(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("fill-partials")
	for _, typ := range partialTypeNames {
		t.Run(typ, func(t *testing.T) {
			doc := c.do("GET", core(cp, "schemas/partials/"+typ), nil).expect(t, 200, ctJSON).body
			var cfgRecord map[string]any
			var names []string
			for _, raw := range doc["fields"].([]any) {
				for fname, spec := range raw.(map[string]any) {
					names = append(names, fname)
					if fname == "config" {
						cfgRecord = spec.(map[string]any)
					}
				}
			}
			if want := []string{"id", "name", "type", "created_at", "updated_at", "tags", "config"}; !slices.Equal(names, want) {
				t.Fatalf("schema fields %v, want %v", names, want)
			}
			minCfg := minimalPartialConfigs[typ]
			if minCfg == nil {
				minCfg = map[string]any{}
			}
			filled := kongFill(cfgRecord, minCfg)
			created := c.do("POST", core(cp, "partials"), map[string]any{"type": typ, "config": filled})
			if created.status != 201 {
				t.Fatalf("the filled partial %v was refused: %d %s", normalized(t, filled), created.status, created.raw)
			}
			got := c.do("GET", core(cp, "partials/"+created.str("id")), nil).expect(t, 200, ctJSON).body
			if have, want := normalized(t, got["config"]), normalized(t, filled); !reflect.DeepEqual(have, want) {
				t.Fatalf("config read back differs from what was sent (a client would see a diff after every sync)\n sent: %v\n read: %v", want, have)
			}
			minimal := c.do("POST", core(cp, "partials"), map[string]any{"type": typ, "config": minCfg}).expect(t, 201, ctJSON)
			if have, want := normalized(t, minimal.body["config"]), normalized(t, filled); !reflect.DeepEqual(have, want) {
				t.Fatalf("minimal partial reads back differently from the filled one\n filled: %v\nminimal: %v", want, have)
			}
		})
	}
	c.do("GET", core(cp, "schemas/partials/memcached"), nil).expect(t, 404, ctJSON)
	c.do("POST", core(cp, "schemas/partials/redis-ce"), map[string]any{}).expect(t, 405, ctJSON)
}

// A plugin schema names the partial types it links to and the config path each fills
// (Kong's supported_partials); decK's engine refuses a link without it.
func TestPluginSchemaSupportedPartials(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("supported-partials")
	for name, want := range map[string]any{
		"rate-limiting":          map[string]any{"redis-ce": []any{"config.redis"}},
		"rate-limiting-advanced": map[string]any{"redis-ee": []any{"config.redis"}},
		"key-auth":               nil,
	} {
		doc := c.do("GET", core(cp, "schemas/plugins/"+name), nil).expect(t, 200, ctJSON).body
		if got := doc["supported_partials"]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: supported_partials %v, want %v", name, got, want)
		}
	}
	// every declared path is a record of the plugin's config
	for _, name := range slices.Sorted(maps.Keys(pluginSchemas)) {
		sch := pluginSchemas[name]
		for typ, paths := range sch.partials {
			if partialTypes[typ] == nil {
				t.Errorf("%s: unknown partial type %s", name, typ)
			}
			for _, p := range paths {
				rest, _ := strings.CutPrefix(p, "config.")
				if sch.open {
					continue
				}
				// a path walks records; "[]" steps into an array's elements
				fields, last := sch.fields, (*field)(nil)
				for _, part := range strings.Split(rest, ".") {
					elems := strings.HasSuffix(part, "[]")
					part = strings.TrimSuffix(part, "[]")
					i := slices.IndexFunc(fields, func(f *field) bool { return f.name == part })
					if i < 0 {
						last = nil
						break
					}
					last = fields[i]
					if elems && last.elem != nil {
						last = last.elem
					}
					fields = last.sub
				}
				if last == nil || last.typ != tRecord {
					t.Errorf("%s: %s fills %s, which is not a record of its config", name, typ, p)
				}
			}
		}
	}
}

// Kong checks a plugin with its partials' configs in place: a linked Redis partial is what
// satisfies `policy: redis`. The plugin's stored config keeps its own values; GET with
// expand_partials=true shows the partial's config at the link's path, as it is now.
func TestPluginPolicyRedisFromPartial(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("policy-redis")
	plugin := func(links ...string) map[string]any {
		p := map[string]any{"name": "rate-limiting", "config": map[string]any{"minute": 5, "policy": "redis"}}
		if len(links) > 0 {
			var ls []any
			for _, id := range links {
				ls = append(ls, map[string]any{"id": id})
			}
			p["partials"] = ls
		}
		return p
	}
	r := c.do("POST", core(cp, "plugins"), plugin()).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), "failed conditional validation given value of field 'config.policy'") {
		t.Fatalf("policy redis without a host: %s", r.raw)
	}
	// a partial without a host does not satisfy it either
	hostless := c.do("POST", core(cp, "partials"), map[string]any{"name": "hostless", "type": "redis-ce", "config": map[string]any{}}).expect(t, 201, ctJSON).str("id")
	r = c.do("POST", core(cp, "plugins"), plugin(hostless)).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), "config.policy") {
		t.Fatalf("policy redis with a hostless partial: %s", r.raw)
	}

	shared := c.do("POST", core(cp, "partials"), map[string]any{"name": "shared", "type": "redis-ce",
		"config": map[string]any{"host": "redis.internal", "port": 6380}}).expect(t, 201, ctJSON)
	pl := c.do("POST", core(cp, "plugins"), plugin(shared.str("id"))).expect(t, 201, ctJSON)
	own := defaults(pluginSchemas["rate-limiting"].fields)["redis"]
	if got := pl.body["config"].(map[string]any)["redis"]; !reflect.DeepEqual(normalized(t, got), normalized(t, own)) {
		t.Fatalf("the stored config.redis is %v, want the plugin's own defaults %v", got, own)
	}
	get := c.do("GET", core(cp, "plugins/"+pl.str("id")), nil).expect(t, 200, ctJSON)
	if !reflect.DeepEqual(get.body, pl.body) {
		t.Fatalf("GET differs from the create's answer\ncreate: %s\n   get: %s", pl.raw, get.raw)
	}
	expanded := func() map[string]any {
		t.Helper()
		return c.do("GET", core(cp, "plugins/"+pl.str("id")+"?expand_partials=true"), nil).expect(t, 200, ctJSON).body["config"].(map[string]any)
	}
	if got, want := normalized(t, expanded()["redis"]), normalized(t, shared.body["config"]); !reflect.DeepEqual(got, want) {
		t.Fatalf("expanded config.redis %v, want the partial's config %v", got, want)
	}
	if got := expanded()["minute"]; fmt.Sprint(got) != "5" {
		t.Fatalf("expanded config lost the plugin's own values: %v", expanded())
	}
	// a change to the partial reaches the plugin without rewriting it
	c.do("PUT", core(cp, "partials/"+shared.str("id")), map[string]any{"name": "shared", "type": "redis-ce",
		"config": map[string]any{"host": "redis2.internal"}}).expect(t, 200, ctJSON)
	if got := expanded()["redis"].(map[string]any)["host"]; got != "redis2.internal" {
		t.Fatalf("expanded host after the partial changed: %v", got)
	}
	if after := c.do("GET", core(cp, "plugins/"+pl.str("id")), nil).expect(t, 200, ctJSON); !reflect.DeepEqual(after.body, pl.body) {
		t.Fatalf("the partial's change rewrote the plugin\nbefore: %s\n after: %s", pl.raw, after.raw)
	}
	// the same through PUT
	c.do("PUT", core(cp, "plugins/"+pl.str("id")), plugin(shared.str("id"))).expect(t, 200, ctJSON)
	c.do("PUT", core(cp, "plugins/"+pl.str("id")), plugin()).expect(t, 400, ctJSON)
}
