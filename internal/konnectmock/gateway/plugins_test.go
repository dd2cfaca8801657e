package gateway

import (
	"fmt"
	"strings"
	"testing"
)

func TestPlugins(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("plugins")
	sid := c.do("POST", core(cp, "services"), map[string]any{"host": "a", "name": "orders"}).expect(t, 201, ctJSON).str("id")
	rid := c.do("POST", core(cp, "routes"), map[string]any{"name": "r", "paths": []string{"/"}, "service": map[string]any{"id": sid}}).expect(t, 201, ctJSON).str("id")

	r := c.do("POST", core(cp, "plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"minute": 5}}).expect(t, 201, ctJSON)
	r.jsonEq(t, `{"name":"rate-limiting","instance_name":null,"enabled":true,"protocols":["grpc","grpcs","http","https"],
		"service":null,"route":null,"consumer":null,"consumer_group":null,"ordering":null,"condition":null,"partials":null,"tags":null,
		"config":{"second":null,"minute":5,"hour":null,"day":null,"month":null,"year":null,"limit_by":"consumer",
		"header_name":null,"path":null,"policy":"local","fault_tolerant":true,"hide_client_headers":false,
		"redis":{"host":null,"port":6379,"username":null,"password":null,"database":0,"timeout":2000,
		"ssl":false,"ssl_verify":true,"server_name":null,"cloud_authentication":null},
		"error_code":429,"error_message":"API rate limit exceeded","sync_rate":-1}}`, "id", "created_at", "updated_at")

	// one plugin of a name per scope
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"hour": 5}}).expect(t, 400, ctJSON)
	nested := c.do("POST", core(cp, "services/orders/plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"hour": 5}}).expect(t, 201, ctJSON)
	if nested.body["service"].(map[string]any)["id"] != sid {
		t.Fatalf("nested scope: %s", nested.raw)
	}
	c.do("POST", core(cp, "routes/r/plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"hour": 5}}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "rate-limiting", "route": map[string]any{"id": rid}, "config": map[string]any{"hour": 5}}).expect(t, 400, ctJSON)

	defaults := map[string]string{
		"key-auth":             `{"key_names":["apikey"],"hide_credentials":true,"anonymous":null,"key_in_header":true,"key_in_query":true,"key_in_body":false,"run_on_preflight":true,"realm":null,"identity_realms":[{"id":null,"region":null,"scope":"cp"}],"principals":{"directory":"default","enabled":false,"error_on_miss":true}}`,
		"correlation-id":       `{"header_name":"Kong-Request-ID","generator":"uuid#counter","echo_downstream":false}`,
		"request-transformer":  `{"http_method":null,"remove":{"body":[],"headers":[],"querystring":[]},"rename":{"body":[],"headers":[],"querystring":[]},"replace":{"body":[],"headers":[],"querystring":[],"uri":null},"add":{"body":[],"headers":[],"querystring":[]},"append":{"body":[],"headers":[],"querystring":[]}}`,
		"response-transformer": `{"remove":{"headers":[],"json":[]},"rename":{"headers":[],"json":[]},"replace":{"headers":[],"json":[],"json_types":[]},"add":{"headers":[],"json":[],"json_types":[]},"append":{"headers":[],"json":[],"json_types":[]}}`,
		"jwt":                  `{"uri_param_names":["jwt"],"cookie_names":[],"header_names":["authorization"],"claims_to_verify":null,"key_claim_name":"iss","secret_is_base64":false,"anonymous":null,"run_on_preflight":true,"maximum_expiration":0,"realm":null}`,
		"cors":                 `{"origins":null,"headers":null,"exposed_headers":null,"methods":["CONNECT","DELETE","GET","HEAD","OPTIONS","PATCH","POST","PUT","TRACE"],"max_age":null,"credentials":false,"private_network":false,"preflight_continue":false,"allow_origin_absent":true}`,
	}
	for name, want := range defaults {
		r := c.do("POST", core(cp, "services/"+sid+"/plugins"), map[string]any{"name": name}).expect(t, 201, ctJSON)
		if got := string(marshal(r.body["config"])); strings.TrimSpace(got) != strings.TrimSpace(string(marshal(decodeJSON(t, want)))) {
			t.Errorf("%s config\n got %s\nwant %s", name, got, want)
		}
	}
	r = c.do("POST", core(cp, "plugins"), map[string]any{"name": "http-log", "config": map[string]any{"http_endpoint": "http://log.internal", "queue": map[string]any{"max_batch_size": 10}}}).expect(t, 201, ctJSON)
	if q := r.body["config"].(map[string]any)["queue"].(map[string]any); fmt.Sprint(q["max_batch_size"]) != "10" || fmt.Sprint(q["max_entries"]) != "10000" {
		t.Fatalf("http-log queue: %s", r.raw)
	}
	// openid-connect's hundreds of settings are all known: a key it lacks is refused
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "openid-connect", "config": map[string]any{"issuer": "https://idp/", "anything_else": 1}}).expect(t, 400, ctJSON)
	r = c.do("POST", core(cp, "plugins"), map[string]any{"name": "openid-connect", "config": map[string]any{"issuer": "https://idp/"}}).expect(t, 201, ctJSON)
	if cfg := r.body["config"].(map[string]any); fmt.Sprint(cfg["scopes"]) != "[openid]" {
		t.Fatalf("openid-connect: %s", r.raw)
	}
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "acl", "config": map[string]any{"allow": []string{"a"}}}).expect(t, 201, ctJSON)

	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	bad := map[string]string{
		`{"name":"nope"}`: `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"name","messages":["plugin 'nope' not enabled; add it to the 'plugins' configuration property"]}]}`,
		`{"name":"correlation-id","route":{"id":"` + rid + `"},"config":{"colour":1}}`: `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"config.colour","messages":["unknown field"]}]}`,
		`{"name":"rate-limiting","route":{"id":"` + rid + `"},"config":{}}`:            `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_ENTITY","messages":["at least one of these fields must be non-empty: 'config.second', 'config.minute', 'config.hour', 'config.day', 'config.month', 'config.year'"]}]}`,
		`{"name":"http-log","route":{"id":"` + rid + `"}}`:                             `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_ENTITY","messages":["missing properties: 'config.http_endpoint'"]}]}`,
		`{}`: `{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_ENTITY","messages":["missing properties: 'name'"]}]}`,
	}
	for body, want := range bad {
		c.do("POST", core(cp, "plugins"), body).expect(t, 400, ctJSON).jsonEq(t, want)
	}
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "acl", "route": map[string]any{"id": rid}, "config": map[string]any{"allow": []string{"a"}, "deny": []string{"b"}}}).expect(t, 400, ctJSON)

	// instance_name is a lookup key, and the filter matches the plugin name
	c.do("PUT", core(cp, "plugins/my-cors"), map[string]any{"name": "cors", "route": map[string]any{"id": rid}}).expect(t, 200, ctJSON)
	if c.do("GET", core(cp, "plugins/my-cors"), nil).expect(t, 200, ctJSON).str("instance_name") != "my-cors" {
		t.Fatal("instance_name lookup")
	}
	list := c.do("GET", core(cp, "plugins?filter[name][eq]=rate-limiting"), nil).expect(t, 200, ctJSON)
	if n := len(list.body["data"].([]any)); n != 3 {
		t.Fatalf("filter by plugin name: %d", n)
	}
	if n := len(c.do("GET", core(cp, "services/orders/plugins"), nil).body["data"].([]any)); n != 7 {
		t.Fatalf("service plugins: %d", n)
	}

	// deleting a scope deletes its plugins (Kong cascades); routes still block the service
	c.do("DELETE", core(cp, "routes/r"), nil).expect(t, 204, "")
	c.do("GET", core(cp, "plugins/my-cors"), nil).expect(t, 404, ctJSON)
	c.do("DELETE", core(cp, "services/orders"), nil).expect(t, 204, "")
	if n := len(c.do("GET", core(cp, "plugins"), nil).body["data"].([]any)); n != 4 {
		t.Fatalf("global plugins left: %d", n)
	}
}
