package portal

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestTeams(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	base := "/v3/portals/" + p + "/teams"
	r := fx.ok("POST", base, map[string]any{"name": "IDM - Developers", "description": "The Identity Management (IDM) API team.", "can_own_applications": true}, 201)
	id := r.str("id")
	stamps(t, r.body)
	want := `{"id":"` + id + `","name":"IDM - Developers","description":"The Identity Management (IDM) API team.","can_own_applications":true,
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z"}`
	r.jsonEq(t, want)
	fx.ok("GET", base+"/"+id, nil, 200).jsonEq(t, want)
	fx.ok("POST", base, map[string]any{"name": "Partner"}, 201).jsonEq(t, `{"name":"Partner","description":"","can_own_applications":false}`, "id", "created_at", "updated_at")
	fx.do("POST", base, map[string]any{"name": "Partner"}).conflict(t, "A team with the name [Partner] already exists in this portal")
	// the same name in another portal is another team
	fx.ok("POST", "/v3/portals/"+fx.portal("q")+"/teams", map[string]any{"name": "Partner"}, 201)

	// the spec's examples
	fx.do("POST", base, map[string]any{"name": 5}).invalid(t, `name: value of "name" must be a utf-8 string`)
	fx.do("POST", base, map[string]any{"name": "x", "description": strings.Repeat("d", 251)}).invalid(t, `description: value of "description" must not exceed 250 characters`)
	fx.do("POST", base, map[string]any{"description": "d"}).invalid(t, `name: "name" is required`)

	fx.clock.Advance(time.Second)
	r = fx.ok("PATCH", base+"/"+id, map[string]any{"can_own_applications": false}, 200)
	r.jsonEq(t, `{"id":"`+id+`","name":"IDM - Developers","description":"The Identity Management (IDM) API team.","can_own_applications":false,
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z"}`)
	fx.do("PATCH", base+"/"+id, map[string]any{"name": "Partner"}).conflict(t, "A team with the name [Partner] already exists in this portal")
	// null (Kong's provider's "not given"): the description is cleared, the flag stays
	fx.ok("PATCH", base+"/"+id, map[string]any{"can_own_applications": true}, 200)
	r = fx.ok("PATCH", base+"/"+id, map[string]any{"description": nil, "can_own_applications": nil}, 200)
	if r.body["description"] != "" || r.body["can_own_applications"] != true {
		t.Fatalf("null description and flag: %s", r.raw)
	}
	fx.ok("PATCH", base+"/"+id, map[string]any{"can_own_applications": false}, 200)
	fx.do("PATCH", base+"/"+id, map[string]any{"name": nil}).invalid(t, `name: value of "name" must be a utf-8 string`)

	r = fx.ok("GET", base+"?page[size]=1&page[number]=2", nil, 200)
	if r.meta(t) != "2/1/2" || fmt.Sprint(r.names(t, "name")) != "[Partner]" {
		t.Fatalf("paged teams: %s", r.raw)
	}
	if got := fx.ok("GET", base+"?filter[name][contains]=IDM", nil, 200).names(t, "name"); fmt.Sprint(got) != "[IDM - Developers]" {
		t.Fatalf("filtered: %v", got)
	}
	if got := fx.ok("GET", base+"?filter[can_own_applications]=false&sort=whatever", nil, 200).names(t, "name"); len(got) != 2 {
		t.Fatalf("boolean filter (sort ignored: the list has none): %v", got)
	}

	fx.ok("DELETE", base+"/"+id, nil, 204)
	fx.do("GET", base+"/"+id, nil).notFound(t)
	fx.do("DELETE", base+"/"+id, nil).notFound(t)
	fx.do("GET", base+"/nope", nil).notFound(t)
}

func TestDevelopersAndMembership(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	base := "/v3/portals/" + p
	r := fx.ok("POST", base+"/developers", map[string]any{"email": "developer@example.com", "full_name": "Developer Name"}, 201)
	dev := r.str("id")
	r.jsonEq(t, `{"id":"`+dev+`","email":"developer@example.com","full_name":"Developer Name","status":"pending",
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z"}`)
	fx.do("POST", base+"/developers", map[string]any{"email": "DEVELOPER@example.com", "full_name": "x"}).conflict(t, "Developer with the given email already exists")
	fx.do("POST", base+"/developers", map[string]any{"full_name": "x"}).invalid(t, `email: "email" is required`)
	fx.ok("PATCH", "/v3/portals/"+p, map[string]any{"auto_approve_developers": true}, 200)
	jill := fx.ok("POST", base+"/developers", map[string]any{"email": "jill@example.com", "full_name": "Jill Stone"}, 201)
	if jill.str("status") != "approved" {
		t.Fatalf("auto-approved: %s", jill.raw)
	}
	revoked := fx.ok("POST", base+"/developers", map[string]any{"email": "rev@example.com", "full_name": "Rev", "status": "revoked", "send_invitation_email": false}, 201)
	fx.clock.Advance(time.Second)
	if r = fx.ok("PATCH", base+"/developers/"+dev, map[string]any{"status": "approved"}, 200); r.str("status") != "approved" || r.str("updated_at") != "2026-03-04T05:06:08.123Z" {
		t.Fatalf("approve: %s", r.raw)
	}
	fx.do("PATCH", base+"/developers/"+dev, map[string]any{"status": "gone"}).invalid(t, `status: must be one of [approved, pending, revoked, rejected]`)
	fx.do("PATCH", base+"/developers/"+dev, map[string]any{"email": "x@example.com"}).invalid(t, `email: "email" is not allowed`)
	if got := fx.ok("GET", base+"/developers?filter[status]=approved&sort=-email", nil, 200).names(t, "email"); fmt.Sprint(got) != "[jill@example.com developer@example.com]" {
		t.Fatalf("developers: %v", got)
	}
	fx.do("GET", base+"/developers?sort=age", nil).invalid(t, `sort: must be one of [created_at, updated_at, email, name, status]`)

	// membership
	team := fx.ok("POST", base+"/teams", map[string]any{"name": "Gold"}, 201).str("id")
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{"id": dev}).expect(t, 201, "")
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{"id": revoked.str("id")}).expect(t, 201, "")
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{"id": dev}).conflict(t, "Developer ["+dev+"] is already a member of team ["+team+"]")
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{"id": "nope"}).invalid(t, `id: value of "id" must be a UUID`)
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{}).invalid(t, `id: "id" is required`)
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{"id": missing}).notFound(t)
	// a developer of another portal is not this portal's
	q := fx.portal("q")
	foreign := fx.ok("POST", "/v3/portals/"+q+"/developers", map[string]any{"email": "f@example.com", "full_name": "F"}, 201).str("id")
	fx.do("POST", base+"/teams/"+team+"/developers", map[string]any{"id": foreign}).notFound(t)

	r = fx.ok("GET", base+"/teams/"+team+"/developers", nil, 200)
	if r.meta(t) != "1/10/2" {
		t.Fatalf("members: %s", r.raw)
	}
	r.data(t) // BasicDeveloper: active means approved
	if got := fx.ok("GET", base+"/teams/"+team+"/developers?filter[active]=true", nil, 200).names(t, "email"); fmt.Sprint(got) != "[developer@example.com]" {
		t.Fatalf("active members: %v", got)
	}
	if got := fx.ok("GET", base+"/developers/"+dev+"/teams", nil, 200).names(t, "name"); fmt.Sprint(got) != "[Gold]" {
		t.Fatalf("developer's teams: %v", got)
	}
	fx.ok("DELETE", base+"/teams/"+team+"/developers/"+revoked.str("id"), nil, 204)
	fx.do("DELETE", base+"/teams/"+team+"/developers/"+revoked.str("id"), nil).notFound(t)
	// deleting a developer takes them out of their teams
	fx.ok("DELETE", base+"/developers/"+dev, nil, 204)
	if r = fx.ok("GET", base+"/teams/"+team+"/developers", nil, 200); r.meta(t) != "1/10/0" {
		t.Fatalf("members after the developer's delete: %s", r.raw)
	}
	fx.do("GET", base+"/developers/"+dev, nil).notFound(t)
	fx.do("GET", base+"/developers/"+dev+"/teams", nil).notFound(t)
}

func TestRoles(t *testing.T) {
	fx := newFixture(t)
	fx.ok("GET", "/v3/portal-roles", nil, 200).jsonEq(t, `{"services":{"name":"Services","roles":{
		"apiviewer":{"name":"API Viewer","description":"API Viewers have read-only access to the documentation of a service in a portal"},
		"apiconsumer":{"name":"API Consumer","description":"API Consumers can make calls to the given service"}}}}`)
	p := fx.portal("p")
	base := "/v3/portals/" + p + "/teams/" + fx.ok("POST", "/v3/portals/"+p+"/teams", map[string]any{"name": "t"}, 201).str("id") + "/assigned-roles"
	body := map[string]any{"role_name": "API Viewer", "entity_id": "18ee2573-dec0-4b83-be99-fa7700bcdc61", "entity_type_name": "Services", "entity_region": "us"}
	r := fx.ok("POST", base, body, 201)
	role := r.str("id")
	r.jsonEq(t, `{"id":"`+role+`","role_name":"API Viewer","entity_id":"18ee2573-dec0-4b83-be99-fa7700bcdc61","entity_type_name":"Services","entity_region":"us"}`)
	fx.do("POST", base, body).conflict(t, "Role [API Viewer] on [18ee2573-dec0-4b83-be99-fa7700bcdc61] is already assigned to team ["+strings.Split(base, "/")[5]+"]")
	body["role_name"], body["entity_region"] = "API Consumer", "*"
	fx.ok("POST", base, body, 201)
	fx.do("POST", base, map[string]any{"role_name": 5, "entity_id": "x", "entity_type_name": "APIs", "entity_region": "mars"}).invalid(t,
		`role_name: must be one of [API Viewer, API Consumer]`,
		`entity_id: value of "entity_id" must be a UUID`,
		`entity_type_name: must be one of [Services]`,
		`entity_region: must be one of [us, eu, au, me, in, sg, *]`)
	if r = fx.ok("GET", base+"?page[size]=1", nil, 200); r.meta(t) != "1/1/2" || fmt.Sprint(r.names(t, "role_name")) != "[API Viewer]" {
		t.Fatalf("roles: %s", r.raw)
	}
	fx.ok("DELETE", base+"/"+role, nil, 204)
	fx.do("DELETE", base+"/"+role, nil).notFound(t)
	// deleting the team deletes its roles
	team := strings.Split(base, "/")[5]
	fx.ok("DELETE", "/v3/portals/"+p+"/teams/"+team, nil, 204)
	fx.do("GET", base, nil).notFound(t)
}
