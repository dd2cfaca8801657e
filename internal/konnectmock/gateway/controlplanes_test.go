package gateway

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestControlPlaneCreateReadDefaults(t *testing.T) {
	clock := time.Date(2026, 12, 2, 9, 14, 3, 123456789, time.UTC)
	c := newMock(t, testOptions{Now: func() time.Time { return clock }})
	r := c.do("POST", "/v2/control-planes", map[string]any{"name": "prod"}).expect(t, 201, ctJSON)
	id := r.str("id")
	if !isUUID(id) {
		t.Fatalf("id %q", id)
	}
	r.jsonEq(t, fmt.Sprintf(`{"id":%q,"name":"prod","description":"","labels":{},
		"config":{"control_plane_endpoint":"https://%[2]s.us.cp0.konghq.com","telemetry_endpoint":"https://%[2]s.us.tp0.konghq.com",
		"cluster_type":"CLUSTER_TYPE_CONTROL_PLANE","auth_type":"pinned_client_certs","cloud_gateway":false,"proxy_urls":[]},
		"created_at":"2026-12-02T09:14:03.123Z","updated_at":"2026-12-02T09:14:03.123Z"}`, id, id[:8]))
	if r.header.Get("ETag") != "" {
		t.Fatal("ETag sent without the extension")
	}
	c.do("GET", "/v2/control-planes/"+id, nil).expect(t, 200, ctJSON)

	full := map[string]any{
		"name": "full", "description": "d", "cluster_type": "CLUSTER_TYPE_K8S_INGRESS_CONTROLLER",
		"auth_type": "pki_client_certs", "cloud_gateway": true,
		"proxy_urls": []any{map[string]any{"host": "p.example", "port": 443, "protocol": "https"}},
		"labels":     map[string]any{"team": "payments"},
	}
	r = c.do("POST", "/v2/control-planes", full).expect(t, 201, ctJSON)
	cfg := r.body["config"].(map[string]any)
	if cfg["cluster_type"] != "CLUSTER_TYPE_K8S_INGRESS_CONTROLLER" || cfg["auth_type"] != "pki_client_certs" || cfg["cloud_gateway"] != true {
		t.Fatalf("config %v", cfg)
	}
	if r.body["labels"].(map[string]any)["team"] != "payments" || r.str("description") != "d" {
		t.Fatalf("body %s", r.raw)
	}
}

func TestControlPlaneValidation(t *testing.T) {
	c := newMock(t, testOptions{})
	cases := []struct {
		body any
		want string // expected invalid_parameters
	}{
		{map[string]any{}, `[{"field":"name","rule":"required","reason":"is a required field"}]`},
		{map[string]any{"name": "x"}, `[{"field":"name","rule":"min_length","minimum":2,"reason":"must have at least 2 characters"}]`},
		{map[string]any{"name": strings.Repeat("x", 257)}, `[{"field":"name","rule":"max_length","maximum":256,"reason":"must have at most 256 characters"}]`},
		{map[string]any{"name": "ok", "colour": "red"}, `[{"field":"colour","rule":"unknown_property","reason":"is an unknown property"}]`},
		{map[string]any{"name": "ok", "description": strings.Repeat("d", 2049)}, `[{"field":"description","rule":"max_length","maximum":2048,"reason":"must have at most 2048 characters"}]`},
		{map[string]any{"name": "ok", "auth_type": "psk"}, `[{"field":"auth_type","rule":"enum","choices":["pinned_client_certs","pki_client_certs"],"reason":"must be one of pinned_client_certs, pki_client_certs"}]`},
		{map[string]any{"name": "ok", "cloud_gateway": "yes"}, `[{"field":"cloud_gateway","rule":"is_boolean","reason":"must be a boolean"}]`},
		{map[string]any{"name": "ok", "labels": map[string]any{"konnect-x": "1"}}, `[{"field":"labels","rule":"is_label","reason":"label key 'konnect-x' must be 1-63 characters and must not start with 'kong', 'konnect', 'mesh', 'kic' or '_'"}]`},
		{map[string]any{"name": "ok", "proxy_urls": make([]any, 6)}, `[{"field":"proxy_urls","rule":"max_items","maximum":5,"reason":"must not have more than 5 items"}]`},
		{map[string]any{"name": "ok", "proxy_urls": []any{map[string]any{"host": "h", "port": 1}}}, `[{"field":"proxy_urls[0].protocol","rule":"required","reason":"is a required field"}]`},
	}
	for i, tc := range cases {
		r := c.do("POST", "/v2/control-planes", tc.body).expect(t, 400, ctProblem)
		r.jsonEq(t, `{"status":400,"title":"Bad Request","type":"https://httpstatuses.com/400","detail":"Invalid Parameters","invalid_parameters":`+tc.want+`}`, "instance")
		_ = i
	}
	bad := c.do("POST", "/v2/control-planes", map[string]any{"name": "ok", "cluster_type": "CLUSTER_TYPE_NOPE"}).expect(t, 400, ctProblem)
	if p := bad.body["invalid_parameters"].([]any)[0].(map[string]any); p["rule"] != "enum" || len(p["choices"].([]any)) < 4 {
		t.Fatalf("cluster_type enum: %s", bad.raw)
	}
	c.do("POST", "/v2/control-planes", `{"name":`).expect(t, 400, ctProblem)
	// in both Kong's copy of the spec and the published one
	c.do("POST", "/v2/control-planes", map[string]any{"name": "v1", "cluster_type": "CLUSTER_TYPE_SERVERLESS_V1"}).expect(t, 201, ctJSON)
}

func TestControlPlaneConflictNotFoundDelete(t *testing.T) {
	c := newMock(t, testOptions{})
	id := c.mustCP("dup")
	c.do("POST", "/v2/control-planes", map[string]any{"name": "dup"}).expect(t, 409, ctProblem).
		jsonEq(t, `{"status":409,"title":"Conflict","type":"https://httpstatuses.com/409","detail":"Control Plane with provided name already exists."}`, "instance")

	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	c.do("GET", "/v2/control-planes/"+missing, nil).expect(t, 404, ctProblem).
		jsonEq(t, `{"status":404,"title":"Not Found","type":"https://httpstatuses.com/404","detail":"ControlPlane not found"}`, "instance")
	c.do("PATCH", "/v2/control-planes/"+missing, map[string]any{"name": "x2"}).expect(t, 404, ctProblem)
	c.do("GET", "/v2/control-planes/not-a-uuid", nil).expect(t, 400, ctProblem)

	// deleting a control plane deletes its core entities
	c.do("POST", core(id, "services"), map[string]any{"host": "a.internal", "name": "s1"}).expect(t, 201, ctJSON)
	c.do("DELETE", "/v2/control-planes/"+id, nil).expect(t, 204, "")
	c.do("DELETE", "/v2/control-planes/"+id, nil).expect(t, 404, ctProblem)
	c.do("GET", core(id, "services/s1"), nil).expect(t, 404, ctJSON).jsonEq(t, `{"code":5,"message":"not found"}`)
	// the name is free again, and the new control plane starts empty
	id2 := c.mustCP("dup")
	c.do("GET", core(id2, "services"), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)
}

func TestControlPlanePatch(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli())
	c := newMock(t, testOptions{Now: func() time.Time { return time.UnixMilli(now.Load()) }})
	r := c.do("POST", "/v2/control-planes", map[string]any{"name": "p1", "labels": map[string]any{"a": "1", "b": "2"}}).expect(t, 201, ctJSON)
	id := r.str("id")
	c.mustCP("taken")
	now.Add(1500)

	r = c.do("PATCH", "/v2/control-planes/"+id, map[string]any{
		"name": "p2", "description": "new", "auth_type": "pki_client_certs",
		"labels":     map[string]any{"a": nil, "c": "3"},
		"proxy_urls": []any{map[string]any{"host": "h", "port": 80, "protocol": "http"}},
	}).expect(t, 200, ctJSON)
	if r.str("name") != "p2" || r.str("description") != "new" || r.str("created_at") != "2026-01-01T00:00:00.000Z" || r.str("updated_at") != "2026-01-01T00:00:01.500Z" {
		t.Fatalf("patched: %s", r.raw)
	}
	labels := r.body["labels"].(map[string]any)
	if len(labels) != 2 || labels["b"] != "2" || labels["c"] != "3" {
		t.Fatalf("labels merge: %v", labels)
	}
	if cfg := r.body["config"].(map[string]any); cfg["auth_type"] != "pki_client_certs" || len(cfg["proxy_urls"].([]any)) != 1 {
		t.Fatalf("config %v", cfg)
	}
	for _, body := range []map[string]any{{"cluster_type": "CLUSTER_TYPE_HYBRID"}, {"cloud_gateway": true}, {"id": id}} {
		c.do("PATCH", "/v2/control-planes/"+id, body).expect(t, 400, ctProblem)
	}
	c.do("PATCH", "/v2/control-planes/"+id, map[string]any{"name": "taken"}).expect(t, 409, ctProblem)
}

func TestControlPlaneList(t *testing.T) {
	c := newMock(t, testOptions{})
	ids := map[string]string{}
	for i := 1; i <= 25; i++ {
		body := map[string]any{"name": fmt.Sprintf("cp-%02d", i)}
		if i%5 == 0 {
			body["labels"] = map[string]any{"env": "prod"}
			body["cluster_type"] = "CLUSTER_TYPE_CONTROL_PLANE_GROUP"
		}
		ids[body["name"].(string)] = c.do("POST", "/v2/control-planes", body).expect(t, 201, ctJSON).str("id")
	}
	r := c.do("GET", "/v2/control-planes", nil).expect(t, 200, ctJSON)
	if got := r.body["meta"].(map[string]any)["page"]; fmt.Sprint(got) != "map[number:1 size:10 total:25]" {
		t.Fatalf("meta %v", got)
	}
	r = c.do("GET", "/v2/control-planes?page[size]=10&page[number]=3", nil).expect(t, 200, ctJSON)
	data := r.body["data"].([]any)
	if len(data) != 5 || data[0].(map[string]any)["name"] != "cp-21" {
		t.Fatalf("page 3: %s", r.raw)
	}
	r = c.do("GET", "/v2/control-planes?page[number]=9", nil).expect(t, 200, ctJSON)
	if len(r.body["data"].([]any)) != 0 {
		t.Fatalf("past the end: %s", r.raw)
	}
	count := func(q string) int {
		r := c.do("GET", "/v2/control-planes?page[size]=100&"+q, nil).expect(t, 200, ctJSON)
		return len(r.body["data"].([]any))
	}
	checks := map[string]int{
		"filter[name][eq]=cp-07":                                       1,
		"filter[name]=cp-07":                                           1,
		"filter[name][neq]=cp-07":                                      24,
		"filter[name][contains]=cp-1":                                  10,
		"filter[id][eq]=" + ids["cp-03"]:                               1,
		"filter[id][oeq]=" + ids["cp-03"] + "," + ids["cp-04"]:         2,
		"filter[cluster_type][eq]=CLUSTER_TYPE_CONTROL_PLANE_GROUP":    5,
		"filter[cluster_type][neq]=CLUSTER_TYPE_CONTROL_PLANE_GROUP":   20,
		"filter[cluster_type][oeq]=CLUSTER_TYPE_CONTROL_PLANE_GROUP,X": 5,
		"labels=env:prod":                                              5,
		"labels=env:dev":                                               0,
		"filter[name][contains]=cp-2&labels=env:prod":                  2,
		"labels=env":                  5,
		"labels=env:prod,team":        0,
		"filter[cloud_gateway]=false": 25,
		"filter[cloud_gateway]=true":  0,
	}
	for q, want := range checks {
		if got := count(q); got != want {
			t.Errorf("%s: %d, want %d", q, got, want)
		}
	}
	r = c.do("GET", "/v2/control-planes?sort=created_at%20desc&page[size]=1", nil).expect(t, 200, ctJSON)
	if r.body["data"].([]any)[0].(map[string]any)["name"] != "cp-25" {
		t.Fatalf("sort desc: %s", r.raw)
	}
	c.do("GET", "/v2/control-planes?page[size]=0", nil).expect(t, 400, ctProblem)
	c.do("GET", "/v2/control-planes?filter[colour][eq]=x", nil).expect(t, 400, ctProblem)
	c.do("GET", "/v2/control-planes?labels=:prod", nil).expect(t, 400, ctProblem)

	c.do("GET", "/konnect-api/api/runtime_groups", nil).expect(t, 200, ctJSON)
}
