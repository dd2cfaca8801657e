package gateway

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRoutes(t *testing.T) {
	clock := time.Unix(1764667200, 0)
	c := newMock(t, testOptions{Now: func() time.Time { return clock }})
	cp := c.mustCP("routes")
	sid := c.do("POST", core(cp, "services"), map[string]any{"host": "a", "name": "orders"}).expect(t, 201, ctJSON).str("id")
	other := c.do("POST", core(cp, "services"), map[string]any{"host": "b", "name": "users"}).expect(t, 201, ctJSON).str("id")

	r := c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/orders"}, "service": map[string]any{"id": sid}}).expect(t, 201, ctJSON)
	rid := r.str("id")
	r.jsonEq(t, fmt.Sprintf(`{"created_at":1764667200,"updated_at":1764667200,"name":null,"protocols":["http","https"],
		"methods":null,"hosts":null,"paths":["/orders"],"headers":null,"snis":null,"sources":null,"destinations":null,
		"regex_priority":0,"expression":null,"priority":0,"https_redirect_status_code":426,"strip_path":true,"path_handling":"v0","preserve_host":false,
		"request_buffering":true,"response_buffering":true,"service":{"id":%q},"tags":null}`, sid), "id")

	r = c.do("POST", core(cp, "routes"), map[string]any{"name": "expr", "expression": `http.path == "/x"`, "service": map[string]any{"id": sid}}).expect(t, 201, ctJSON)
	r.jsonEq(t, fmt.Sprintf(`{"created_at":1764667200,"updated_at":1764667200,"name":"expr","protocols":["http","https"],
		"methods":null,"hosts":null,"paths":null,"headers":null,"snis":null,"sources":null,"destinations":null,"regex_priority":0,
		"expression":"http.path == \"/x\"","priority":0,"https_redirect_status_code":426,"strip_path":true,"path_handling":"v0",
		"preserve_host":false,"request_buffering":true,"response_buffering":true,"service":{"id":%q},"tags":null}`, sid), "id")

	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/x"}, "service": map[string]any{"id": "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"}}).
		expect(t, 400, ctJSON).
		jsonEq(t, `{"code":3,"message":"data constraint error","details":[{`+det+`,"type":"ERROR_TYPE_REFERENCE","field":"service.id","messages":["service.id (type: foreign) constraint failed"]}]}`)
	c.do("POST", core(cp, "routes"), map[string]any{"name": "nomatch"}).expect(t, 400, ctJSON).
		jsonEq(t, `{"code":3,"message":"validation error","details":[{`+det+`,"type":"ERROR_TYPE_ENTITY","messages":["must set one of 'methods', 'hosts', 'headers', 'paths', 'snis' when 'protocols' is 'http' or 'https'"]}]}`)
	c.do("POST", core(cp, "routes"), map[string]any{"expression": "true", "paths": []string{"/x"}}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"x"}}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/x"}, "https_redirect_status_code": 303}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "routes"), map[string]any{"paths": []string{"/x"}, "protocols": []string{"http", "gopher"}}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "routes"), map[string]any{"protocols": []string{"tcp"}, "destinations": []any{map[string]any{"ip": "10.0.0.1", "port": 80}}}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "routes"), map[string]any{"headers": map[string]any{"x-a": []string{"1"}}}).expect(t, 201, ctJSON)

	// nested under the service, addressed by the service's name
	r = c.do("POST", core(cp, "services/orders/routes"), map[string]any{"name": "nested", "methods": []string{"GET"}}).expect(t, 201, ctJSON)
	if r.body["service"].(map[string]any)["id"] != sid {
		t.Fatalf("nested service: %s", r.raw)
	}
	c.do("PUT", core(cp, "services/users/routes/u1"), map[string]any{"paths": []string{"/u"}}).expect(t, 200, ctJSON)
	list := c.do("GET", core(cp, "services/"+sid+"/routes"), nil).expect(t, 200, ctJSON)
	var names []string
	for _, d := range list.body["data"].([]any) {
		n, _ := d.(map[string]any)["name"].(string)
		names = append(names, n)
	}
	if strings.Join(names, ",") != ",expr,nested" || list.body["next"] != nil {
		t.Fatalf("nested list: %s", list.raw)
	}
	c.do("GET", core(cp, "services/orders/routes/nested"), nil).expect(t, 200, ctJSON)
	c.do("GET", core(cp, "services/users/routes/nested"), nil).expect(t, 404, ctJSON)
	c.do("GET", core(cp, "services/nope/routes"), nil).expect(t, 404, ctJSON)
	c.do("GET", core(cp, "routes/"+rid), nil).expect(t, 200, ctJSON)

	// a service that routes reference cannot be deleted
	r = c.do("DELETE", core(cp, "services/"+sid), nil).expect(t, 400, ctJSON)
	if r.str("message") != "data constraint error" {
		t.Fatalf("delete referenced service: %s", r.raw)
	}
	d := r.body["details"].([]any)[0].(map[string]any)
	if d["type"] != "ERROR_TYPE_REFERENCE" || d["field"] != "service.id" || !strings.HasPrefix(d["messages"].([]any)[0].(string), "service.id (type: foreign) constraint failed") {
		t.Fatalf("detail: %s", r.raw)
	}
	for _, route := range []string{rid, "expr", "nested"} {
		c.do("DELETE", core(cp, "routes/"+route), nil).expect(t, 204, "")
	}
	c.do("DELETE", core(cp, "services/"+sid), nil).expect(t, 204, "")
	// a route can be moved to another service with PUT
	c.do("PUT", core(cp, "routes/u1"), map[string]any{"paths": []string{"/u"}, "service": nil}).expect(t, 200, ctJSON)
	c.do("DELETE", core(cp, "services/"+other), nil).expect(t, 204, "")
}
