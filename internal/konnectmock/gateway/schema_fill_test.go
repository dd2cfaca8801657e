package gateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// Clients such as decK fill every default a schema advertises and send it. These
// tests do the same, with the algorithms of Kong's Go client restated here: a JSON
// schema's object properties are recursed into unless additionalProperties is false
// (or a schema: a map), other properties take their default or null; a Kong plugin
// schema's records are recursed into when given or required, other fields take their
// default or null. A filled object must be accepted and read back unchanged, and a
// minimal object must read back as the filled one.

// jsonDefaults flattens a JSON schema's properties into the defaults document.
func jsonDefaults(props map[string]any) map[string]any {
	out := map[string]any{}
	for name, raw := range props {
		p, _ := raw.(map[string]any)
		ap, hasAP := p["additionalProperties"]
		if p["type"] == "object" && (!hasAP || ap == true) {
			sub, _ := p["properties"].(map[string]any)
			out[name] = jsonDefaults(sub)
			continue
		}
		out[name] = p["default"] // nil when absent
	}
	return out
}

// mergeDefaults fills obj's absent or null fields from defaults, recursing into objects.
func mergeDefaults(obj, defaults map[string]any) {
	for k, d := range defaults {
		cur, present := obj[k]
		if cm, ok := cur.(map[string]any); ok {
			if dm, ok := d.(map[string]any); ok {
				mergeDefaults(cm, dm)
			}
			continue
		}
		if !present || cur == nil {
			obj[k] = d
		}
	}
}

// kongFill fills a plugin config record the way Kong's Go client does.
func kongFill(record map[string]any, cfg map[string]any) map[string]any {
	out := maps.Clone(cfg)
	fields, _ := record["fields"].([]any)
	for _, raw := range fields {
		for name, spec := range raw.(map[string]any) {
			f := spec.(map[string]any)
			v, set := cfg[name]
			if set {
				switch v.(type) {
				case map[string]any:
					if f["keys"] != nil && f["values"] != nil {
						continue // an arbitrary map is fully set
					}
				case []any:
					continue
				default:
					if v != nil {
						continue
					}
				}
			}
			if f["type"] == "record" && (v != nil || f["required"] == true) {
				sub, _ := v.(map[string]any)
				if sub == nil {
					sub = map[string]any{}
				}
				out[name] = kongFill(f, sub)
				continue
			}
			out[name] = f["default"]
		}
	}
	return out
}

// normalized round-trips v through JSON so numbers compare as their text.
func normalized(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func without(m map[string]any, keys ...string) map[string]any {
	out := maps.Clone(m)
	for _, k := range keys {
		delete(out, k)
	}
	return out
}

// serverComputed are fields whose stored value the server derives from the input
// rather than from a default, so a filled document cannot predict them.
var serverComputed = map[string][]string{
	"basic_auth": {"password"}, // stored hashed
	"jwt":        {"secret"},   // generated for HS256 when absent
	"hmac_auth":  {"secret"},   // generated when absent
	"partial":    {"config"},   // the defaults depend on the type; TestPartials checks them
}

func TestFilledJSONDefaultsReadBackUnchanged(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("fill-json")
	fx := fixtures(t, c, cp)
	caPEM, _, _ := mocktest.CertPEM(t, "mtls ca", true)
	caID := c.do("POST", core(cp, "ca_certificates"), map[string]any{"cert": caPEM}).expect(t, 201, ctJSON).str("id")
	fx = append(fx, fixture{"consumers/parent-consumer/mtls-auth", func(int) map[string]any {
		return map[string]any{"subject_name": "client.example", "ca_certificate": map[string]any{"id": caID}}
	}, ""})
	covered := map[string]bool{"plugin": true} // plugins: TestFilledPluginDefaultsReadBackUnchanged
	for _, f := range fx {
		segs := strings.Split(f.coll, "/")
		k := kindIndex[segs[len(segs)-1]]
		covered[k.singular] = true
		if k.singular == "plugin" {
			continue
		}
		base := f.body(0) // once: some fixtures make a fresh certificate per call
		t.Run(k.singular, func(t *testing.T) {
			sch := c.do("GET", core(cp, "v1/schemas/json/"+k.singular), nil).expect(t, 200, ctJSON).body
			props := sch["properties"].(map[string]any)
			skip := []string{"id", "created_at", "updated_at"}
			skip = append(skip, serverComputed[k.singular]...)
			for name, p := range props {
				if pm := p.(map[string]any); pm["readOnly"] == true || pm["writeOnly"] == true {
					skip = append(skip, name)
				}
			}
			if len(segs) > 1 { // nested: the parent reference comes from the path
				skip = append(skip, k.parents[kindIndex[segs[0]].name])
			}
			filled := clone(base).(map[string]any)
			mergeDefaults(filled, jsonDefaults(props))
			for name, v := range filled {
				if m, ok := v.(map[string]any); ok && len(m) == 0 && slices.Contains([]string{"client_certificate", "service", "certificate", "consumer", "set", "upstream", "ca_certificate"}, name) {
					t.Fatalf("a client would send %s: {} (a reference not marked additionalProperties: false)", name)
				}
			}
			created := c.do("POST", core(cp, f.coll), filled)
			if created.status != 201 {
				t.Fatalf("the filled document %v was refused: %d %s", normalized(t, filled), created.status, created.raw)
			}
			id := created.str("id")
			// Konnect answers GET of one consumer group inside {"consumer_group": …, "consumers": […]}.
			unwrap := func(obj map[string]any) map[string]any {
				if g, ok := obj["consumer_group"].(map[string]any); ok && k.singular == "consumer_group" {
					return g
				}
				return obj
			}
			got := unwrap(c.do("GET", core(cp, f.coll+"/"+id), nil).expect(t, 200, ctJSON).body)
			want := normalized(t, without(filled, skip...))
			if have := normalized(t, without(got, skip...)); !reflect.DeepEqual(have, want) {
				t.Fatalf("read back differs from what was sent\n sent: %v\n read: %v", want, have)
			}
			if !k.noPut { // a write carrying every field at its default is accepted by PUT too
				c.do("PUT", core(cp, f.coll+"/"+id), filled).expect(t, 200, ctJSON)
			}

			// the same object, minimal, reads back as the filled one
			c.do("DELETE", core(cp, f.coll+"/"+id), nil).expect(t, 204, "")
			minimal := c.do("POST", core(cp, f.coll), clone(base)).expect(t, 201, ctJSON)
			mgot := unwrap(c.do("GET", core(cp, f.coll+"/"+minimal.str("id")), nil).expect(t, 200, ctJSON).body)
			if have := normalized(t, without(mgot, skip...)); !reflect.DeepEqual(have, want) {
				t.Fatalf("minimal object reads back differently from the filled one\n filled: %v\nminimal: %v", want, have)
			}
		})
	}
	for _, k := range kindList {
		if !covered[k.singular] {
			t.Errorf("kind %s has no fixture in this test", k.singular)
		}
	}
}

// minimalPluginConfigs are the smallest configs each plugin accepts.
var minimalPluginConfigs = map[string]map[string]any{
	"rate-limiting":  {"minute": 5},
	"acl":            {"allow": []any{"admins"}},
	"http-log":       {"http_endpoint": "http://logs.internal/ingest"},
	"openid-connect": {"issuer": "https://idp.example/"},
}

func TestFilledPluginDefaultsReadBackUnchanged(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("fill-plugins")
	for _, name := range slices.Sorted(maps.Keys(pluginSchemas)) {
		t.Run(name, func(t *testing.T) {
			doc := c.do("GET", core(cp, "schemas/plugins/"+name), nil).expect(t, 200, ctJSON).body
			var cfgRecord map[string]any
			plugin := map[string]any{"name": name}
			for _, raw := range doc["fields"].([]any) {
				for fname, spec := range raw.(map[string]any) {
					switch fname {
					case "config":
						cfgRecord = spec.(map[string]any)
					case "protocols", "enabled":
						plugin[fname] = spec.(map[string]any)["default"]
					}
				}
			}
			minCfg := minimalPluginConfigs[name]
			if minCfg == nil {
				minCfg = sampleConfig(pluginSchemas[name].fields)
			}
			plugin["config"] = kongFill(cfgRecord, minCfg)
			created := c.do("POST", core(cp, "plugins"), plugin)
			if created.status != 201 {
				t.Fatalf("the filled plugin %v was refused: %d %s", normalized(t, plugin), created.status, created.raw)
			}
			id := created.str("id")
			got := c.do("GET", core(cp, "plugins/"+id), nil).expect(t, 200, ctJSON).body
			for _, k := range []string{"config", "protocols", "enabled"} {
				if have, want := normalized(t, got[k]), normalized(t, plugin[k]); !reflect.DeepEqual(have, want) {
					t.Fatalf("%s read back differs from what was sent (a client would see a diff after every sync)\n sent: %v\n read: %v", k, want, have)
				}
			}
			c.do("DELETE", core(cp, "plugins/"+id), nil).expect(t, 204, "")
			minimal := c.do("POST", core(cp, "plugins"), map[string]any{"name": name, "config": minCfg}).expect(t, 201, ctJSON)
			mgot := c.do("GET", core(cp, "plugins/"+minimal.str("id")), nil).expect(t, 200, ctJSON).body
			if have, want := normalized(t, without(mgot, "id", "created_at", "updated_at")), normalized(t, without(got, "id", "created_at", "updated_at")); !reflect.DeepEqual(have, want) {
				t.Fatalf("minimal plugin reads back differently from the filled one\n filled: %v\nminimal: %v", want, have)
			}
			c.do("DELETE", core(cp, "plugins/"+minimal.str("id")), nil).expect(t, 204, "")
		})
	}
}

// The failures Kong's own clients met, each as the client sends it.
func TestWritesKongClientsSend(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("clients")
	// Kong's provider: every field of the current schema, null when unset
	svc := c.do("POST", core(cp, "services"), map[string]any{"host": "a.internal", "tls_sans": nil, "client_certificate": nil}).expect(t, 201, ctJSON)
	r := c.do("PUT", core(cp, "services/"+svc.str("id")), map[string]any{"host": "a.internal",
		"tls_sans": map[string]any{"dnsnames": []string{"a.internal"}, "uris": nil}}).expect(t, 200, ctJSON)
	if got := fmt.Sprint(r.body["tls_sans"]); got != "map[dnsnames:[a.internal] uris:<nil>]" {
		t.Fatalf("tls_sans: %s", r.raw)
	}
	r = c.do("POST", core(cp, "services"), map[string]any{"host": "b.internal", "tls_sans": map[string]any{"emails": []string{"x"}}}).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"tls_sans.emails"`) {
		t.Fatalf("unknown tls_sans field: %s", r.raw)
	}
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "cors", "condition": nil, "partials": nil}).expect(t, 201, ctJSON)
	r = c.do("POST", core(cp, "plugins"), map[string]any{"name": "key-auth", "condition": strings.Repeat("x", 1025)}).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"condition"`) || !strings.Contains(string(r.raw), "length must be <= 1024") {
		t.Fatalf("long condition: %s", r.raw)
	}
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "key-auth", "condition": `http.path ^= "/api"`}).expect(t, 201, ctJSON)

	// decK: priority 0 beside traditional matchers, regex_priority 0 beside an expression
	rt := c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/a"}, "priority": 0, "regex_priority": 0}).expect(t, 201, ctJSON)
	if fmt.Sprint(rt.body["priority"], " ", rt.body["regex_priority"]) != "0 0" {
		t.Fatalf("traditional route: %s", rt.raw)
	}
	ex := c.do("POST", core(cp, "routes"), map[string]any{"expression": `http.path == "/b"`, "regex_priority": 0, "priority": 7}).expect(t, 201, ctJSON)
	if fmt.Sprint(ex.body["priority"], " ", ex.body["regex_priority"]) != "7 0" {
		t.Fatalf("expression route: %s", ex.raw)
	}
	// a value other than the default still belongs to one style only
	r = c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/c"}, "priority": 3}).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"priority"`) {
		t.Fatalf("priority on a traditional route: %s", r.raw)
	}
	// a reference is marked so that no client fills it as {}
	props := c.do("GET", core(cp, "v1/schemas/json/service"), nil).body["properties"].(map[string]any)
	if cc := props["client_certificate"].(map[string]any); cc["additionalProperties"] != false {
		t.Fatalf("client_certificate schema: %v", cc)
	}
}
