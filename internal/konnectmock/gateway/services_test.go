package gateway

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestServiceDefaultsAndShape(t *testing.T) {
	clock := time.Unix(1764667200, 0)
	c := newMock(t, testOptions{Now: func() time.Time { return clock }})
	cp := c.mustCP("svc")
	r := c.do("POST", core(cp, "services"), map[string]any{"host": "a.internal"}).expect(t, 201, ctJSON)
	if !isUUID(r.str("id")) {
		t.Fatalf("id %s", r.raw)
	}
	r.jsonEq(t, `{"created_at":1764667200,"updated_at":1764667200,"name":null,"protocol":"http","host":"a.internal","port":80,
		"path":null,"retries":5,"connect_timeout":60000,"write_timeout":60000,"read_timeout":60000,"enabled":true,
		"tls_verify":null,"tls_verify_depth":null,"ca_certificates":null,"client_certificate":null,"tls_sans":null,"tags":null}`, "id")

	r = c.do("POST", core(cp, "services"), map[string]any{"name": "api", "url": "https://api.internal:8443/v1"}).expect(t, 201, ctJSON)
	if r.body["protocol"] != "https" || r.str("host") != "api.internal" || fmt.Sprint(r.body["port"]) != "8443" || r.str("path") != "/v1" {
		t.Fatalf("url shorthand: %s", r.raw)
	}
	if _, ok := r.body["url"]; ok {
		t.Fatal("url is write-only")
	}
	r = c.do("POST", core(cp, "services"), map[string]any{"name": "tls", "url": "https://tls.internal"}).expect(t, 201, ctJSON)
	if fmt.Sprint(r.body["port"]) != "443" || r.body["path"] != nil {
		t.Fatalf("url default port: %s", r.raw)
	}
}

func TestServiceValidationErrors(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("validate")
	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	cases := []struct {
		body any
		want string
	}{
		{map[string]any{"host": "h", "port": 70000},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"port","messages":["value must be between 0 and 65535"]}]}`},
		{map[string]any{"host": "h", "colour": "red"},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"colour","messages":["unknown field"]}]}`},
		{map[string]any{"port": 80},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_ENTITY","messages":["missing properties: 'host'"]}]}`},
		{map[string]any{"host": "h", "protocol": "ftp"},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"protocol","messages":["value must be one of \"grpc\", \"grpcs\", \"http\", \"https\", \"tcp\", \"tls\", \"tls_passthrough\", \"udp\", \"ws\", \"wss\""]}]}`},
		{map[string]any{"host": "h", "retries": "5"},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"retries","messages":["expected integer, but got string"]}]}`},
		{map[string]any{"host": "h", "connect_timeout": 0},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"connect_timeout","messages":["value must be between 1 and 2147483646"]}]}`},
		{map[string]any{"host": "h", "tls_verify_depth": 65},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"tls_verify_depth","messages":["value must be between 0 and 64"]}]}`},
		{map[string]any{"host": "h", "protocol": "tcp", "path": "/x"},
			`{"code":3,"message":"validation error","details":[{` + det + `,"type":"ERROR_TYPE_FIELD","field":"path","messages":["value must be null when 'protocol' is 'tcp'"]}]}`},
		{map[string]any{"host": "h", "client_certificate": map[string]any{"id": "1b9f7d3e-43c5-4a8e-9d2e-0d5e0a1b2c3d"}},
			`{"code":3,"message":"data constraint error","details":[{` + det + `,"type":"ERROR_TYPE_REFERENCE","field":"client_certificate.id","messages":["client_certificate.id (type: foreign) constraint failed"]}]}`},
	}
	for _, tc := range cases {
		c.do("POST", core(cp, "services"), tc.body).expect(t, 400, ctJSON).jsonEq(t, tc.want)
	}
	c.do("POST", core(cp, "services"), `{"host":`).expect(t, 400, ctJSON)

	c.do("POST", core(cp, "services"), map[string]any{"host": "h", "name": "dup"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "services"), map[string]any{"host": "h2", "name": "dup"}).expect(t, 400, ctJSON).
		jsonEq(t, `{"code":3,"message":"data constraint error","details":[{`+det+`,"type":"ERROR_TYPE_REFERENCE","field":"name","messages":["name (type: unique) constraint failed"]}]}`)
}

func TestServiceLookupUpsertDelete(t *testing.T) {
	var now atomic.Int64
	now.Store(1764667200)
	c := newMock(t, testOptions{Now: func() time.Time { return time.Unix(now.Load(), 0) }})
	cp := c.mustCP("upsert")
	id := c.do("POST", core(cp, "services"), map[string]any{"host": "a", "name": "orders", "retries": 2, "tags": []string{"x"}}).expect(t, 201, ctJSON).str("id")
	for _, key := range []string{id, "orders", strings.ToUpper(id)} {
		if got := c.do("GET", core(cp, "services/"+key), nil).expect(t, 200, ctJSON).str("id"); got != id {
			t.Fatalf("GET by %s: %s", key, got)
		}
	}
	c.do("GET", core(cp, "services/nope"), nil).expect(t, 404, ctJSON).jsonEq(t, `{"code":5,"message":"not found"}`)

	// PUT replaces the whole object: omitted fields return to their defaults; id and created_at stay
	now.Add(10)
	r := c.do("PUT", core(cp, "services/"+id), map[string]any{"host": "b", "name": "orders"}).expect(t, 200, ctJSON)
	if r.str("id") != id || r.str("host") != "b" || fmt.Sprint(r.body["retries"]) != "5" || r.body["tags"] != nil {
		t.Fatalf("replace: %s", r.raw)
	}
	if fmt.Sprint(r.body["created_at"]) != "1764667200" || fmt.Sprint(r.body["updated_at"]) != "1764667210" {
		t.Fatalf("timestamps: %s", r.raw)
	}
	// by name, omitting the name keeps it
	r = c.do("PUT", core(cp, "services/orders"), map[string]any{"host": "c"}).expect(t, 200, ctJSON)
	if r.str("id") != id || r.str("name") != "orders" || r.str("host") != "c" {
		t.Fatalf("replace by name: %s", r.raw)
	}

	// PUT to an unknown uuid creates with that id (Kong's sync tooling does exactly this)
	chosen := "5b1c0e2a-8d8f-4b7a-9a51-0f0e6c1d2b3a"
	body := map[string]any{"host": "a.internal", "id": chosen, "name": "s1", "port": 80, "protocol": "http", "retries": 5}
	r = c.do("PUT", core(cp, "services/"+chosen), body).expect(t, 200, ctJSON)
	if r.str("id") != chosen || r.str("name") != "s1" {
		t.Fatalf("upsert create: %s", r.raw)
	}
	c.do("PUT", core(cp, "services/"+chosen), body).expect(t, 200, ctJSON) // idempotent retry
	// PUT to an unknown name creates with that name and a new id
	r = c.do("PUT", core(cp, "services/by-name"), map[string]any{"host": "n"}).expect(t, 200, ctJSON)
	if r.str("name") != "by-name" || !isUUID(r.str("id")) {
		t.Fatalf("upsert by name: %s", r.raw)
	}
	// mismatches
	c.do("PUT", core(cp, "services/"+chosen), map[string]any{"host": "a", "id": id}).expect(t, 400, ctJSON)
	c.do("PUT", core(cp, "services/other"), map[string]any{"host": "a", "name": "different"}).expect(t, 400, ctJSON)
	// renaming onto a taken name
	c.do("PUT", core(cp, "services/"+chosen), map[string]any{"host": "a", "name": "orders"}).expect(t, 400, ctJSON)

	c.do("PATCH", core(cp, "services/"+id), map[string]any{"host": "z"}).expect(t, 405, ctJSON)
	c.do("DELETE", core(cp, "services/"+id), nil).expect(t, 204, "")
	c.do("DELETE", core(cp, "services/"+id), nil).expect(t, 204, "")
	c.do("GET", core(cp, "services/"+id), nil).expect(t, 404, ctJSON)
	c.do("GET", core(cp, "services/orders"), nil).expect(t, 404, ctJSON)
	// the name is free again
	c.do("POST", core(cp, "services"), map[string]any{"host": "a", "name": "orders"}).expect(t, 201, ctJSON)
}

func TestCoreListPaginationAndFilters(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("list")
	for i := 0; i < 7; i++ {
		tags := []string{"all"}
		if i%2 == 0 {
			tags = append(tags, "even")
		}
		if i%3 == 0 {
			tags = append(tags, "three")
		}
		c.do("POST", core(cp, "services"), map[string]any{"host": "h", "name": fmt.Sprintf("s%d", i), "tags": tags}).expect(t, 201, ctJSON)
	}
	var names []string
	next := core(cp, "services?size=3")
	pages := 0
	for next != "" {
		pages++
		r := c.do("GET", next, nil).expect(t, 200, ctJSON)
		for _, d := range r.body["data"].([]any) {
			names = append(names, d.(map[string]any)["name"].(string))
		}
		if r.body["next"] == nil {
			if _, has := r.body["offset"]; has {
				t.Fatalf("last page carries an offset: %s", r.raw)
			}
			break
		}
		next = r.str("next")
		if r.str("offset") == "" || !strings.Contains(next, "offset="+r.str("offset")) || !strings.HasPrefix(next, "/v2/control-planes/"+cp+"/core-entities/services?") {
			t.Fatalf("next/offset: %s", r.raw)
		}
	}
	if pages != 3 || strings.Join(names, ",") != "s0,s1,s2,s3,s4,s5,s6" {
		t.Fatalf("pages %d names %v", pages, names)
	}
	// an exactly full last page still ends with next null
	r := c.do("GET", core(cp, "services?size=7"), nil).expect(t, 200, ctJSON)
	if r.body["next"] != nil || len(r.body["data"].([]any)) != 7 {
		t.Fatalf("full page: %s", r.raw)
	}
	if !strings.Contains(string(r.raw), `"next":null`) {
		t.Fatalf("next must be null, not absent: %s", r.raw)
	}

	count := func(q string) int {
		return len(c.do("GET", core(cp, "services?"+q), nil).expect(t, 200, ctJSON).body["data"].([]any))
	}
	for q, want := range map[string]int{
		"tags=even":             4,
		"tags=even,three":       2, // both
		"tags=even/three":       5, // either
		"filter[name][eq]=s3":   1,
		"filter[name][eq]=nope": 0,
		"tags=even&size=1":      1,
	} {
		if got := count(q); got != want {
			t.Errorf("%s: %d, want %d", q, got, want)
		}
	}
	c.do("GET", core(cp, "services?size=1001"), nil).expect(t, 400, ctJSON)
	c.do("GET", core(cp, "services?offset=garbage"), nil).expect(t, 400, ctJSON)

	for _, coll := range []string{"partials", "mtls-auths", "degraphql_routes", "filter-chains", "ai-models"} {
		c.do("GET", core(cp, coll+"?size=1000"), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)
	}
	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	c.do("GET", core(missing, "services"), nil).expect(t, 404, ctJSON).jsonEq(t, `{"code":5,"message":"not found"}`)
	c.do("GET", core(cp, "nonsense"), nil).expect(t, 404, ctJSON)
}

func TestETags(t *testing.T) {
	plain := newMock(t, testOptions{})
	pcp := plain.mustCP("plain")
	r := plain.do("POST", core(pcp, "services"), map[string]any{"host": "a", "name": "s"}).expect(t, 201, ctJSON)
	if r.header.Get("ETag") != "" {
		t.Fatal("ETag without the extension")
	}
	plain.do("PUT", core(pcp, "services/s"), map[string]any{"host": "b"}, `If-Match: "stale"`).expect(t, 200, ctJSON)

	c := newMock(t, testOptions{ETags: true})
	cpr := c.do("POST", "/v2/control-planes", map[string]any{"name": "tagged"}).expect(t, 201, ctJSON)
	cp, cpTag := cpr.str("id"), cpr.header.Get("ETag")
	if !strings.HasPrefix(cpTag, `"`) || !strings.HasSuffix(cpTag, `"`) || len(cpTag) < 4 {
		t.Fatalf("control plane ETag %q", cpTag)
	}
	if got := c.do("GET", "/v2/control-planes/"+cp, nil).header.Get("ETag"); got != cpTag {
		t.Fatalf("GET ETag %q != %q", got, cpTag)
	}
	c.do("PATCH", "/v2/control-planes/"+cp, map[string]any{"description": "x"}, `If-Match: "stale"`).expect(t, 412, ctProblem)
	p := c.do("PATCH", "/v2/control-planes/"+cp, map[string]any{"description": "x"}, "If-Match: "+cpTag).expect(t, 200, ctJSON)
	if p.header.Get("ETag") == cpTag || p.header.Get("ETag") == "" {
		t.Fatal("ETag did not change on PATCH")
	}
	c.do("DELETE", "/v2/control-planes/"+cp, nil, "If-Match: "+cpTag).expect(t, 412, ctProblem)

	r = c.do("POST", core(cp, "services"), map[string]any{"host": "a", "name": "s"}).expect(t, 201, ctJSON)
	tag := r.header.Get("ETag")
	if tag == "" || c.do("GET", core(cp, "services/s"), nil).header.Get("ETag") != tag {
		t.Fatalf("service ETag %q", tag)
	}
	// a racing out-of-band write changes the ETag, even when the object ends up identical
	oob := c.do("PUT", core(cp, "services/s"), map[string]any{"host": "a"}).expect(t, 200, ctJSON)
	if oob.header.Get("ETag") == tag {
		t.Fatal("ETag unchanged after a write")
	}
	stale := c.do("PUT", core(cp, "services/s"), map[string]any{"host": "mine"}, "If-Match: "+tag).expect(t, 412, ctJSON)
	if stale.body["code"] != nil && fmt.Sprint(stale.body["code"]) != "9" || fmt.Sprint(stale.body["status"]) != "412" || stale.str("message") != "precondition failed" {
		t.Fatalf("412 body %s", stale.raw)
	}
	if got := c.do("GET", core(cp, "services/s"), nil).str("host"); got != "a" {
		t.Fatalf("stale write applied: host %s", got)
	}
	c.do("DELETE", core(cp, "services/s"), nil, "If-Match: "+tag).expect(t, 412, ctJSON)
	cur := oob.header.Get("ETag")
	c.do("PUT", core(cp, "services/s"), map[string]any{"host": "mine"}, "If-Match: "+cur).expect(t, 200, ctJSON)
	c.do("PUT", core(cp, "services/new"), map[string]any{"host": "x"}, `If-None-Match: *`).expect(t, 200, ctJSON)
	c.do("PUT", core(cp, "services/new"), map[string]any{"host": "x"}, `If-None-Match: *`).expect(t, 412, ctJSON)
	c.do("PUT", core(cp, "services/ghost"), map[string]any{"host": "x"}, `If-Match: *`).expect(t, 412, ctJSON)
	c.do("DELETE", core(cp, "services/s"), nil, "If-Match: W/"+cur).expect(t, 412, ctJSON)
}
