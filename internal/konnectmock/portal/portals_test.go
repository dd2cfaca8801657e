package portal

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestPortalCreateGetDefaults(t *testing.T) {
	fx := newFixture(t)
	r := fx.ok("POST", "/v3/portals", map[string]any{"name": "dev"}, 201)
	id := r.str("id")
	stamps(t, r.body)
	dom := strings.ReplaceAll(id, "-", "")[:12] + ".us.portal.konghq.com"
	want := `{"id":"` + id + `","name":"dev","display_name":"dev","description":null,"authentication_enabled":true,
		"rbac_enabled":false,"sipr_enabled":false,"default_api_visibility":"private","default_page_visibility":"private",
		"default_application_auth_strategy_id":null,"auto_approve_developers":false,"auto_approve_applications":false,
		"default_domain":"` + dom + `","canonical_domain":"` + dom + `","labels":{},
		"notifications_developer_pii_visibility_enabled":false,
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z"}`
	r.jsonEq(t, want)
	fx.ok("GET", "/v3/portals/"+id, nil, 200).jsonEq(t, want)
	fx.ok("GET", "/v3/portals/"+strings.ToUpper(id), nil, 200) // ids are UUIDs, any case

	full := map[string]any{"name": "full", "display_name": "Full Portal", "description": "d", "authentication_enabled": false,
		"rbac_enabled": true, "sipr_enabled": true, "default_api_visibility": "public", "default_page_visibility": "public",
		"auto_approve_developers": true, "auto_approve_applications": true, "labels": map[string]any{"env": "prod", "gone": nil},
		"notifications_developer_pii_visibility_enabled": true,
		// read-only properties are accepted and ignored
		"id": missing, "created_at": "2020-01-01T00:00:00Z", "default_domain": "x.example.com", "canonical_domain": "y.example.com"}
	r = fx.ok("POST", "/v3/portals", full, 201)
	if r.str("id") == missing || r.str("default_domain") == "x.example.com" || r.str("created_at") != "2026-03-04T05:06:07.123Z" {
		t.Fatalf("read-only fields taken: %s", r.raw)
	}
	r.jsonEq(t, `{"name":"full","display_name":"Full Portal","description":"d","authentication_enabled":false,"rbac_enabled":true,
		"sipr_enabled":true,"default_api_visibility":"public","default_page_visibility":"public","default_application_auth_strategy_id":null,
		"auto_approve_developers":true,"auto_approve_applications":true,"labels":{"env":"prod"},"notifications_developer_pii_visibility_enabled":true}`,
		"id", "created_at", "updated_at", "default_domain", "canonical_domain")

	fx.do("GET", "/v3/portals/"+missing, nil).notFound(t)
	fx.do("GET", "/v3/portals/not-a-uuid", nil).notFound(t)
	fx.do("PUT", "/v3/portals/"+id, map[string]any{}).problem(t, 405, "Method Not Allowed", "Method Not Allowed")
	fx.do("GET", "/v3/portals/"+id+"/nowhere", nil).notFound(t)
}

func TestPortalValidation(t *testing.T) {
	fx := newFixture(t)
	// the spec's examples, word for word
	fx.do("POST", "/v3/portals", map[string]any{"name": "a", "my_property": 1}).invalid(t, `my_property: "my_property" is not allowed`)
	fx.do("POST", "/v3/portals", map[string]any{"name": "a", "rbac_enabled": "yes"}).invalid(t, `rbac_enabled: value of "rbac_enabled" must be true or false`)
	r := fx.do("POST", "/v3/portals", map[string]any{})
	r.invalid(t, `name: "name" is required`)
	ip := r.body["invalid_parameters"].([]any)[0].(map[string]any)
	if ip["rule"] != "required" || ip["source"] != "body" {
		t.Fatalf("rule and source: %v", ip)
	}
	fx.do("POST", "/v3/portals", map[string]any{"name": strings.Repeat("x", 256), "description": strings.Repeat("d", 513),
		"default_api_visibility": "secret", "default_application_auth_strategy_id": "nope", "labels": map[string]any{"kong-x": "y"}}).invalid(t,
		`name: value of "name" must not exceed 255 characters`,
		`description: value of "description" must not exceed 512 characters`,
		`default_api_visibility: must be one of [public, private]`,
		`default_application_auth_strategy_id: value of "default_application_auth_strategy_id" must be a UUID`,
		`labels: label key 'kong-x' must be 1-63 characters and must not start with 'kong', 'konnect', 'mesh', 'kic' or '_'`)
	fx.do("POST", "/v3/portals", map[string]any{"name": "a", "default_application_auth_strategy_id": missing}).invalid(t,
		`default_application_auth_strategy_id: "default_application_auth_strategy_id" does not name an application auth strategy`)
	fx.do("POST", "/v3/portals", `{"name":`).problem(t, 400, "Bad Request", "Could not parse request body", "body: request format is invalid")
	fx.do("POST", "/v3/portals", `[]`).problem(t, 400, "Bad Request", "Could not parse request body", "body: request format is invalid")

	fx.portal("dup")
	fx.do("POST", "/v3/portals", map[string]any{"name": "dup"}).conflict(t, "Portal with name [dup] already exists")
}

func TestPortalPatchChangesOnlyWhatIsSent(t *testing.T) {
	fx := newFixture(t)
	id := fx.ok("POST", "/v3/portals", map[string]any{"name": "p", "description": "first", "rbac_enabled": true,
		"labels": map[string]any{"a": "1", "b": "2"}}, 201).str("id")
	other := fx.portal("other")
	fx.clock.Advance(1500 * time.Millisecond)

	r := fx.ok("PATCH", "/v3/portals/"+id, map[string]any{"display_name": "Shown"}, 200)
	r.jsonEq(t, `{"name":"p","display_name":"Shown","description":"first","rbac_enabled":true,"labels":{"a":"1","b":"2"}}`,
		"id", "authentication_enabled", "sipr_enabled", "default_api_visibility", "default_page_visibility",
		"default_application_auth_strategy_id", "auto_approve_developers", "auto_approve_applications", "default_domain",
		"canonical_domain", "notifications_developer_pii_visibility_enabled", "created_at", "updated_at")
	if r.str("created_at") != "2026-03-04T05:06:07.123Z" || r.str("updated_at") != "2026-03-04T05:06:08.623Z" {
		t.Fatalf("timestamps: %s", r.raw)
	}
	// a write that changes nothing still moves updated_at
	fx.clock.Advance(time.Second)
	if r = fx.ok("PATCH", "/v3/portals/"+id, map[string]any{}, 200); r.str("updated_at") != "2026-03-04T05:06:09.623Z" {
		t.Fatalf("updated_at after an empty PATCH: %s", r.raw)
	}
	// labels merge key by key; null removes one; null description clears it
	r = fx.ok("PATCH", "/v3/portals/"+id, map[string]any{"labels": map[string]any{"a": nil, "c": "3"}, "description": nil}, 200)
	if fmt.Sprint(r.body["labels"]) != "map[b:2 c:3]" || r.body["description"] != nil {
		t.Fatalf("labels and description: %s", r.raw)
	}
	if r = fx.ok("PATCH", "/v3/portals/"+id, map[string]any{"labels": nil}, 200); fmt.Sprint(r.body["labels"]) != "map[]" {
		t.Fatalf("labels null: %s", r.raw)
	}
	// fields that are not nullable cannot be cleared
	fx.do("PATCH", "/v3/portals/"+id, map[string]any{"name": nil, "rbac_enabled": nil, "default_page_visibility": nil}).invalid(t,
		`name: value of "name" must be a utf-8 string`,
		`default_page_visibility: must be one of [public, private]`,
		`rbac_enabled: value of "rbac_enabled" must be true or false`)
	fx.do("PATCH", "/v3/portals/"+id, map[string]any{"name": "other"}).conflict(t, "Portal with name [other] already exists")
	fx.ok("PATCH", "/v3/portals/"+id, map[string]any{"name": "p"}, 200) // its own name is no conflict
	fx.do("PATCH", "/v3/portals/"+missing, map[string]any{}).notFound(t)
	_ = other
}

func TestPortalListPagingFiltersSort(t *testing.T) {
	fx := newFixture(t)
	for i, name := range []string{"charlie", "alpha", "bravo", "delta", "echo"} {
		fx.ok("POST", "/v3/portals", map[string]any{"name": name, "rbac_enabled": i%2 == 0, "description": "portal " + name}, 201)
		fx.clock.Advance(time.Second)
	}
	r := fx.ok("GET", "/v3/portals", nil, 200)
	if r.meta(t) != "1/10/5" || fmt.Sprint(r.names(t, "name")) != "[charlie alpha bravo delta echo]" {
		t.Fatalf("creation order: %s %v", r.meta(t), r.names(t, "name"))
	}
	r = fx.ok("GET", "/v3/portals?page[size]=2&page[number]=3", nil, 200)
	if r.meta(t) != "3/2/5" || fmt.Sprint(r.names(t, "name")) != "[echo]" {
		t.Fatalf("last page: %s %v", r.meta(t), r.names(t, "name"))
	}
	if r = fx.ok("GET", "/v3/portals?page[size]=2&page[number]=4", nil, 200); len(r.data(t)) != 0 {
		t.Fatalf("past the end: %s", r.raw)
	}
	for q, want := range map[string]string{
		"sort=name":                                 "[alpha bravo charlie delta echo]",
		"sort=-name":                                "[echo delta charlie bravo alpha]",
		"sort=name%20desc":                          "[echo delta charlie bravo alpha]",
		"sort=rbac_enabled,name":                    "[alpha delta bravo charlie echo]",
		"sort=created_at%20desc":                    "[echo delta bravo alpha charlie]",
		"filter[name]=bravo":                        "[bravo]",
		"filter[name][neq]=bravo":                   "[charlie alpha delta echo]",
		"filter[name][contains]=rav":                "[bravo]",
		"filter[name][oeq]=echo,alpha":              "[alpha echo]",
		"filter[name][ocontains]=lph,lt":            "[alpha delta]",
		"filter[description][contains]=portal%20e":  "[echo]",
		"filter[rbac_enabled]=true":                 "[charlie bravo echo]",
		"filter[rbac_enabled]=false&sort=name":      "[alpha delta]",
		"filter[authentication_enabled]=false":      "[]",
		"filter[default_page_visibility]=private":   "[charlie alpha bravo delta echo]",
		"filter[default_domain][contains]=.us.port": "[charlie alpha bravo delta echo]",
	} {
		if got := fmt.Sprint(fx.ok("GET", "/v3/portals?"+q, nil, 200).names(t, "name")); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	id := fx.ok("GET", "/v3/portals?filter[name]=delta", nil, 200).data(t)[0]["id"].(string)
	if got := fx.ok("GET", "/v3/portals?filter[id][eq]="+id, nil, 200).names(t, "name"); fmt.Sprint(got) != "[delta]" {
		t.Fatalf("by id: %v", got)
	}
	// the spec's list errors
	fx.do("GET", "/v3/portals?page[size]=x", nil).invalid(t, `page[size]: "page[size]" must be a number`)
	fx.do("GET", "/v3/portals?page[number]=0", nil).invalid(t, `page[number]: value of "page[number]" must be at least 1`)
	r = fx.do("GET", "/v3/portals?filter[my_attribute]=1", nil)
	r.invalid(t, `filter[my_attribute]: "filter[my_attribute]" is not allowed`)
	if ip := r.body["invalid_parameters"].([]any)[0].(map[string]any); ip["rule"] != "unknown_property" || ip["source"] != "query" {
		t.Fatalf("filter problem: %v", ip)
	}
	fx.do("GET", "/v3/portals?filter[id][contains]=1", nil).invalid(t, `filter[id][contains]: "filter[id][contains]" is not allowed`)
	fx.do("GET", "/v3/portals?filter[rbac_enabled]=maybe", nil).invalid(t, `filter[rbac_enabled]: value of "filter[rbac_enabled]" must be true or false`)
	fx.do("GET", "/v3/portals?sort=colour", nil).invalid(t, `sort: must be one of [name, description, authentication_enabled, rbac_enabled, auto_approve_applications, auto_approve_developers, default_domain, canonical_domain, created_at, updated_at]`)
	fx.ok("GET", "/v3/portals?page[size]=&page[number]=", nil, 200) // empty values are the defaults
	if r = fx.ok("GET", "/v3/portals?page[size]=4611686018427387904&page[number]=5", nil, 200); len(r.data(t)) != 0 {
		t.Fatalf("no largest page size, and no overflow: %s", r.raw)
	}
}

func TestPortalDeleteCascadesAndForce(t *testing.T) {
	fx := newFixture(t)
	id := fx.portal("p")
	parent := fx.ok("POST", "/v3/portals/"+id+"/pages", map[string]any{"slug": "/a", "content": "a"}, 201).str("id")
	fx.ok("POST", "/v3/portals/"+id+"/pages", map[string]any{"slug": "/b", "content": "b", "parent_page_id": parent}, 201)
	fx.ok("POST", "/v3/portals/"+id+"/snippets", map[string]any{"name": "s", "content": "s"}, 201)
	fx.ok("POST", "/v3/portals/"+id+"/teams", map[string]any{"name": "t"}, 201)
	// content does not hold the portal back: the spec deletes it "along with all related entities"
	fx.ok("DELETE", "/v3/portals/"+id, nil, 204)
	fx.do("GET", "/v3/portals/"+id, nil).notFound(t)
	fx.do("GET", "/v3/portals/"+id+"/pages", nil).notFound(t)
	fx.do("DELETE", "/v3/portals/"+id, nil).notFound(t)

	// published APIs do, unless forced
	id = fx.portal("q")
	api := "11111111-2222-4333-8444-555555555555"
	if err := fx.f.Publish(id, api, ""); err != nil {
		t.Fatal(err)
	}
	fx.do("DELETE", "/v3/portals/"+id, nil).conflict(t, "Portal ["+id+"] has published APIs ["+api+"]: delete them first or delete the portal with force=true")
	fx.do("DELETE", "/v3/portals/"+id+"?force=false", nil).conflict(t, "Portal ["+id+"] has published APIs ["+api+"]: delete them first or delete the portal with force=true")
	fx.do("DELETE", "/v3/portals/"+id+"?force=yes", nil).invalid(t, `force: must be one of [true, false]`)
	fx.ok("GET", "/v3/portals/"+id, nil, 200)
	fx.ok("DELETE", "/v3/portals/"+id+"?force=true", nil, 204)
	fx.do("GET", "/v3/portals/"+id, nil).notFound(t)

	// unpublished, the portal goes without force
	id = fx.portal("r")
	if err := fx.f.Publish(id, api, ""); err != nil {
		t.Fatal(err)
	}
	if err := fx.f.Publish(id, api, ""); err != ErrConflict {
		t.Fatalf("second publication: %v", err)
	}
	if err := fx.f.Unpublish(id, api); err != nil {
		t.Fatal(err)
	}
	fx.ok("DELETE", "/v3/portals/"+id, nil, 204)
}
