package access

import (
	"slices"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func TestUsers(t *testing.T) {
	fx := newFixture(t, Options{Users: []NewUser{{Email: "ops@example.com", FullName: "Ops Person"}}})
	all := fx.do("GET", "/v3/users", nil).expect(t, 200, mockcore.CTJSON)
	if got := all.names(t, "email"); !slices.Equal(got, []string{"admin@example.com", "jane.doe@example.com", "john.smith@example.com", "ops@example.com"}) || all.meta(t) != "1/10/4" {
		t.Fatalf("users: %s", all.raw)
	}
	admin := all.data(t)[0]
	stamps(t, admin)
	id := admin["id"].(string)
	fx.do("GET", "/v3/users/"+id, nil).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"email":"admin@example.com","full_name":"Admin User","preferred_name":"Admin","active":true}`, "id", "created_at", "updated_at")

	q := func(query string) []string {
		t.Helper()
		return fx.do("GET", "/v3/users?"+query, nil).expect(t, 200, mockcore.CTJSON).names(t, "email")
	}
	if got := q("filter[email][eq]=jane.doe@example.com"); !slices.Equal(got, []string{"jane.doe@example.com"}) {
		t.Fatalf("email eq: %v", got)
	}
	if got := q("filter[email]=jane.doe@example.com"); len(got) != 1 {
		t.Fatalf("email shorthand: %v", got)
	}
	if got := q("filter[email][contains]=.doe@"); !slices.Equal(got, []string{"jane.doe@example.com"}) {
		t.Fatalf("email contains: %v", got)
	}
	if got := q("filter[full_name][contains]=User"); !slices.Equal(got, []string{"admin@example.com"}) {
		t.Fatalf("full_name contains: %v", got)
	}
	if got := q("filter[active]=false"); !slices.Equal(got, []string{"john.smith@example.com"}) {
		t.Fatalf("active: %v", got)
	}
	if got := q("filter[id][eq]=" + id); !slices.Equal(got, []string{"admin@example.com"}) {
		t.Fatalf("id: %v", got)
	}
	if got := q("page[size]=3&page[number]=2"); !slices.Equal(got, []string{"ops@example.com"}) {
		t.Fatalf("page 2: %v", got)
	}
	fx.do("GET", "/v3/users?filter[active]=maybe", nil).problem(t, 400, "", "[filter][active]: must be true or false")
	fx.do("GET", "/v3/users?filter[id][contains]=a", nil).problem(t, 400, "", "[filter][id][contains]: [contains] is not a supported filter operation")

	// PATCH changes only what is sent; the e-mail cannot be changed
	fx.clock.Advance(time.Second)
	fx.do("PATCH", "/v3/users/"+id, map[string]any{"full_name": "James C Woods"}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"id":"`+id+`","email":"admin@example.com","full_name":"James C Woods","preferred_name":"Admin","active":true,"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z"}`)
	fx.do("PATCH", "/v3/users/"+id, map[string]any{"preferred_name": "Jim"}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"email":"admin@example.com","full_name":"James C Woods","preferred_name":"Jim","active":true}`, "id", "created_at", "updated_at")
	fx.do("PATCH", "/v3/users/"+id, map[string]any{"email": "x@example.com"}).problem(t, 400, "", "email: is an unknown property")
	fx.do("PATCH", "/v3/users/"+id, map[string]any{"full_name": ""}).problem(t, 400, "", "full_name: cannot be blank")

	fx.do("GET", "/v3/users/"+missing, nil).problem(t, 404, "The requested user was not found")
	fx.do("GET", "/v3/users/xyz", nil).problem(t, 400, "", "userID: invalid ID format")

	// /users/me: a token the mock did not issue stands for the owner
	fx.do("GET", "/v3/users/me", nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, `{"email":"admin@example.com","full_name":"James C Woods","preferred_name":"Jim","active":true}`, "id", "created_at", "updated_at")
	fx.token = "spat_whatever"
	fx.do("GET", "/v3/users/me", nil).expect(t, 401, mockcore.CTProblem)

	// the owner can be deleted (the spec has no refusal); the state stays loadable
	fx.do("DELETE", "/v3/users/"+id, nil).expect(t, 204, "")
	fx.do("DELETE", "/v3/users/"+id, nil).problem(t, 404, "The requested user was not found")
	if org := fx.do("GET", "/v3/organizations/me", nil).str("owner_id"); org != "" {
		t.Fatalf("owner_id %q", org)
	}
	if err := New(mockcore.Env{}, Options{}).Restore(fx.f.Snapshot()); err != nil {
		t.Fatal(err)
	}
	fx.token = "kpat_test"
	if me := fx.do("GET", "/v3/users/me", nil).expect(t, 200, mockcore.CTJSON).str("email"); me != "jane.doe@example.com" {
		t.Fatalf("me without an owner: %s", me)
	}
}

func TestInvitations(t *testing.T) {
	fx := newFixture(t, Options{})
	fx.do("POST", "/v3/invites", map[string]any{"email": "new@example.com"}).expect(t, 201, "")
	u, ok := fx.f.FindUser("new@example.com")
	if !ok || u.Active {
		t.Fatalf("invited user: %+v %v", u, ok)
	}
	fx.do("POST", "/v3/invites", map[string]any{"email": "new@example.com"}).expect(t, 201, "") // a fresh invitation
	fx.do("POST", "/v3/invites", map[string]any{"email": "ADMIN@example.com"}).problem(t, 409, "User is already active")
	fx.do("POST", "/v3/invites", map[string]any{"email": "not an address"}).problem(t, 400, "", "email: must be a valid email address")
	fx.do("POST", "/v3/invites", map[string]any{}).problem(t, 400, "", "email: is a required field")
	if n := len(fx.do("GET", "/v3/users", nil).data(t)); n != 4 {
		t.Fatalf("%d users", n)
	}

	// an accepted invitation, out of band
	added, err := fx.f.AddUser(NewUser{Email: "dev@example.com", FullName: "Dev"})
	if err != nil || !added.Active || !mockcore.IsUUID(added.ID) {
		t.Fatalf("AddUser: %+v %v", added, err)
	}
	if _, err := fx.f.AddUser(NewUser{Email: "dev@example.com"}); err == nil {
		t.Fatal("AddUser accepted an e-mail in use")
	}
	fx.do("GET", "/v3/users/"+added.ID, nil).expect(t, 200, mockcore.CTJSON)
}

func TestOrganizationAndSettings(t *testing.T) {
	fx := newFixture(t, Options{})
	admin, _ := fx.f.FindUser("admin@example.com")
	org := fx.do("GET", "/v3/organizations/me", nil).expect(t, 200, mockcore.CTJSON)
	if org.str("owner_id") != admin.ID || org.str("state") != "active" || org.str("login_path") != "" {
		t.Fatalf("organization: %s", org.raw)
	}
	stamps(t, org.body)

	// a new organisation: basic auth, teams assigned in Konnect
	fx.do("GET", "/v3/authentication-settings", nil).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"basic_auth_enabled":true,"oidc_auth_enabled":false,"saml_auth_enabled":false,"idp_mapping_enabled":false,"konnect_mapping_enabled":true}`)
	fx.do("PATCH", "/v3/authentication-settings", map[string]any{"idp_mapping_enabled": true}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"basic_auth_enabled":true,"oidc_auth_enabled":false,"saml_auth_enabled":false,"idp_mapping_enabled":true,"konnect_mapping_enabled":true}`)
	fx.do("PATCH", "/v3/authentication-settings", map[string]any{"basic_auth_enabled": false}).problem(t, 400,
		"Atleast one of the authentication schemes from basic, oidc or saml needs to be enabled",
		"oidc_auth_enabled: cannot be disabled when both basic auth and SAML are also disabled",
		"basic_auth_enabled: cannot be disabled when both OIDC and SAML are also disabled",
		"saml_auth_enabled: cannot be disabled when both OIDC and basic auth are also disabled")
	fx.do("PATCH", "/v3/authentication-settings", map[string]any{"oidc_auth_enabled": true}).
		problem(t, 400, "", "oidc_auth_enabled: cannot be set before configuring an identity provider")
	fx.do("PATCH", "/v3/authentication-settings", map[string]any{"oidc_auth_enabled": "yes", "sso": true}).
		problem(t, 400, "", "sso: is an unknown property", "oidc_auth_enabled: must be a boolean")
	fx.do("GET", "/v3/authentication-settings", nil).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"basic_auth_enabled":true,"oidc_auth_enabled":false,"saml_auth_enabled":false,"idp_mapping_enabled":true,"konnect_mapping_enabled":true}`)

	fx.do("GET", "/v3/organizations/impersonation", nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, `{"enabled":false}`)
	fx.do("PATCH", "/v3/organizations/impersonation", map[string]any{"enabled": true}).expect(t, 200, mockcore.CTJSON).jsonEq(t, `{"enabled":true}`)
	fx.do("GET", "/v3/organizations/impersonation", nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, `{"enabled":true}`)
}

func TestRolesCatalogue(t *testing.T) {
	fx := newFixture(t, Options{})
	r := fx.do("GET", "/v3/roles", nil).expect(t, 200, mockcore.CTJSON)
	if len(r.body) != 7 {
		t.Fatalf("entity types: %s", r.raw)
	}
	cp := r.body["control_planes"].(map[string]any)
	viewer := cp["roles"].(map[string]any)["viewer"].(map[string]any)
	if cp["name"] != "Control Planes" || viewer["name"] != "Viewer" || viewer["description"] != "This role grants read only access to all entities within a control plane." {
		t.Fatalf("control_planes: %v", cp)
	}
	if mesh := r.body["mesh_control_planes"].(map[string]any); mesh["name"] != "Mesh Control Plane" || len(mesh["roles"].(map[string]any)) != 4 {
		t.Fatalf("mesh: %v", mesh)
	}
	// every catalogue role name is assignable
	for _, g := range catalogue {
		for _, d := range g.Roles {
			if !slices.Contains(roleNames, d.Name) {
				t.Errorf("%s %s is not in the AssignRole enum", g.Name, d.Name)
			}
		}
	}
}
