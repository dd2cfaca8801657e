package access

import (
	"slices"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func TestAssignedRoles(t *testing.T) {
	fx := newFixture(t, Options{})
	team := fx.do("POST", "/v3/teams", map[string]any{"name": "ops"}).expect(t, 201, mockcore.CTJSON).str("id")
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	acct := fx.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "CI"}).expect(t, 201, mockcore.CTJSON).str("id")
	cp := "18ee2573-dec0-4b83-be99-fa7700bcdc61"

	for _, base := range []string{"/v3/teams/" + team, "/v3/users/" + jane.ID, "/v3/system-accounts/" + acct} {
		t.Run(base[:10], func(t *testing.T) {
			path := base + "/assigned-roles"
			viewer := fx.do("POST", path, map[string]any{"role_name": "Viewer", "entity_id": cp, "entity_type_name": "Control Planes", "entity_region": "us"}).
				expect(t, 201, mockcore.CTJSON)
			viewer.jsonEq(t, `{"role_name":"Viewer","entity_id":"`+cp+`","entity_type_name":"Control Planes","entity_region":"us"}`, "id")
			fx.do("POST", path, map[string]any{"role_name": "Admin", "entity_id": "*", "entity_type_name": "API Products", "entity_region": "*"}).expect(t, 201, mockcore.CTJSON)
			fx.do("POST", path, map[string]any{"role_name": "Viewer", "entity_id": cp, "entity_type_name": "Control Planes", "entity_region": "us"}).
				problem(t, 409, "Role is already assigned")
			// the same role in another region is another assignment
			fx.do("POST", path, map[string]any{"role_name": "Viewer", "entity_id": cp, "entity_type_name": "Control Planes", "entity_region": "eu"}).expect(t, 201, mockcore.CTJSON)

			list := fx.do("GET", path, nil).expect(t, 200, mockcore.CTJSON)
			if list.meta(t) != "1/3/3" {
				t.Fatalf("list: %s", list.raw)
			}
			if got := fx.do("GET", path+"?filter[entity_type_name][eq]=API%20Products", nil).names(t, "role_name"); !slices.Equal(got, []string{"Admin"}) {
				t.Fatalf("filter: %v", got)
			}
			if got := fx.do("GET", path+"?filter[role_name]=Viewer&page[size]=1", nil); got.meta(t) != "1/1/2" || len(got.data(t)) != 1 {
				t.Fatalf("paged: %s", got.raw)
			}
			id := viewer.str("id")
			fx.do("GET", path+"/"+id, nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, string(viewer.raw))
			fx.do("DELETE", path+"/"+id, nil).expect(t, 204, "")
			fx.do("GET", path+"/"+id, nil).problem(t, 404, "The requested assigned role was not found")
			fx.do("DELETE", path+"/"+id, nil).problem(t, 404, "The requested assigned role was not found")
		})
	}
	// entity_id filters exist for users and system accounts, not teams
	if got := fx.do("GET", "/v3/users/"+jane.ID+"/assigned-roles?filter[entity_id]=*", nil).names(t, "role_name"); !slices.Equal(got, []string{"Admin"}) {
		t.Fatalf("entity_id filter: %v", got)
	}
	fx.do("GET", "/v3/teams/"+team+"/assigned-roles?filter[entity_id]=*", nil).problem(t, 400, "", "[filter][entity_id]: [entity_id] is not a supported filter field")

	// validation: the spec's enums, and the role must belong to the entity type
	path := "/v3/teams/" + team + "/assigned-roles"
	fx.do("POST", path, map[string]any{}).problem(t, 400, "",
		"role_name: is a required field", "entity_type_name: is a required field", "entity_id: is a required field")
	// entity_region left out: every region
	if got := fx.do("POST", path, map[string]any{"role_name": "Viewer", "entity_id": cp, "entity_type_name": "Control Planes"}).expect(t, 201, mockcore.CTJSON); got.body["entity_region"] != "*" {
		t.Fatalf("a grant without entity_region: %s", got.raw)
	}
	r := fx.do("POST", path, map[string]any{"role_name": "Connector", "entity_id": cp, "entity_type_name": "Control Planes", "entity_region": "us"})
	r.expect(t, 400, mockcore.CTProblem)
	ip := r.body["invalid_parameters"].([]any)[0].(map[string]any)
	if ip["field"] != "role_name" || ip["rule"] != "enum" || len(ip["choices"].([]any)) != 12 {
		t.Fatalf("role of another entity type: %s", r.raw)
	}
	fx.do("POST", path, map[string]any{"role_name": "Viewer", "entity_id": "cp-1", "entity_type_name": "Control Planes", "entity_region": "mars"}).problem(t, 400, "",
		"entity_region: must be one of: us, eu, au, me, in, sg, *", "entity_id: must be a valid UUID")
	// entity types without a catalogue entry take any role of the enum
	fx.do("POST", path, map[string]any{"role_name": "Appearance Maintainer", "entity_id": cp, "entity_type_name": "Portals", "entity_region": "eu"}).expect(t, 201, mockcore.CTJSON)
	fx.do("GET", "/v3/system-accounts/nope/assigned-roles", nil).problem(t, 404, "The requested system account was not found")
	fx.do("GET", "/v3/teams/"+team+"/assigned-roles/nope", nil).problem(t, 400, "", "roleID: invalid ID format")
	fx.do("GET", "/v3/system-accounts/"+acct+"/assigned-roles/nope", nil).problem(t, 404, "The requested assigned role was not found")
}
