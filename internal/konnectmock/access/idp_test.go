package access

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func TestIdentityProviders(t *testing.T) {
	fx := newFixture(t, Options{})
	oidc := fx.do("POST", "/v3/identity-providers", map[string]any{
		"type": "oidc", "login_path": "the-oidc-konnect-org",
		"config": map[string]any{"issuer_url": "https://konghq.okta.com/oauth2/default", "client_id": "0oaqhb43", "client_secret": "BbqwI8xP9E4evOK"},
	}).expect(t, 201, mockcore.CTJSON)
	// defaults filled, client_secret never returned
	oidc.jsonEq(t, `{"type":"oidc","enabled":false,"login_path":"the-oidc-konnect-org","config":{"issuer_url":"https://konghq.okta.com/oauth2/default","client_id":"0oaqhb43","scopes":["email","openid","profile"],"claim_mappings":{"name":"name","email":"email","groups":"groups"}}}`, "id", "created_at", "updated_at")
	stamps(t, oidc.body)
	id := oidc.str("id")
	fx.do("POST", "/v3/identity-providers", map[string]any{"type": "oidc", "login_path": "again",
		"config": map[string]any{"issuer_url": "https://a.example", "client_id": "b"}}).problem(t, 409, "An identity provider of type [oidc] already exists")

	// PATCH merges config: client_id alone leaves issuer, scopes and claims; a claim merges too
	p := fx.do("PATCH", "/v3/identity-providers/"+id, map[string]any{"config": map[string]any{"client_id": "new-id", "claim_mappings": map[string]any{"groups": "custom-groups"}}}).
		expect(t, 200, mockcore.CTJSON)
	p.jsonEq(t, `{"id":"`+id+`","type":"oidc","enabled":false,"login_path":"the-oidc-konnect-org","config":{"issuer_url":"https://konghq.okta.com/oauth2/default","client_id":"new-id","scopes":["email","openid","profile"],"claim_mappings":{"name":"name","email":"email","groups":"custom-groups"}}}`, "created_at", "updated_at")
	if strings.Contains(string(p.raw), "client_secret") {
		t.Fatalf("secret shown: %s", p.raw)
	}
	fx.do("PATCH", "/v3/identity-providers/"+id, map[string]any{"enabled": true}).expect(t, 200, mockcore.CTJSON)
	fx.do("PATCH", "/v3/identity-providers/"+id, map[string]any{"type": "saml"}).problem(t, 400, "", "type: is an unknown property")
	fx.do("PATCH", "/v3/identity-providers/"+id, map[string]any{"config": map[string]any{"issuer_url": "not a url", "prompt": "login"}}).
		problem(t, 400, "", "config.prompt: is an unknown property", "config.issuer_url: must be an absolute http or https URI")

	// SAML: the service provider fields are computed from the login path
	saml := fx.do("POST", "/v3/identity-providers", map[string]any{"type": "saml", "login_path": "the-saml-konnect-org",
		"config": map[string]any{"idp_metadata_url": "https://mocksaml.com/api/saml/metadata"}}).expect(t, 201, mockcore.CTJSON)
	cfg := saml.body["config"].(map[string]any)
	if cfg["login_url"] != "https://cloud.konghq.com/login/the-saml-konnect-org" ||
		cfg["callback_url"] != "https://cloud.konghq.com/v2/authenticate/the-saml-konnect-org/saml/acs" ||
		cfg["sp_metadata_url"] != "https://cloud.konghq.com/v2/authenticate/the-saml-konnect-org/saml/metadata" ||
		!strings.HasPrefix(cfg["sp_entity_id"].(string), "https://cloud.konghq.com/sp/") {
		t.Fatalf("saml: %s", saml.raw)
	}
	fx.do("PATCH", "/v3/identity-providers/"+saml.str("id"), map[string]any{"enabled": true}).problem(t, 409, "Only one identity provider can be enabled at a time")
	x := fx.do("PATCH", "/v3/identity-providers/"+saml.str("id"), map[string]any{"config": map[string]any{"idp_metadata_xml": "<EntityDescriptor/>"}}).expect(t, 200, mockcore.CTJSON)
	if c := x.body["config"].(map[string]any); c["idp_metadata_xml"] != "<EntityDescriptor/>" || c["idp_metadata_url"] != nil {
		t.Fatalf("metadata xml replaces the url: %s", x.raw)
	}
	fx.do("POST", "/v3/identity-providers", map[string]any{"type": "ldap"}).problem(t, 400, "",
		"type: must be one of: oidc, saml", "login_path: is a required field")

	list := fx.do("GET", "/v3/identity-providers", nil).expect(t, 200, mockcore.CTJSON)
	if len(list.list) != 2 {
		t.Fatalf("list is a bare array of both: %s", list.raw)
	}
	if got := fx.do("GET", "/v3/identity-providers?filter[type][eq]=saml", nil).list; len(got) != 1 {
		t.Fatalf("type filter: %v", got)
	}
	if o := fx.do("GET", "/v3/organizations/me", nil).str("login_path"); o != "the-oidc-konnect-org" {
		t.Fatalf("organisation login path %q", o)
	}
	fx.do("PATCH", "/v3/authentication-settings", map[string]any{"oidc_auth_enabled": true}).expect(t, 200, mockcore.CTJSON)

	fx.do("GET", "/v3/identity-providers/"+missing, nil).problem(t, 404, "The requested identity provider was not found")
	fx.do("GET", "/v3/identity-providers/x", nil).problem(t, 400, "", "id: invalid ID format")
	fx.do("DELETE", "/v3/identity-providers/"+saml.str("id"), nil).expect(t, 204, "")
	fx.do("GET", "/v3/identity-providers/"+saml.str("id"), nil).problem(t, 404, "The requested identity provider was not found")
}

func TestTeamGroupMappings(t *testing.T) {
	fx := newFixture(t, Options{})
	idp := fx.do("POST", "/v3/identity-providers", map[string]any{"type": "oidc", "login_path": "org",
		"config": map[string]any{"issuer_url": "https://idp.example", "client_id": "c"}}).expect(t, 201, mockcore.CTJSON).str("id")
	path := "/v3/identity-providers/" + idp + "/team-group-mappings"
	teamA := fx.do("POST", "/v3/teams", map[string]any{"name": "a"}).expect(t, 201, mockcore.CTJSON).str("id")
	teamB := fx.do("POST", "/v3/teams", map[string]any{"name": "b"}).expect(t, 201, mockcore.CTJSON).str("id")
	var ids []string
	for i := range 5 {
		team := teamA
		if i%2 == 1 {
			team = teamB
		}
		m := fx.do("POST", path, map[string]any{"team_id": team, "group": fmt.Sprintf("group-%d", i)}).expect(t, 201, mockcore.CTJSON)
		m.jsonEq(t, `{"team_id":"`+team+`","group":"`+fmt.Sprintf("group-%d", i)+`"}`, "id", "created_at", "updated_at")
		ids = append(ids, m.str("id"))
	}
	fx.do("POST", path, map[string]any{"team_id": teamA, "group": "group-0"}).problem(t, 409, "Group [group-0] is already mapped to team ["+teamA+"]")
	fx.do("POST", path, map[string]any{"team_id": missing, "group": "g"}).problem(t, 404, "The requested team was not found")
	fx.do("POST", path, map[string]any{"group": "g"}).problem(t, 400, "", "team_id: is a required field")

	// cursor paging: follow next to the end, then previous back
	var seen []string
	next := path + "?page[size]=2"
	pages := 0
	for next != "" {
		r := fx.do("GET", next, nil).expect(t, 200, mockcore.CTJSON)
		seen = append(seen, r.names(t, "id")...)
		page := r.body["meta"].(map[string]any)["page"].(map[string]any)
		if fmt.Sprint(page["size"]) != "2" || page["first"] != "/identity-providers/"+idp+"/team-group-mappings?page[size]=2" {
			t.Fatalf("meta: %s", r.raw)
		}
		if pages == 0 && page["previous"] != nil {
			t.Fatalf("first page has a previous: %s", r.raw)
		}
		next = ""
		if n, ok := page["next"].(string); ok {
			next = "/v3" + n
		}
		if pages++; pages > 5 {
			t.Fatal("paging does not end")
		}
	}
	if !slices.Equal(seen, ids) || pages != 3 {
		t.Fatalf("%d pages saw %v, want %v", pages, seen, ids)
	}
	last := fx.do("GET", path+"?page[size]=2&page[after]="+url.QueryEscape(encodeCursor(ids[1])), nil).expect(t, 200, mockcore.CTJSON)
	prev := last.body["meta"].(map[string]any)["page"].(map[string]any)["previous"].(string)
	back := fx.do("GET", "/v3"+prev, nil).expect(t, 200, mockcore.CTJSON)
	if got := back.names(t, "id"); !slices.Equal(got, ids[:2]) {
		t.Fatalf("previous: %v", got)
	}
	lastLink := last.body["meta"].(map[string]any)["page"].(map[string]any)["last"].(string)
	if got := fx.do("GET", "/v3"+lastLink, nil).names(t, "id"); !slices.Equal(got, ids[3:]) {
		t.Fatalf("last: %v", got)
	}
	if got := fx.do("GET", path+"?filter[team_id][eq]="+teamB, nil).names(t, "group"); !slices.Equal(got, []string{"group-1", "group-3"}) {
		t.Fatalf("team filter: %v", got)
	}
	fx.do("GET", path+"?page[after]=garbage", nil).problem(t, 400, "", "page[after]: is not a valid cursor")

	fx.do("GET", path+"/"+ids[0], nil).expect(t, 200, mockcore.CTJSON)
	fx.do("DELETE", path+"/"+ids[0], nil).expect(t, 204, "")
	fx.do("GET", path+"/"+ids[0], nil).problem(t, 404, "The requested team group mapping was not found")

	// the legacy views see the same mappings
	fx.do("GET", "/v3/identity-provider/team-group-mappings", nil).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"meta":{"page":{"number":1,"size":10,"total":2}},"data":[{"team_id":"`+teamB+`","groups":["group-1","group-3"]},{"team_id":"`+teamA+`","groups":["group-2","group-4"]}]}`)
	fx.do("PATCH", "/v3/identity-provider/team-group-mappings", map[string]any{"data": []any{map[string]any{"team_id": teamA, "groups": []string{}}}}).expect(t, 200, mockcore.CTJSON)
	fx.do("GET", "/v3/identity-provider/team-mappings", nil).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"meta":{"page":{"number":1,"size":10,"total":2}},"data":[{"group":"group-1","team_ids":["`+teamB+`"]},{"group":"group-3","team_ids":["`+teamB+`"]}]}`)
	fx.do("GET", "/v3/identity-provider", nil).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"issuer":"https://idp.example","login_path":"org","client_id":"c","scopes":["email","openid","profile"],"claim_mappings":{"name":"name","email":"email","groups":"groups"}}`)

	// deleting a team removes its mappings; deleting the provider removes them all
	fx.do("DELETE", "/v3/teams/"+teamB, nil).expect(t, 204, "")
	if n := len(fx.do("GET", path, nil).data(t)); n != 0 {
		t.Fatalf("%d mappings of a deleted team", n)
	}
	fx.do("DELETE", "/v3/identity-providers/"+idp, nil).expect(t, 204, "")
	fx.do("GET", path, nil).problem(t, 404, "The requested identity provider was not found")
	fx.do("GET", "/v3/identity-provider/team-group-mappings", nil).problem(t, 400, "An IdP configuration is required", "data: cannot be set before configuring an identity provider")
}

// The legacy single-IdP endpoints create and edit the OIDC identity provider,
// and replace mappings per group.
func TestLegacyIdPEndpoints(t *testing.T) {
	fx := newFixture(t, Options{})
	fx.do("GET", "/v3/identity-provider", nil).problem(t, 404, "IdP configuration not found")
	fx.do("GET", "/v3/identity-provider/team-mappings", nil).problem(t, 412, "IdP configuration not found")
	fx.do("PATCH", "/v3/identity-provider", map[string]any{"client_id": "c"}).problem(t, 400, "",
		"login_path: is a required field", "issuer: is a required field")
	fx.do("PATCH", "/v3/identity-provider", map[string]any{"issuer": "https://idp.example", "client_id": "c", "client_secret": "s", "login_path": "org"}).
		expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"issuer":"https://idp.example","login_path":"org","client_id":"c","scopes":["email","openid","profile"],"claim_mappings":{"name":"name","email":"email","groups":"groups"}}`)
	fx.do("PATCH", "/v3/identity-provider", map[string]any{"scopes": []string{"openid"}}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"issuer":"https://idp.example","login_path":"org","client_id":"c","scopes":["openid"],"claim_mappings":{"name":"name","email":"email","groups":"groups"}}`)
	list := fx.do("GET", "/v3/identity-providers", nil).expect(t, 200, mockcore.CTJSON)
	if len(list.list) != 1 || strings.Contains(string(list.raw), `"s"`) {
		t.Fatalf("the legacy configuration is the OIDC identity provider: %s", list.raw)
	}

	a := fx.do("POST", "/v3/teams", map[string]any{"name": "a"}).expect(t, 201, mockcore.CTJSON).str("id")
	b := fx.do("POST", "/v3/teams", map[string]any{"name": "b"}).expect(t, 201, mockcore.CTJSON).str("id")
	put := func(body string) result {
		return fx.do("PUT", "/v3/identity-provider/team-mappings", body)
	}
	put(`{"mappings":[{"group":"eng","team_ids":["`+a+`","`+b+`"]},{"group":"ops","team_ids":["`+b+`"]}]}`).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"data":[{"group":"eng","team_ids":["`+a+`","`+b+`"]},{"group":"ops","team_ids":["`+b+`"]}]}`)
	// a group given again is replaced; groups not given stay
	put(`{"mappings":[{"group":"eng","team_ids":["`+a+`"]}]}`).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"data":[{"group":"ops","team_ids":["`+b+`"]},{"group":"eng","team_ids":["`+a+`"]}]}`)
	put(`{"mappings":[{"group":"x","team_ids":["`+missing+`"]}]}`).problem(t, 400, "", "mappings.team_ids: team "+missing+" does not exist")
}
