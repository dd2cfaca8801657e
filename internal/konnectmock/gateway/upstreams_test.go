package gateway

import (
	"fmt"
	"strings"
	"testing"
)

func TestUpstreamsAndTargets(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("upstreams")
	r := c.do("POST", core(cp, "upstreams"), map[string]any{"name": "orders.upstream"}).expect(t, 201, ctJSON)
	uid := r.str("id")
	r.jsonEq(t, `{"name":"orders.upstream","algorithm":"round-robin","hash_on":"none","hash_fallback":"none",
		"hash_on_header":null,"hash_fallback_header":null,"hash_on_cookie":null,"hash_on_cookie_path":"/",
		"hash_on_query_arg":null,"hash_fallback_query_arg":null,"hash_on_uri_capture":null,"hash_fallback_uri_capture":null,
		"sticky_sessions_cookie":null,"sticky_sessions_cookie_path":"/","slots":10000,"host_header":null,
		"client_certificate":null,"use_srv_name":false,"tags":null,
		"healthchecks":{"threshold":0,
		  "active":{"type":"http","timeout":1,"concurrency":10,"http_path":"/","https_sni":null,"https_verify_certificate":true,"headers":null,
		    "healthy":{"interval":0,"http_statuses":[200,302],"successes":0},
		    "unhealthy":{"interval":0,"http_statuses":[429,404,500,501,502,503,504,505],"tcp_failures":0,"timeouts":0,"http_failures":0}},
		  "passive":{"type":"http",
		    "healthy":{"http_statuses":[200,201,202,203,204,205,206,207,208,226,300,301,302,303,304,305,306,307,308],"successes":0},
		    "unhealthy":{"http_statuses":[429,500,503],"tcp_failures":0,"timeouts":0,"http_failures":0}}}}`, "id", "created_at", "updated_at")

	// partial healthchecks are completed with defaults
	r = c.do("POST", core(cp, "upstreams"), map[string]any{"name": "b", "healthchecks": map[string]any{"active": map[string]any{"healthy": map[string]any{"interval": 5}}}}).expect(t, 201, ctJSON)
	hc := r.body["healthchecks"].(map[string]any)["active"].(map[string]any)
	if fmt.Sprint(hc["healthy"].(map[string]any)["interval"]) != "5" || fmt.Sprint(hc["healthy"].(map[string]any)["http_statuses"]) != "[200 302]" || hc["http_path"] != "/" {
		t.Fatalf("partial healthchecks: %s", r.raw)
	}
	c.do("POST", core(cp, "upstreams"), map[string]any{"name": "c", "slots": 5}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "upstreams"), map[string]any{"name": "c", "hash_on": "header"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "upstreams"), map[string]any{"name": "b"}).expect(t, 400, ctJSON)

	r = c.do("POST", core(cp, "upstreams/orders.upstream/targets"), map[string]any{"target": "10.0.0.1:8080"}).expect(t, 201, ctJSON)
	tid := r.str("id")
	r.jsonEq(t, fmt.Sprintf(`{"target":"10.0.0.1:8080","weight":100,"failover":false,"upstream":{"id":%q},"tags":null}`, uid), "id", "created_at", "updated_at")
	if _, ok := r.body["created_at"].(interface{ Float64() (float64, error) }); !ok {
		t.Fatalf("target created_at must be a number: %s", r.raw)
	}
	r = c.do("POST", core(cp, "upstreams/"+uid+"/targets"), map[string]any{"target": "svc.internal", "weight": 0}).expect(t, 201, ctJSON)
	if r.str("target") != "svc.internal:8000" {
		t.Fatalf("default port: %s", r.raw)
	}
	c.do("POST", core(cp, "upstreams/"+uid+"/targets"), map[string]any{"target": "10.0.0.1:8080"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "upstreams/b/targets"), map[string]any{"target": "10.0.0.1:8080"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "upstreams/b/targets"), map[string]any{"target": "10.0.0.2:99999"}).expect(t, 400, ctJSON)
	c.do("GET", core(cp, "upstreams/"+uid+"/targets/10.0.0.1:8080"), nil).expect(t, 200, ctJSON)
	c.do("GET", core(cp, "upstreams/"+uid+"/targets/"+tid), nil).expect(t, 200, ctJSON)
	c.do("PUT", core(cp, "upstreams/"+uid+"/targets/10.0.0.9:80"), map[string]any{"weight": 5}).expect(t, 200, ctJSON)
	list := c.do("GET", core(cp, "upstreams/orders.upstream/targets"), nil).expect(t, 200, ctJSON)
	var got []string
	for _, d := range list.body["data"].([]any) {
		got = append(got, d.(map[string]any)["target"].(string))
	}
	if strings.Join(got, ",") != "10.0.0.1:8080,svc.internal:8000,10.0.0.9:80" {
		t.Fatalf("targets %v", got)
	}
	if n := len(c.do("GET", core(cp, "targets?size=1000"), nil).expect(t, 200, ctJSON).body["data"].([]any)); n != 4 {
		t.Fatalf("all targets %d", n)
	}
	c.do("DELETE", core(cp, "upstreams/"+uid), nil).expect(t, 204, "")
	if n := len(c.do("GET", core(cp, "targets"), nil).body["data"].([]any)); n != 1 {
		t.Fatalf("targets after upstream delete %d", n)
	}
}
