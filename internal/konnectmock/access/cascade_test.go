package access

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// What Konnect deletes with a team, a system account and an identity provider, which the
// provider's cascade guard lists before such a delete: a team's memberships (users and
// system accounts, who stay) and role grants; a system account's tokens (refused from
// then on), role grants and team memberships (the teams stay); a provider's team group
// mappings. Nothing of a deleted parent is reachable afterwards, and the members survive.
func TestDeleteTakesDependents(t *testing.T) {
	fx := newFixture(t, Options{})
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	grant := map[string]any{"role_name": "Viewer", "entity_id": "*", "entity_type_name": "Control Planes", "entity_region": "us"}
	newTeam := func(name string) string {
		return fx.do("POST", "/v3/teams", map[string]any{"name": name}).expect(t, 201, mockcore.CTJSON).str("id")
	}
	newAccount := func(name string) string {
		return fx.do("POST", "/v3/system-accounts", map[string]any{"name": name, "description": "bot"}).expect(t, 201, mockcore.CTJSON).str("id")
	}
	count := func(path string) int {
		t.Helper()
		return len(fx.do("GET", path, nil).expect(t, 200, mockcore.CTJSON).data(t))
	}

	// A team with a user, a system account and a role grant.
	team, member := newTeam("ops"), newAccount("member")
	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": jane.ID}).expect(t, 201, "")
	fx.do("POST", "/v3/teams/"+team+"/system-accounts", map[string]any{"id": member}).expect(t, 201, "")
	fx.do("POST", "/v3/teams/"+team+"/assigned-roles", grant).expect(t, 201, mockcore.CTJSON)
	fx.do("DELETE", "/v3/teams/"+team, nil).expect(t, 204, "")
	for _, sub := range []string{"users", "system-accounts", "assigned-roles"} {
		fx.do("GET", "/v3/teams/"+team+"/"+sub, nil).problem(t, 404, "The requested team was not found")
	}
	if n := count("/v3/users/" + jane.ID + "/teams"); n != 0 {
		t.Errorf("the user is still in %d teams after the team's delete", n)
	}
	if n := count("/v3/system-accounts/" + member + "/teams"); n != 0 {
		t.Errorf("the system account is still in %d teams after the team's delete", n)
	}
	fx.do("GET", "/v3/users/"+jane.ID, nil).expect(t, 200, mockcore.CTJSON)          // the members stay
	fx.do("GET", "/v3/system-accounts/"+member, nil).expect(t, 200, mockcore.CTJSON) // …

	// A system account with a token, a role grant and a team membership.
	account, kept := newAccount("ci"), newTeam("platform")
	tok := fx.do("POST", "/v3/system-accounts/"+account+"/access-tokens", map[string]any{"name": "deploy", "expires_at": "2027-01-01T00:00:00Z"}).
		expect(t, 201, mockcore.CTJSON).str("token")
	fx.do("POST", "/v3/system-accounts/"+account+"/assigned-roles", grant).expect(t, 201, mockcore.CTJSON)
	fx.do("POST", "/v3/teams/"+kept+"/system-accounts", map[string]any{"id": account}).expect(t, 201, "")
	fx.do("DELETE", "/v3/system-accounts/"+account, nil).expect(t, 204, "")
	for _, sub := range []string{"access-tokens", "assigned-roles", "teams"} {
		fx.do("GET", "/v3/system-accounts/"+account+"/"+sub, nil).problem(t, 404, "The requested system account was not found")
	}
	if known, valid := fx.f.Authenticate(tok); !known || valid {
		t.Errorf("the token of a deleted account: known %v valid %v", known, valid)
	}
	if n := count("/v3/teams/" + kept + "/system-accounts"); n != 0 {
		t.Errorf("the team still has %d system accounts after the account's delete", n)
	}

	// An identity provider with a team group mapping: the team stays.
	idp := fx.do("POST", "/v3/identity-providers", map[string]any{"type": "oidc", "login_path": "org",
		"config": map[string]any{"issuer_url": "https://idp.example", "client_id": "c"}}).expect(t, 201, mockcore.CTJSON).str("id")
	m := fx.do("POST", "/v3/identity-providers/"+idp+"/team-group-mappings", map[string]any{"team_id": kept, "group": "sre"}).
		expect(t, 201, mockcore.CTJSON).str("id")
	fx.do("DELETE", "/v3/identity-providers/"+idp, nil).expect(t, 204, "")
	if r := fx.do("GET", "/v3/identity-providers/"+idp+"/team-group-mappings", nil); r.status != 404 {
		t.Errorf("the mappings of a deleted provider: %d %s", r.status, r.raw)
	}
	if r := fx.do("GET", "/v3/identity-providers/"+idp+"/team-group-mappings/"+m, nil); r.status != 404 {
		t.Errorf("a mapping of a deleted provider: %d %s", r.status, r.raw)
	}
	fx.do("GET", "/v3/teams/"+kept, nil).expect(t, 200, mockcore.CTJSON)
}
