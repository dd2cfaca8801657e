package access

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// A snapshot loads back into the same state, tokens included (by digest).
func TestStateRoundTrip(t *testing.T) {
	fx := newFixture(t, Options{})
	team := fx.do("POST", "/v3/teams", map[string]any{"name": "ops", "labels": map[string]any{"env": "prod"}}).expect(t, 201, mockcore.CTJSON).str("id")
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	fx.do("POST", "/v3/teams/"+team+"/users", map[string]any{"id": jane.ID}).expect(t, 201, "")
	acct := fx.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "CI"}).expect(t, 201, mockcore.CTJSON).str("id")
	tok := fx.do("POST", "/v3/system-accounts/"+acct+"/access-tokens", map[string]any{"name": "t", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	gone := fx.do("POST", "/v3/system-accounts/"+acct+"/access-tokens", map[string]any{"name": "gone", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	fx.do("DELETE", "/v3/system-accounts/"+acct+"/access-tokens/"+gone.str("id"), nil).expect(t, 204, "")
	fx.do("POST", "/v3/teams/"+team+"/assigned-roles", map[string]any{"role_name": "Viewer", "entity_id": "*", "entity_type_name": "Control Planes", "entity_region": "*"}).expect(t, 201, mockcore.CTJSON)
	idp := fx.do("POST", "/v3/identity-providers", map[string]any{"type": "oidc", "login_path": "org", "config": map[string]any{"issuer_url": "https://idp.example", "client_id": "c", "client_secret": "s3cret"}}).expect(t, 201, mockcore.CTJSON).str("id")
	fx.do("POST", "/v3/identity-providers/"+idp+"/team-group-mappings", map[string]any{"team_id": team, "group": "g"}).expect(t, 201, mockcore.CTJSON)

	fx.f.env.Lock.Lock()
	doc := fx.f.Snapshot()
	fx.f.env.Lock.Unlock()
	for _, secret := range []string{tok.str("token"), "s3cret"} {
		if bytes.Contains(doc, []byte(secret)) {
			t.Fatalf("the snapshot holds a secret in clear: %s", doc)
		}
	}

	again := New(mockcore.Env{Now: fx.clock.Now}, Options{})
	if err := again.Restore(doc); err != nil {
		t.Fatal(err)
	}
	if redo := again.Snapshot(); !bytes.Equal(redo, doc) {
		t.Fatalf("round trip changed the state\n%s\n%s", doc, redo)
	}
	if known, valid := again.Authenticate(tok.str("token")); !known || !valid {
		t.Fatal("a restored token does not authenticate")
	}
	if known, valid := again.Authenticate(gone.str("token")); !known || valid {
		t.Fatal("a deleted token is not refused after a restore")
	}

	// Reset is a new organisation
	again.env.Lock.Lock()
	again.Reset()
	again.env.Lock.Unlock()
	if len(again.st.Teams) != len(predefinedTeams) || len(again.st.Users) != 3 || len(again.st.Accounts) != 0 {
		t.Fatal("Reset is not a new organisation")
	}
}

func TestRestoreRefusesInconsistentState(t *testing.T) {
	fx := newFixture(t, Options{})
	doc := string(fx.f.Snapshot())
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	admin, _ := fx.f.FindUser("admin@example.com")
	cases := map[string]string{
		"unknown field":   strings.Replace(doc, `"impersonation_enabled"`, `"bogus":1,"impersonation_enabled"`, 1),
		"duplicate id":    strings.Replace(doc, jane.ID, admin.ID, 1),
		"bad id":          strings.ReplaceAll(doc, jane.ID, "jane"),
		"missing member":  strings.Replace(doc, `"users":["`+admin.ID+`"]`, `"users":["`+missing+`"]`, 1),
		"missing lists":   `{"organization":{"id":"` + missing + `"}}`,
		"unknown role":    strings.Replace(doc, `"role_name":"Maintainer"`, `"role_name":"Janitor"`, 1),
		"not an object":   `[]`,
		"duplicate email": strings.Replace(doc, "jane.doe@example.com", "admin@example.com", 1),
	}
	for name, bad := range cases {
		f := New(mockcore.Env{}, Options{})
		before := f.Snapshot()
		if err := f.Restore(json.RawMessage(bad)); err == nil {
			t.Errorf("%s: accepted", name)
		}
		if !bytes.Equal(f.Snapshot(), before) {
			t.Errorf("%s: a refused restore changed the state", name)
		}
	}
}
