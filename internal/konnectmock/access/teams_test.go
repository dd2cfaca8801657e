package access

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func TestTeamLifecycle(t *testing.T) {
	fx := newFixture(t, Options{})
	created := fx.do("POST", "/v3/teams", map[string]any{"name": "IDM - Developers", "description": "The IDM team.", "labels": map[string]any{"env": "test"}}).
		expect(t, 201, mockcore.CTJSON)
	created.jsonEq(t, `{"name":"IDM - Developers","description":"The IDM team.","system_team":false,"labels":{"env":"test"}}`, "id", "created_at", "updated_at")
	stamps(t, created.body)
	if created.str("created_at") != "2026-03-04T05:06:07.123Z" || !mockcore.IsUUID(created.str("id")) {
		t.Fatalf("created: %s", created.raw)
	}
	id := created.str("id")
	fx.do("GET", "/v3/teams/"+id, nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, string(created.raw))

	// PATCH changes only the fields sent: name leaves description and labels alone
	fx.clock.Advance(1500 * time.Millisecond)
	p := fx.do("PATCH", "/v3/teams/"+id, map[string]any{"name": "IDM"}).expect(t, 200, mockcore.CTJSON)
	p.jsonEq(t, `{"id":"`+id+`","name":"IDM","description":"The IDM team.","system_team":false,"labels":{"env":"test"},"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.623Z"}`)
	// labels merge: a null value removes one label, others stay
	fx.do("PATCH", "/v3/teams/"+id, map[string]any{"labels": map[string]any{"env": nil, "tier": "gold"}}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"name":"IDM","description":"The IDM team.","system_team":false,"labels":{"tier":"gold"}}`, "id", "created_at", "updated_at")
	// a null description clears it; description is then null, never absent
	fx.do("PATCH", "/v3/teams/"+id, map[string]any{"description": nil}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"name":"IDM","description":null,"system_team":false,"labels":{"tier":"gold"}}`, "id", "created_at", "updated_at")
	fx.do("PATCH", "/v3/teams/"+id, map[string]any{"labels": nil}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"name":"IDM","description":null,"system_team":false,"labels":{}}`, "id", "created_at", "updated_at")

	fx.do("DELETE", "/v3/teams/"+id, nil).expect(t, 204, "")
	fx.do("GET", "/v3/teams/"+id, nil).problem(t, 404, "The requested team was not found")
	fx.do("DELETE", "/v3/teams/"+id, nil).problem(t, 404, "The requested team was not found")
	fx.do("PATCH", "/v3/teams/"+id, map[string]any{"name": "x"}).problem(t, 404, "The requested team was not found")
}

func TestTeamValidation(t *testing.T) {
	fx := newFixture(t, Options{})
	cases := []struct {
		body   any
		params []string
	}{
		{map[string]any{}, []string{"name: is a required field"}},
		{map[string]any{"name": ""}, []string{"name: cannot be blank"}},
		{map[string]any{"name": string(make([]byte, 251))}, []string{"name: must not have more than 250 characters"}},
		{map[string]any{"name": 7}, []string{"name: must be a string"}},
		{map[string]any{"name": "a", "description": ""}, []string{"description: cannot be blank"}},
		{map[string]any{"name": "a", "id": missing}, []string{"id: is an unknown property"}},
		{map[string]any{"name": "a", "labels": map[string]any{"kong-x": "v"}}, []string{"labels: label key 'kong-x' must be 1-63 characters and must not start with 'kong', 'konnect', 'mesh', 'kic' or '_'"}},
		{map[string]any{"name": "a", "labels": map[string]any{"env": "-bad"}}, []string{"labels.env: label value must be 1-63 letters, digits, '-', '.' or '_', starting and ending with a letter or digit"}},
		{`{"name":`, []string{"body: request format is invalid: unexpected EOF"}},
		{`[1]`, []string{"body: request format is invalid: request body must be a JSON object"}},
		{`{"name":"a"} {}`, []string{"body: request format is invalid: trailing data after the JSON object"}},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			fx.do("POST", "/v3/teams", tc.body).problem(t, 400, "", tc.params...)
		})
	}
	// the rule of each problem is named too
	r := fx.do("POST", "/v3/teams", map[string]any{"name": ""})
	r.jsonEq(t, `{"status":400,"title":"Bad Request","type":"https://httpstatuses.com/400","detail":"","invalid_parameters":[{"field":"name","rule":"min_length","minimum":1,"reason":"cannot be blank"}]}`, "instance")
	if n := len(fx.do("GET", "/v3/teams?page[size]=100", nil).data(t)); n != len(predefinedTeams) {
		t.Fatalf("a refused create wrote something: %d teams", n)
	}

	// ids in the path
	fx.do("GET", "/v3/teams/not-a-uuid", nil).problem(t, 400, "", "teamID: invalid ID format")
	fx.do("GET", "/v3/teams/"+missing+"/users", nil).problem(t, 404, "The requested team was not found")
	fx.do("PUT", "/v3/teams/"+missing, nil).expect(t, 405, mockcore.CTProblem)
	if got := fx.do("PUT", "/v3/teams/"+missing, nil).header.Get("Allow"); got != "DELETE, GET, PATCH" {
		t.Fatalf("Allow %q", got)
	}
	fx.do("GET", "/v3/nowhere", nil).problem(t, 404, "Not Found")
}

func TestTeamListPagingAndFilters(t *testing.T) {
	fx := newFixture(t, Options{})
	for i := range 12 {
		lbl := map[string]any{"env": "dev"}
		if i%3 == 0 {
			lbl = map[string]any{"env": "prod", "tier": "gold"}
		}
		fx.do("POST", "/v3/teams", map[string]any{"name": fmt.Sprintf("custom-%02d", i), "labels": lbl}).expect(t, 201, mockcore.CTJSON)
	}
	total := len(predefinedTeams) + 12

	// default page: 10 of everything, predefined teams first (creation order)
	first := fx.do("GET", "/v3/teams", nil).expect(t, 200, mockcore.CTJSON)
	if got := first.meta(t); got != fmt.Sprintf("1/10/%d", total) || len(first.data(t)) != 10 || first.names(t, "name")[0] != "Organization Admin" {
		t.Fatalf("first page: %s", first.raw)
	}
	// every page in turn, then one past the end
	var seen []string
	for n := 1; ; n++ {
		r := fx.do("GET", fmt.Sprintf("/v3/teams?page[size]=3&page[number]=%d", n), nil).expect(t, 200, mockcore.CTJSON)
		if r.meta(t) != fmt.Sprintf("%d/3/%d", n, total) {
			t.Fatalf("page %d meta %s", n, r.meta(t))
		}
		if len(r.data(t)) == 0 {
			break
		}
		seen = append(seen, r.names(t, "id")...)
	}
	if len(seen) != total || len(slices.Compact(slices.Sorted(slices.Values(seen)))) != total {
		t.Fatalf("paging saw %d teams, want %d distinct", len(seen), total)
	}

	filter := func(q string) []string {
		t.Helper()
		return fx.do("GET", "/v3/teams?page[size]=100&"+q, nil).expect(t, 200, mockcore.CTJSON).names(t, "name")
	}
	if got := filter("filter[name][eq]=custom-03"); !slices.Equal(got, []string{"custom-03"}) {
		t.Fatalf("eq: %v", got)
	}
	if got := filter("filter[name]=custom-03"); !slices.Equal(got, []string{"custom-03"}) {
		t.Fatalf("shorthand eq: %v", got)
	}
	if got := filter("filter[name][contains]=Admin"); len(got) != 6 {
		t.Fatalf("contains: %v", got)
	}
	if got := filter("filter[labels.env][eq]=prod"); !slices.Equal(got, []string{"custom-00", "custom-03", "custom-06", "custom-09"}) {
		t.Fatalf("labels eq: %v", got)
	}
	if got := filter("filter[labels.tier][exists]=false&filter[name][contains]=custom"); len(got) != 8 {
		t.Fatalf("labels exists: %v", got)
	}
	r := fx.do("GET", "/v3/teams?filter[name][eq]=custom-01&page[size]=1", nil).expect(t, 200, mockcore.CTJSON)
	if r.meta(t) != "1/1/1" {
		t.Fatalf("filtered total: %s", r.raw)
	}

	fx.do("GET", "/v3/teams?filter[name][neq]=x", nil).problem(t, 400, "", "[filter][name][neq]: [neq] is not a supported filter operation")
	fx.do("GET", "/v3/teams?filter[colour]=x", nil).problem(t, 400, "", "[filter][colour]: [colour] is not a supported filter field")
	fx.do("GET", "/v3/teams?page[size]=0", nil).problem(t, 400, "", "page[size]: must be an integer between 1 and 100")
	fx.do("GET", "/v3/teams?page[number]=x", nil).problem(t, 400, "", "page[number]: must be an integer greater than 0")
}

func TestPredefinedTeams(t *testing.T) {
	fx := newFixture(t, Options{})
	all := fx.do("GET", "/v3/teams?page[size]=100", nil).expect(t, 200, mockcore.CTJSON).data(t)
	var org map[string]any
	for i, pt := range predefinedTeams {
		if all[i]["name"] != pt.name || all[i]["system_team"] != true {
			t.Fatalf("team %d: %v", i, all[i])
		}
		stamps(t, all[i])
	}
	org = all[0]
	id := org["id"].(string)

	// a system team cannot be changed or deleted, nor its roles
	refused := "teamID: system teams cannot be modified"
	fx.do("PATCH", "/v3/teams/"+id, map[string]any{"name": "Org Admins"}).problem(t, 400, "", refused)
	fx.do("DELETE", "/v3/teams/"+id, nil).problem(t, 400, "", refused)
	cpAdmin := all[6]["id"].(string)
	roles := fx.do("GET", "/v3/teams/"+cpAdmin+"/assigned-roles", nil).expect(t, 200, mockcore.CTJSON)
	if got := roles.names(t, "role_name"); !slices.Equal(got, []string{"Admin", "Creator"}) || roles.meta(t) != "1/2/2" {
		t.Fatalf("Control Plane Admin roles: %s", roles.raw)
	}
	fx.do("POST", "/v3/teams/"+cpAdmin+"/assigned-roles", map[string]any{"role_name": "Viewer", "entity_id": "*", "entity_type_name": "Control Planes", "entity_region": "us"}).
		problem(t, 400, "", refused)
	fx.do("DELETE", "/v3/teams/"+cpAdmin+"/assigned-roles/"+roles.data(t)[0]["id"].(string), nil).problem(t, 400, "", refused)
	fx.do("GET", "/v3/teams/"+id, nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, mustJSON(org))

	// but its members can change: the owner is an Organization Admin
	members := fx.do("GET", "/v3/teams/"+id+"/users", nil).expect(t, 200, mockcore.CTJSON)
	if got := members.names(t, "email"); !slices.Equal(got, []string{"admin@example.com"}) {
		t.Fatalf("Organization Admin members: %v", got)
	}
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	fx.do("POST", "/v3/teams/"+id+"/users", map[string]any{"id": jane.ID}).expect(t, 201, "")
	fx.do("DELETE", "/v3/teams/"+id+"/users/"+jane.ID, nil).expect(t, 204, "")
}

func TestTeamMembership(t *testing.T) {
	fx := newFixture(t, Options{})
	team := fx.do("POST", "/v3/teams", map[string]any{"name": "ops"}).expect(t, 201, mockcore.CTJSON).str("id")
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	john, _ := fx.f.FindUser("john.smith@example.com")

	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": jane.ID}).expect(t, 201, "")
	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": john.ID}).expect(t, 201, "")
	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": jane.ID}).
		problem(t, 409, fmt.Sprintf("User [%s] is already a member of team [%s]", jane.ID, team))
	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": missing}).problem(t, 404, "The requested user was not found")
	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{}).problem(t, 400, "", "id: is a required field")
	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": "x"}).problem(t, 400, "", "id: must be a valid UUID")

	list := fx.do("GET", "/v3/teams/"+team+"/users", nil).expect(t, 200, mockcore.CTJSON)
	if got := list.names(t, "email"); !slices.Equal(got, []string{"jane.doe@example.com", "john.smith@example.com"}) || list.meta(t) != "1/10/2" {
		t.Fatalf("members: %s", list.raw)
	}
	if got := fx.do("GET", "/v3/teams/"+team+"/users?filter[active]=false", nil).names(t, "email"); !slices.Equal(got, []string{"john.smith@example.com"}) {
		t.Fatalf("inactive members: %v", got)
	}
	if got := fx.do("GET", "/v3/users/"+jane.ID+"/teams", nil).expect(t, 200, mockcore.CTJSON).names(t, "name"); !slices.Equal(got, []string{"ops"}) {
		t.Fatalf("jane's teams: %v", got)
	}

	fx.do("DELETE", "/v3/teams/"+team+"/users/"+jane.ID, nil).expect(t, 204, "")
	fx.do("DELETE", "/v3/teams/"+team+"/users/"+jane.ID, nil).problem(t, 404, "The requested user was not found")
	fx.do("DELETE", "/v3/teams/"+team+"/users/nope", nil).problem(t, 400, "", "userID: invalid ID format")

	// deleting a user takes it out of its teams
	fx.do("DELETE", "/v3/users/"+john.ID, nil).expect(t, 204, "")
	if got := fx.do("GET", "/v3/teams/"+team+"/users", nil).names(t, "email"); len(got) != 0 {
		t.Fatalf("members after delete: %v", got)
	}
}

func mustJSON(v any) string { return string(mockcore.Marshal(v)) }
