package gateway

import (
	"fmt"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

func TestPartials(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("partials")
	p := c.do("POST", core(cp, "partials"), map[string]any{"name": "shared-redis", "type": "redis-ce", "config": map[string]any{"host": "redis.internal"}}).expect(t, 201, ctJSON)
	p.jsonEq(t, `{"name":"shared-redis","type":"redis-ce","tags":null,"config":{"host":"redis.internal","port":6379,
		"username":null,"password":null,"database":0,"timeout":2000,"ssl":false,"ssl_verify":true,"server_name":null,
		"cloud_authentication":null}}`, "id", "created_at", "updated_at")
	pid := p.str("id")
	c.do("POST", core(cp, "partials"), map[string]any{"name": "shared-redis", "type": "redis-ee", "config": map[string]any{}}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "partials"), map[string]any{"type": "redis-ee", "config": map[string]any{}}).expect(t, 201, ctJSON) // name is nullable
	r := c.do("POST", core(cp, "partials"), map[string]any{"type": "memcached", "config": map[string]any{}}).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"type"`) {
		t.Fatalf("unknown type: %s", r.raw)
	}

	// a plugin links to it; name and path come from the partial
	pl := c.do("POST", core(cp, "plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"minute": 5},
		"partials": []any{map[string]any{"id": pid}}}).expect(t, 201, ctJSON)
	if got := fmt.Sprint(pl.body["partials"]); got != fmt.Sprintf("[map[id:%s name:shared-redis path:config.redis]]", pid) {
		t.Fatalf("partials: %s", pl.raw)
	}
	missing := "0b7f0b4e-2a1f-4a55-9d3c-6a1f0c0c0c0c"
	r = c.do("POST", core(cp, "plugins"), map[string]any{"name": "rate-limiting", "route": nil, "config": map[string]any{"minute": 5},
		"instance_name": "other", "partials": []any{map[string]any{"id": missing}}}).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), `"field":"partials"`) || !strings.Contains(string(r.raw), missing) {
		t.Fatalf("missing partial: %s", r.raw)
	}
	// deleting a partial a plugin uses is refused, naming the plugin
	r = c.do("DELETE", core(cp, "partials/"+pid), nil).expect(t, 400, ctJSON)
	if !strings.Contains(string(r.raw), "rate-limiting") || !strings.Contains(string(r.raw), pl.str("id")) {
		t.Fatalf("delete of a used partial: %s", r.raw)
	}
	c.do("DELETE", core(cp, "plugins/"+pl.str("id")), nil).expect(t, 204, "")
	c.do("DELETE", core(cp, "partials/"+pid), nil).expect(t, 204, "")
	c.do("GET", core(cp, "partials/"+pid), nil).expect(t, 404, ctJSON)
}

func TestMTLSAuth(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("mtls")
	c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 201, ctJSON)
	ca, _, _ := mocktest.CertPEM(t, "mtls CA", true)
	caID := c.do("POST", core(cp, "ca_certificates"), map[string]any{"cert": ca}).expect(t, 201, ctJSON).str("id")
	m := c.do("POST", core(cp, "consumers/alice/mtls-auth"), map[string]any{"subject_name": "alice.example", "ca_certificate": map[string]any{"id": caID}}).expect(t, 201, ctJSON)
	id := m.str("id")
	c.do("GET", core(cp, "consumers/alice/mtls-auth/"+id), nil).expect(t, 200, ctJSON)
	r := c.do("PUT", core(cp, "consumers/alice/mtls-auth/"+id), map[string]any{"subject_name": "x"}).expect(t, 405, ctJSON)
	if r.header.Get("Allow") != "GET, DELETE" {
		t.Fatalf("Allow %q", r.header.Get("Allow"))
	}
	c.do("POST", core(cp, "consumers/alice/mtls-auth"), map[string]any{}).expect(t, 400, ctJSON)
	if got := c.do("GET", core(cp, "mtls-auths?size=1000"), nil).expect(t, 200, ctJSON).body["data"].([]any); len(got) != 1 {
		t.Fatalf("mtls-auths listing: %v", got)
	}
	c.do("DELETE", core(cp, "consumers/alice/mtls-auth/"+id), nil).expect(t, 204, "")
	c.do("GET", core(cp, "mtls-auths"), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)
}

func TestSyncListings(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("sync")
	for _, coll := range []string{"partials", "mtls-auths", "key-auths", "basic-auths", "hmac-auths", "jwts", "acls",
		"degraphql_routes", "filter-chains", "ai-models", "targets", "custom-plugins"} {
		c.do("GET", core(cp, coll+"?size=1000"), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)
	}
	c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumers/alice/acls"), map[string]any{"group": "admins"}).expect(t, 201, ctJSON)
	if got := c.do("GET", core(cp, "acls?size=1000"), nil).body["data"].([]any); len(got) != 1 {
		t.Fatalf("acls holds the real content: %v", got)
	}
}

const demoLua = `-- a custom plugin
local typedefs = require "kong.db.schema.typedefs"
return {
  name = "my-header",
  fields = {
    { protocols = typedefs.protocols_http },
    { config = { type = "record", fields = {
        { header = { type = "string", default = "X-Demo" } }, -- [[ not a long comment ]]
        { note = { type = "string", default = [[a "long" string]] } },
    } } },
  },
}
`

func TestPluginSchemas(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("custom")
	c.do("POST", core(cp, "plugins"), map[string]any{"name": "my-header"}).expect(t, 400, ctJSON)
	r := c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": demoLua}).expect(t, 201, ctJSON)
	if item, _ := r.body["item"].(map[string]any); item["name"] != "my-header" || item["lua_schema"] != demoLua {
		t.Fatalf("created: %s", r.raw)
	}
	c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": demoLua}).expect(t, 409, ctProblem)
	c.do("GET", core(cp, "plugin-schemas/my-header"), nil).expect(t, 200, ctJSON)
	for _, bad := range []string{`return { name = "x", fields = {`, `return { fields = {} }`, `return { name = "x }`, `name = "x"`} {
		r := c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": bad}).expect(t, 400, ctProblem)
		if !strings.Contains(string(r.raw), `"field":"lua_schema"`) {
			t.Fatalf("%q: %s", bad, r.raw)
		}
	}
	r = c.do("PUT", core(cp, "plugin-schemas/other"), map[string]any{"lua_schema": demoLua}).expect(t, 400, ctProblem)
	if !strings.Contains(string(r.raw), "does not match the name in the path") {
		t.Fatalf("PUT under another name: %s", r.raw)
	}
	c.do("PUT", core(cp, "plugin-schemas/my-header"), map[string]any{"lua_schema": demoLua + "\n"}).expect(t, 200, ctJSON)

	pl := c.do("POST", core(cp, "plugins"), map[string]any{"name": "my-header", "config": map[string]any{"header": "X-A"}}).expect(t, 201, ctJSON)
	if fmt.Sprint(pl.body["config"]) != `map[header:X-A note:a "long" string]` {
		t.Fatalf("custom plugin config: %s", pl.raw)
	}
	r = c.do("DELETE", core(cp, "plugin-schemas/my-header"), nil).expect(t, 400, ctProblem)
	if !strings.Contains(string(r.raw), pl.str("id")) {
		t.Fatalf("delete of a used schema: %s", r.raw)
	}
	c.do("DELETE", core(cp, "plugins/"+pl.str("id")), nil).expect(t, 204, "")
	c.do("DELETE", core(cp, "plugin-schemas/my-header"), nil).expect(t, 204, "")
	c.do("GET", core(cp, "plugin-schemas/my-header"), nil).expect(t, 404, ctProblem)
}

func TestPlatformCollections(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("platform")
	base := "/v2/control-planes/" + cp

	// data-plane client certificates
	certPEM, _, _ := mocktest.CertPEM(t, "dp.example", false)
	r := c.do("POST", base+"/dp-client-certificates", map[string]any{"cert": certPEM}).expect(t, 201, ctJSON)
	item, _ := r.body["item"].(map[string]any)
	if item["cert"] != certPEM || item["id"] == nil {
		t.Fatalf("dp cert: %s", r.raw)
	}
	c.do("POST", base+"/dp-client-certificates", map[string]any{"cert": "nope"}).expect(t, 400, ctProblem)
	c.do("POST", base+"/dp-client-certificates", map[string]any{"cert": certPEM, "extra": 1}).expect(t, 400, ctProblem)
	c.do("GET", base+"/dp-client-certificates/"+item["id"].(string), nil).expect(t, 200, ctJSON)
	c.do("DELETE", base+"/dp-client-certificates/"+item["id"].(string), nil).expect(t, 204, "")
	c.do("GET", base+"/dp-client-certificates/"+item["id"].(string), nil).expect(t, 404, ctProblem)

	// config stores and secrets: the value never comes back
	st := c.do("POST", base+"/config-stores", map[string]any{"name": "store"}).expect(t, 201, ctJSON)
	sid := st.str("id")
	if !strings.HasSuffix(st.str("created_at"), "Z") {
		t.Fatalf("config store timestamps: %s", st.raw)
	}
	sec := c.do("POST", base+"/config-stores/"+sid+"/secrets", map[string]any{"key": "db", "value": "hunter2"}).expect(t, 201, ctJSON)
	got := c.do("GET", base+"/config-stores/"+sid+"/secrets/db", nil).expect(t, 200, ctJSON)
	list := c.do("GET", base+"/config-stores/"+sid+"/secrets", nil).expect(t, 200, ctJSON)
	for _, raw := range [][]byte{sec.raw, got.raw, list.raw, c.dump()} {
		if strings.Contains(string(raw), "hunter2") && !strings.Contains(string(raw), `"config_stores"`) {
			t.Fatalf("secret value returned in clear: %s", raw)
		}
	}
	c.do("POST", base+"/config-stores/"+sid+"/secrets", map[string]any{"key": "db", "value": "x"}).expect(t, 409, ctProblem)
	c.do("DELETE", base+"/config-stores/"+sid+"/secrets/db", nil).expect(t, 204, "")
	c.do("DELETE", base+"/config-stores/"+sid, nil).expect(t, 204, "")

	// control plane groups
	group := c.do("POST", "/v2/control-planes", map[string]any{"name": "group", "cluster_type": "CLUSTER_TYPE_CONTROL_PLANE_GROUP"}).expect(t, 201, ctJSON).str("id")
	other := c.do("POST", "/v2/control-planes", map[string]any{"name": "group2", "cluster_type": "CLUSTER_TYPE_CONTROL_PLANE_GROUP"}).expect(t, 201, ctJSON).str("id")
	hybrid := c.do("POST", "/v2/control-planes", map[string]any{"name": "hybrid", "cluster_type": "CLUSTER_TYPE_HYBRID"}).expect(t, 201, ctJSON).str("id")
	members := func(ids ...string) map[string]any {
		var m []any
		for _, id := range ids {
			m = append(m, map[string]any{"id": id})
		}
		return map[string]any{"members": m}
	}
	r = c.do("POST", "/v2/control-planes/"+group+"/group-memberships/add", members(cp)).expect(t, 400, ctProblem)
	if !strings.Contains(string(r.raw), "CLUSTER_TYPE_HYBRID") || !strings.Contains(string(r.raw), `"field":"members[0].id"`) {
		t.Fatalf("non-hybrid member: %s", r.raw)
	}
	c.do("POST", "/v2/control-planes/"+group+"/group-memberships/add", members(hybrid)).expect(t, 204, "")
	r = c.do("POST", "/v2/control-planes/"+other+"/group-memberships/add", members(hybrid)).expect(t, 400, ctProblem)
	if !strings.Contains(string(r.raw), "already a member of group "+group) {
		t.Fatalf("second group: %s", r.raw)
	}
	c.do("POST", "/v2/control-planes/"+cp+"/group-memberships/add", members(hybrid)).expect(t, 400, ctProblem)
	c.do("GET", "/v2/control-planes/"+group+"/group-memberships", nil).expect(t, 200, ctJSON).
		jsonEq(t, fmt.Sprintf(`{"data":[{"id":%q}],"meta":{"page":{"number":1,"size":10,"total":1}}}`, hybrid))
	c.do("POST", "/v2/control-planes/"+group+"/group-memberships/remove", members(hybrid)).expect(t, 204, "")
	c.do("POST", "/v2/control-planes/"+other+"/group-memberships/add", members(hybrid)).expect(t, 204, "")
}

// The new collections survive a round trip through the state document.
func TestNewCollectionsPersist(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("persisted")
	c.do("POST", core(cp, "plugin-schemas"), map[string]any{"lua_schema": demoLua}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "partials"), map[string]any{"name": "r", "type": "redis-ce", "config": map[string]any{}}).expect(t, 201, ctJSON)
	sid := c.do("POST", "/v2/control-planes/"+cp+"/config-stores", map[string]any{"name": "store"}).expect(t, 201, ctJSON).str("id")
	c.do("POST", "/v2/control-planes/"+cp+"/config-stores/"+sid+"/secrets", map[string]any{"key": "k", "value": "v"}).expect(t, 201, ctJSON)

	s2 := New(mockcore.Env{}, Options{})
	if err := s2.Restore(c.dump()); err != nil {
		t.Fatal(err)
	}
	c2 := serve(t, s2)
	c2.do("GET", core(cp, "plugin-schemas/my-header"), nil).expect(t, 200, ctJSON)
	c2.do("GET", core(cp, "partials/r"), nil).expect(t, 200, ctJSON)
	c2.do("GET", "/v2/control-planes/"+cp+"/config-stores/"+sid+"/secrets/k", nil).expect(t, 200, ctJSON)
}
