package gateway

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// Contract tests: each documented behaviour of konnect-api.md, pinned for every
// collection at once. Behaviours specific to one kind live in that kind's tests.

// fixture is one core-entity collection and how to make valid members of it.
type fixture struct {
	coll string                     // path under core-entities for POST, PUT …/{id} and listing
	body func(i int) map[string]any // the i-th valid, distinct body
	name string                     // the field accepted in place of the id ("" when none)
}

// fixtures creates the parents the nested collections need and returns one
// fixture per kind. Every core collection with POST, GET, PUT and DELETE by id is here;
// the collections whose contract differs are pinned in collections_test.go: mtls-auth
// (no PUT: TestMTLSAuth), plugin schemas (addressed by the name inside the Lua schema:
// TestPluginSchemas) and the platform-style collections, data-plane client certificates,
// config stores and their secrets, group memberships (TestPlatformCollections).
func fixtures(t *testing.T, c *client, cp string) []fixture {
	t.Helper()
	c.do("POST", core(cp, "upstreams"), map[string]any{"name": "parent-up"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumers"), map[string]any{"username": "parent-consumer"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "key-sets"), map[string]any{"name": "parent-set"}).expect(t, 201, ctJSON)
	certPEM, keyPEM, _ := mocktest.CertPEM(t, "fixture.example", false)
	certID := c.do("POST", core(cp, "certificates"), map[string]any{"cert": certPEM, "key": keyPEM}).expect(t, 201, ctJSON).str("id")
	plugins := []string{"cors", "correlation-id", "request-transformer", "response-transformer", "prometheus", "grpc-web", "syslog", "statsd"}
	str := func(f string, args ...any) string { return fmt.Sprintf(f, args...) }
	return []fixture{
		{"services", func(i int) map[string]any { return map[string]any{"name": str("svc-%d", i), "host": "h.internal"} }, "name"},
		{"routes", func(i int) map[string]any { return map[string]any{"name": str("rt-%d", i), "paths": []string{"/p"}} }, "name"},
		{"plugins", func(i int) map[string]any {
			return map[string]any{"name": plugins[i%len(plugins)], "instance_name": str("pl-%d", i)}
		}, "instance_name"},
		{"consumers", func(i int) map[string]any { return map[string]any{"username": str("user-%d", i)} }, "username"},
		{"consumer_groups", func(i int) map[string]any { return map[string]any{"name": str("grp-%d", i)} }, "name"},
		{"upstreams", func(i int) map[string]any { return map[string]any{"name": str("up-%d", i)} }, "name"},
		{"upstreams/parent-up/targets", func(i int) map[string]any { return map[string]any{"target": str("10.0.0.%d:80", i+1)} }, "target"},
		{"certificates", func(i int) map[string]any { return map[string]any{"cert": certPEM, "key": keyPEM} }, ""},
		{"ca_certificates", func(i int) map[string]any {
			ca, _, _ := mocktest.CertPEM(t, str("ca-%d", i), true)
			return map[string]any{"cert": ca}
		}, ""},
		{"snis", func(i int) map[string]any {
			return map[string]any{"name": str("sni-%d.example", i), "certificate": map[string]any{"id": certID}}
		}, "name"},
		{"vaults", func(i int) map[string]any { return map[string]any{"name": "env", "prefix": str("vault-%d", i)} }, "prefix"},
		{"key-sets", func(i int) map[string]any { return map[string]any{"name": str("set-%d", i)} }, "name"},
		{"key-sets/parent-set/keys", func(i int) map[string]any {
			kid := str("kid-%d", i)
			return map[string]any{"kid": kid, "name": str("key-%d", i), "jwk": str(`{"kty":"oct","kid":%q,"k":"c2VjcmV0"}`, kid)}
		}, "name"},
		{"consumers/parent-consumer/key-auth", func(i int) map[string]any { return map[string]any{"key": str("key-%d", i)} }, "key"},
		{"consumers/parent-consumer/basic-auth", func(i int) map[string]any {
			return map[string]any{"username": str("basic-%d", i), "password": "pw"}
		}, "username"},
		{"consumers/parent-consumer/acls", func(i int) map[string]any { return map[string]any{"group": str("acl-%d", i)} }, "group"},
		{"consumers/parent-consumer/jwt", func(i int) map[string]any { return map[string]any{"key": str("jwt-%d", i)} }, "key"},
		{"consumers/parent-consumer/hmac-auth", func(i int) map[string]any { return map[string]any{"username": str("hmac-%d", i)} }, "username"},
		{"partials", func(i int) map[string]any {
			return map[string]any{"name": str("partial-%d", i), "type": "redis-ce", "config": map[string]any{}}
		}, "name"},
		{"custom-plugins", func(i int) map[string]any {
			return map[string]any{"name": str("streamed-%d", i), "schema": streamedLua(str("streamed-%d", i)), "handler": streamedHandler}
		}, "name"},
	}
}

// walk follows a core listing to its last page and returns the pages seen.
func walk(t *testing.T, c *client, first string) (pages int, items []map[string]any) {
	t.Helper()
	next := first
	for {
		pages++
		r := c.do("GET", next, nil).expect(t, 200, ctJSON)
		for _, d := range r.body["data"].([]any) {
			items = append(items, d.(map[string]any))
		}
		if strings.Contains(string(r.raw), `"next":""`) || strings.Contains(string(r.raw), `"offset":""`) {
			t.Fatalf("empty-string next/offset (Kong's client would loop forever): %s", r.raw)
		}
		if r.body["next"] == nil {
			if _, has := r.body["offset"]; has {
				t.Fatalf("last page carries an offset: %s", r.raw)
			}
			if !strings.Contains(string(r.raw), `"next":null`) {
				t.Fatalf("last page must say next: null: %s", r.raw)
			}
			return pages, items
		}
		next = r.str("next")
		u, err := url.Parse(next)
		if err != nil || u.Query().Get("offset") != r.str("offset") || r.str("offset") == "" {
			t.Fatalf("next %q does not carry offset %q", next, r.str("offset"))
		}
		if pages > 1000 {
			t.Fatal("pagination does not end")
		}
	}
}

func TestContractEveryCollection(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("contract")
	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	for _, fx := range fixtures(t, c, cp) {
		t.Run(strings.ReplaceAll(fx.coll, "/", "_"), func(t *testing.T) {
			// POST → 201 with every field, a UUID id and integer or numeric timestamps
			var ids []string
			for i := 0; i < 3; i++ {
				r := c.do("POST", core(cp, fx.coll), fx.body(i)).expect(t, 201, ctJSON)
				if !isUUID(r.str("id")) {
					t.Fatalf("id: %s", r.raw)
				}
				if _, ok := r.body["created_at"].(json.Number); !ok {
					t.Fatalf("created_at: %s", r.raw)
				}
				ids = append(ids, r.str("id"))
			}

			// unknown fields are rejected, on POST and PUT, and nothing is written
			bad := fx.body(90)
			bad["bogus_field"] = 1
			want := `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"bogus_field","messages":["unknown field"]}]}`
			c.do("POST", core(cp, fx.coll), bad).expect(t, 400, ctJSON).jsonEq(t, want)
			c.do("PUT", core(cp, fx.coll+"/0d9a1c55-3f1e-4a57-a7b5-0c3c8c2f0e11"), bad).expect(t, 400, ctJSON).jsonEq(t, want)

			// pagination to the last page, size=1: one page per entity, next null at the end
			_, all := walk(t, c, core(cp, fx.coll+"?size=1000"))
			pages, items := walk(t, c, core(cp, fx.coll+"?size=1"))
			if len(all) < 3 || pages != len(all) || len(items) != len(all) {
				t.Fatalf("%d pages, %d items, %d in one page", pages, len(items), len(all))
			}
			for i := range items {
				if items[i]["id"] != all[i]["id"] {
					t.Fatalf("paged order differs at %d", i)
				}
			}

			// GET by id, and by name where the kind has one
			got := c.do("GET", core(cp, fx.coll+"/"+ids[0]), nil).expect(t, 200, ctJSON)
			if fx.name != "" {
				obj := got.body
				if g, ok := obj["consumer_group"].(map[string]any); ok { // ConsumerGroupInsideWrapper
					obj = g
				}
				name := fmt.Sprint(obj[fx.name])
				byName := c.do("GET", core(cp, fx.coll+"/"+url.PathEscape(name)), nil).expect(t, 200, ctJSON)
				if string(byName.raw) != string(got.raw) {
					t.Fatalf("by name %s\nby id %s", byName.raw, got.raw)
				}
				// PUT by name replaces the same entity
				if r := c.do("PUT", core(cp, fx.coll+"/"+url.PathEscape(name)), fx.body(0)).expect(t, 200, ctJSON); r.str("id") != ids[0] {
					t.Fatalf("PUT by name: %s", r.raw)
				}
			}
			c.do("GET", core(cp, fx.coll+"/7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"), nil).expect(t, 404, ctJSON).jsonEq(t, `{"code":5,"message":"not found"}`)

			// PUT to a client-chosen id creates it with that id (200), repeats idempotently,
			// and replaces the whole object, keeping id and created_at
			chosen := "3c7a4f0e-2b1d-4e8f-9a6b-5d4c3b2a1f0e"
			body := fx.body(5)
			body["id"] = chosen
			created := c.do("PUT", core(cp, fx.coll+"/"+chosen), body).expect(t, 200, ctJSON)
			if created.str("id") != chosen {
				t.Fatalf("upsert create: %s", created.raw)
			}
			again := c.do("PUT", core(cp, fx.coll+"/"+chosen), body).expect(t, 200, ctJSON)
			if fmt.Sprint(again.body["created_at"]) != fmt.Sprint(created.body["created_at"]) {
				t.Fatalf("repeat PUT: %s", again.raw)
			}
			body = fx.body(5)
			body["tags"] = []string{"replaced"}
			replaced := c.do("PUT", core(cp, fx.coll+"/"+chosen), body).expect(t, 200, ctJSON)
			if replaced.str("id") != chosen || fmt.Sprint(replaced.body["tags"]) != "[replaced]" ||
				fmt.Sprint(replaced.body["created_at"]) != fmt.Sprint(created.body["created_at"]) {
				t.Fatalf("replace: %s", replaced.raw)
			}
			c.do("PATCH", core(cp, fx.coll+"/"+chosen), body).expect(t, 405, ctJSON)

			// DELETE → 204, also when already gone
			c.do("DELETE", core(cp, fx.coll+"/"+chosen), nil).expect(t, 204, "")
			c.do("DELETE", core(cp, fx.coll+"/"+chosen), nil).expect(t, 204, "")
			c.do("GET", core(cp, fx.coll+"/"+chosen), nil).expect(t, 404, ctJSON)
		})
	}
}

// Kong's sync tooling lists every collection with ?size=1000 before writing; in an
// empty control plane each answers exactly {"data":[],"next":null}.
func TestContractSyncListingsOfAnEmptyControlPlane(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("empty")
	for _, coll := range []string{
		"services", "routes", "plugins", "consumers", "consumer_groups", "upstreams", "certificates", "ca_certificates",
		"snis", "vaults", "keys", "key-sets", "partials", "mtls-auths", "key-auths", "basic-auths", "hmac-auths",
		"jwts", "acls", "degraphql_routes", "filter-chains", "ai-models", "targets",
	} {
		c.do("GET", core(cp, coll+"?size=1000"), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)
	}
}

func TestContractControlPlanePagesToTheEnd(t *testing.T) {
	c := newMock(t, testOptions{})
	for i := 0; i < 7; i++ {
		c.mustCP(fmt.Sprintf("page-%d", i))
	}
	var names []string
	for n := 1; ; n++ {
		r := c.do("GET", fmt.Sprintf("/v2/control-planes?page[size]=3&page[number]=%d", n), nil).expect(t, 200, ctJSON)
		page := r.body["meta"].(map[string]any)["page"].(map[string]any)
		if fmt.Sprintf("%v %v %v", page["number"], page["size"], page["total"]) != fmt.Sprintf("%d 3 7", n) {
			t.Fatalf("meta %s", r.raw)
		}
		data := r.body["data"].([]any)
		for _, d := range data {
			names = append(names, d.(map[string]any)["name"].(string))
		}
		if n*3 >= 7 {
			if len(data) != 1 {
				t.Fatalf("last page: %s", r.raw)
			}
			break
		}
	}
	if strings.Join(names, ",") != "page-0,page-1,page-2,page-3,page-4,page-5,page-6" {
		t.Fatalf("names %v", names)
	}
}

func TestContractRuntimeGroups(t *testing.T) {
	c := newMock(t, testOptions{})
	c.do("GET", "/konnect-api/api/runtime_groups", nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"page":1,"pageCount":1}`)
	a, b := c.mustCP("rg-a"), c.mustCP("rg-b")
	c.do("GET", "/konnect-api/api/runtime_groups", nil).expect(t, 200, ctJSON).
		jsonEq(t, fmt.Sprintf(`{"data":[{"id":%q,"name":"rg-a"},{"id":%q,"name":"rg-b"}],"page":1,"pageCount":1}`, a, b))
	r := c.do("POST", "/konnect-api/api/runtime_groups", map[string]any{}).expect(t, 405, ctProblem)
	if r.header.Get("Allow") != "GET" {
		t.Fatalf("Allow %q", r.header.Get("Allow"))
	}
	// without a token: TestContractErrorStyles in package konnectmock
}

// The JSON schemas describe exactly what the server fills in: every default they
// declare is the value a minimal object gets.
func TestContractJSONSchemasMatchDefaults(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("schemas")
	c.do("POST", core(cp, "upstreams"), map[string]any{"name": "u0"}).expect(t, 201, ctJSON)
	minimal := map[string]struct {
		coll     string
		body     map[string]any
		required string
	}{
		"service":  {"services", map[string]any{"host": "h"}, "[host]"},
		"route":    {"routes", map[string]any{"paths": []string{"/"}}, ""},
		"upstream": {"upstreams", map[string]any{"name": "u1"}, "[name]"},
		"target":   {"upstreams/u0/targets", map[string]any{"target": "10.0.0.1:80"}, "[target upstream]"},
	}
	for name, m := range minimal {
		sch := c.do("GET", core(cp, "v1/schemas/json/"+name), nil).expect(t, 200, ctJSON)
		if sch.body["type"] != "object" || sch.body["additionalProperties"] != false || fmt.Sprint(sch.body["required"]) != fmt.Sprint(orNil(m.required)) {
			t.Fatalf("%s schema header: %s", name, sch.raw)
		}
		obj := c.do("POST", core(cp, m.coll), m.body).expect(t, 201, ctJSON)
		checked := 0
		for prop, raw := range sch.body["properties"].(map[string]any) {
			p := raw.(map[string]any)
			def, has := p["default"]
			got, present := obj.body[prop]
			if !has || !present {
				continue
			}
			checked++
			if !jsonEqual(def, got) {
				t.Errorf("%s.%s: schema default %v, created object %v", name, prop, def, got)
			}
		}
		if checked < 2 {
			t.Errorf("%s: only %d defaults checked", name, checked)
		}
		for prop := range obj.body {
			if _, ok := sch.body["properties"].(map[string]any)[prop]; !ok {
				t.Errorf("%s: returned field %q missing from the schema", name, prop)
			}
		}
	}
}

func orNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Plugin schemas: Kong's {"fields":[…,{"config":{"type":"record","fields":[…]}}]},
// whose config defaults are what a plugin created without config gets.
func TestContractPluginSchemasMatchDefaults(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("plugin-schemas")
	configs := map[string]map[string]any{
		"rate-limiting": {"minute": 5}, "key-auth": {}, "cors": {}, "request-transformer": {}, "response-transformer": {},
		"acl": {"allow": []string{"a"}}, "jwt": {}, "openid-connect": {"issuer": "https://idp.example"},
		"correlation-id": {}, "http-log": {"http_endpoint": "http://log.example"}, "basic-auth": {},
	}
	for name, cfg := range configs {
		sch := c.do("GET", core(cp, "schemas/plugins/"+name), nil).expect(t, 200, ctJSON)
		fields := sch.body["fields"].([]any)
		last := fields[len(fields)-1].(map[string]any)["config"].(map[string]any)
		if last["type"] != "record" {
			t.Fatalf("%s: %s", name, sch.raw)
		}
		p := c.do("POST", core(cp, "plugins"), map[string]any{"name": name, "config": cfg}).expect(t, 201, ctJSON)
		got := p.body["config"].(map[string]any)
		for _, f := range last["fields"].([]any) {
			for fname, d := range f.(map[string]any) {
				def, has := d.(map[string]any)["default"]
				if _, given := cfg[fname]; !has || given {
					continue
				}
				if !jsonEqual(def, got[fname]) {
					t.Errorf("%s config.%s: schema default %v, created %v", name, fname, def, got[fname])
				}
			}
		}
	}
}

func jsonEqual(a, b any) bool {
	na, nb := decodeJSONValue(a), decodeJSONValue(b)
	return reflect.DeepEqual(na, nb)
}

func decodeJSONValue(v any) any {
	raw, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(raw, &out)
	return out
}
