package access

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func TestSystemAccounts(t *testing.T) {
	fx := newFixture(t, Options{})
	a := fx.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "CI pipeline"}).expect(t, 201, mockcore.CTJSON)
	a.jsonEq(t, `{"name":"ci","description":"CI pipeline","konnect_managed":false}`, "id", "created_at", "updated_at")
	stamps(t, a.body)
	id := a.str("id")
	fx.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "again"}).problem(t, 409, "System account with name [ci] already exists")
	fx.do("POST", "/v3/system-accounts", map[string]any{"name": "ci"}).problem(t, 400, "", "description: is a required field")
	fx.do("POST", "/v3/system-accounts", map[string]any{"name": "deploy", "description": "", "konnect_managed": true}).expect(t, 201, mockcore.CTJSON)

	// PATCH: only what is sent
	fx.clock.Advance(time.Second)
	fx.do("PATCH", "/v3/system-accounts/"+id, map[string]any{"name": "ci-bot"}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"id":"`+id+`","name":"ci-bot","description":"CI pipeline","konnect_managed":false,"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z"}`)
	fx.do("PATCH", "/v3/system-accounts/"+id, map[string]any{"description": "builds"}).expect(t, 200, mockcore.CTJSON).
		jsonEq(t, `{"name":"ci-bot","description":"builds","konnect_managed":false}`, "id", "created_at", "updated_at")
	fx.do("PATCH", "/v3/system-accounts/"+id, map[string]any{"name": "deploy"}).problem(t, 409, "System account with name [deploy] already exists")
	fx.do("PATCH", "/v3/system-accounts/"+id, map[string]any{"konnect_managed": true}).problem(t, 400, "", "konnect_managed: is an unknown property")

	q := func(query string) []string {
		return fx.do("GET", "/v3/system-accounts?"+query, nil).expect(t, 200, mockcore.CTJSON).names(t, "name")
	}
	if got := q("filter[konnect_managed]=true"); !slices.Equal(got, []string{"deploy"}) {
		t.Fatalf("konnect_managed: %v", got)
	}
	if got := q("filter[description][contains]=uild"); !slices.Equal(got, []string{"ci-bot"}) {
		t.Fatalf("description: %v", got)
	}
	if got := q("page[size]=1&page[number]=2"); !slices.Equal(got, []string{"deploy"}) {
		t.Fatalf("page 2: %v", got)
	}

	// team membership of system accounts lives under /teams/{teamId}/system-accounts
	team := fx.do("POST", "/v3/teams", map[string]any{"name": "bots"}).expect(t, 201, mockcore.CTJSON).str("id")
	fx.do("POST", "/v3/teams/"+team+"/system-accounts", map[string]any{"id": id}).expect(t, 201, "")
	fx.do("POST", "/v3/teams/"+team+"/system-accounts", map[string]any{"id": id}).problem(t, 409, "System account ["+id+"] is already a member of team ["+team+"]")
	fx.do("POST", "/v3/teams/"+team+"/system-accounts", map[string]any{"id": missing}).problem(t, 404, "The requested system account was not found")
	if got := fx.do("GET", "/v3/teams/"+team+"/system-accounts", nil).expect(t, 200, mockcore.CTJSON).names(t, "name"); !slices.Equal(got, []string{"ci-bot"}) {
		t.Fatalf("team accounts: %v", got)
	}
	if got := fx.do("GET", "/v3/system-accounts/"+id+"/teams", nil).expect(t, 200, mockcore.CTJSON).names(t, "name"); !slices.Equal(got, []string{"bots"}) {
		t.Fatalf("account teams: %v", got)
	}
	fx.do("DELETE", "/v3/teams/"+team+"/system-accounts/"+id, nil).expect(t, 204, "")
	fx.do("DELETE", "/v3/teams/"+team+"/system-accounts/"+id, nil).problem(t, 404, "The requested system account was not found")
	fx.do("POST", "/v3/teams/"+team+"/system-accounts", map[string]any{"id": id}).expect(t, 201, "")

	fx.do("DELETE", "/v3/system-accounts/"+id, nil).expect(t, 204, "")
	fx.do("GET", "/v3/system-accounts/"+id, nil).problem(t, 404, "The requested system account was not found")
	if got := fx.do("GET", "/v3/teams/"+team+"/system-accounts", nil).names(t, "name"); len(got) != 0 {
		t.Fatalf("a deleted account is still a member: %v", got)
	}
}

func TestSystemAccountTokens(t *testing.T) {
	fx := newFixture(t, Options{})
	acct := fx.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": "CI"}).expect(t, 201, mockcore.CTJSON).str("id")
	path := "/v3/system-accounts/" + acct + "/access-tokens"

	created := fx.do("POST", path, map[string]any{"name": "deploy", "expires_at": "2026-06-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	value := created.str("token")
	if !strings.HasPrefix(value, "spat_") || len(value) != 55 || created.str("expires_at") != "2026-06-01T00:00:00.000Z" {
		t.Fatalf("created token: %s", created.raw)
	}
	stamps(t, created.body)
	id := created.str("id")

	// the value is shown once: never by get, list or patch
	got := fx.do("GET", path+"/"+id, nil).expect(t, 200, mockcore.CTJSON)
	got.jsonEq(t, `{"id":"`+id+`","name":"deploy","created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z","expires_at":"2026-06-01T00:00:00.000Z"}`)
	list := fx.do("GET", path, nil).expect(t, 200, mockcore.CTJSON)
	patched := fx.do("PATCH", path+"/"+id, map[string]any{"name": "deploy-2"}).expect(t, 200, mockcore.CTJSON)
	for _, r := range []result{got, list, patched} {
		if strings.Contains(string(r.raw), value) || strings.Contains(string(r.raw), `"token"`) {
			t.Fatalf("a read shows the token: %s", r.raw)
		}
	}
	if list.meta(t) != "1/10/1" || patched.str("name") != "deploy-2" || patched.str("expires_at") != "2026-06-01T00:00:00.000Z" {
		t.Fatalf("list %s\npatch %s", list.raw, patched.raw)
	}

	// the issued token authenticates while it is good
	if known, valid := fx.f.Authenticate(value); !known || !valid {
		t.Fatalf("fresh token: known %v valid %v", known, valid)
	}
	if lu := fx.do("GET", path+"/"+id, nil).str("last_used_at"); lu != "2026-03-04T05:06:07.123Z" {
		t.Fatalf("last_used_at %q", lu)
	}
	if known, _ := fx.f.Authenticate("spat_never_issued"); known {
		t.Fatal("a token never issued is known")
	}

	// validation and conflicts
	fx.do("POST", path, map[string]any{"name": "deploy-2", "expires_at": "2026-06-01T00:00:00Z"}).problem(t, 409, "System account already has an access token with name [deploy-2]")
	fx.do("POST", path, map[string]any{"name": "x"}).problem(t, 400, "", "expires_at: is a required field")
	fx.do("POST", path, map[string]any{"name": "x", "expires_at": "2020-01-01T00:00:00Z"}).problem(t, 400, "", "expires_at: must be in the future")
	fx.do("POST", path, map[string]any{"name": "x", "expires_at": "tomorrow"}).problem(t, 400, "", "expires_at: must be an RFC 3339 date-time")
	fx.do("PATCH", path+"/"+id, map[string]any{}).problem(t, 400, "", "name: is a required field")
	fx.do("GET", path+"?filter[name][contains]=dep", nil).expect(t, 200, mockcore.CTJSON)

	// expiry: by the clock, or out of band; the token stays listed but is refused
	second := fx.do("POST", path, map[string]any{"name": "short", "expires_at": "2026-03-05T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	fx.clock.Advance(24 * time.Hour)
	if known, valid := fx.f.Authenticate(second.str("token")); !known || valid {
		t.Fatalf("expired token: known %v valid %v", known, valid)
	}
	if err := fx.f.ExpireToken(id); err != nil {
		t.Fatal(err)
	}
	if _, valid := fx.f.Authenticate(value); valid {
		t.Fatal("ExpireToken left the token working")
	}
	if n := len(fx.do("GET", path, nil).data(t)); n != 2 {
		t.Fatalf("expired tokens are listed: %d", n)
	}

	// deleting is revoking: the token is refused, not mistaken for any well-formed one
	third := fx.do("POST", path, map[string]any{"name": "third", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	fx.do("DELETE", path+"/"+third.str("id"), nil).expect(t, 204, "")
	fx.do("GET", path+"/"+third.str("id"), nil).problem(t, 404, "The requested access token was not found")
	if known, valid := fx.f.Authenticate(third.str("token")); !known || valid {
		t.Fatalf("deleted token: known %v valid %v", known, valid)
	}
	fourth := fx.do("POST", path, map[string]any{"name": "fourth", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	if err := fx.f.RevokeToken(fourth.str("id")); err != nil {
		t.Fatal(err)
	}
	if known, valid := fx.f.Authenticate(fourth.str("token")); !known || valid {
		t.Fatalf("revoked token: known %v valid %v", known, valid)
	}
	if err := fx.f.RevokeToken(missing); err != ErrNotFound {
		t.Fatalf("RevokeToken of nothing: %v", err)
	}
	// and deleting the account retires its tokens
	fifth := fx.do("POST", path, map[string]any{"name": "fifth", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	fx.do("DELETE", "/v3/system-accounts/"+acct, nil).expect(t, 204, "")
	if known, valid := fx.f.Authenticate(fifth.str("token")); !known || valid {
		t.Fatalf("token of a deleted account: known %v valid %v", known, valid)
	}
}

func TestPersonalAccessTokens(t *testing.T) {
	fx := newFixture(t, Options{})
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	path := "/v3/users/" + jane.ID + "/access-tokens"

	created := fx.do("POST", path, map[string]any{"name": "laptop", "ttl_seconds": 86400}).expect(t, 201, mockcore.CTJSON)
	value := created.str("konnect_token")
	created.jsonEq(t, `{"user_id":"`+jane.ID+`","name":"laptop","state":"ACTIVE","revoked_by":null,"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z","last_used_at":null,"expires_at":"2026-03-05T05:06:07.123Z","revoked_at":null}`, "id", "konnect_token")
	if !strings.HasPrefix(value, "kpat_") {
		t.Fatalf("value %q", value)
	}
	id := created.str("id")
	for _, r := range []result{fx.do("GET", path, nil), fx.do("GET", path+"/"+id, nil)} {
		r.expect(t, 200, mockcore.CTJSON)
		if strings.Contains(string(r.raw), "konnect_token") || strings.Contains(string(r.raw), value) {
			t.Fatalf("a read shows the token: %s", r.raw)
		}
	}
	fx.do("GET", path, nil).jsonEq(t, `{"meta":{"number":1,"size":1,"total":1},"data":[`+mustJSON(fx.do("GET", path+"/"+id, nil).body)+`]}`)

	// the token authenticates, and /users/me is its user
	fx.token = value
	if known, valid := fx.f.Authenticate(value); !known || !valid {
		t.Fatal("fresh personal token refused")
	}
	fx.do("GET", "/v3/users/me", nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, `{"email":"jane.doe@example.com","full_name":"Jane Doe","preferred_name":"Jane","active":true}`, "id", "created_at", "updated_at")

	fx.do("PATCH", path+"/"+id, map[string]any{"name": "work laptop"}).expect(t, 200, mockcore.CTJSON)
	fx.do("PATCH", path+"/"+id, map[string]any{"name": "x"}).problem(t, 400, "", `name: must match ^[\p{L}\p{N}][\p{L}\p{N} _\-\.']*[\p{L}\p{N}]$`)
	fx.do("POST", path, map[string]any{"name": "short", "ttl_seconds": 60}).problem(t, 400, "", "ttl_seconds: must be at least 86400")
	fx.do("POST", path, map[string]any{"name": "both", "ttl_seconds": 86400, "expires_at": "2027-01-01T00:00:00Z"}).problem(t, 400, "", "expires_at: cannot be given with ttl_seconds")
	fx.do("POST", path, map[string]any{"name": "old", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)

	// revoke: state REVOKED, by the caller; refused from then on
	revoked := fx.do("PATCH", path+"/"+id+"/revoke", nil).expect(t, 200, mockcore.CTJSON)
	if revoked.str("state") != "REVOKED" || revoked.str("revoked_by") != jane.ID || revoked.str("revoked_at") != "2026-03-04T05:06:07.123Z" {
		t.Fatalf("revoked: %s", revoked.raw)
	}
	if known, valid := fx.f.Authenticate(value); !known || valid {
		t.Fatal("revoked token accepted")
	}
	// expiry by the clock
	fx.clock.Advance(366 * 24 * time.Hour)
	for _, tok := range fx.do("GET", path, nil).data(t) {
		if tok["name"] == "old" && tok["state"] != "EXPIRED" {
			t.Fatalf("expired token: %v", tok)
		}
	}
	fx.do("DELETE", path+"/"+id, nil).expect(t, 204, "")
	fx.do("GET", path+"/"+id, nil).problem(t, 404, "The requested personal access token was not found")
	fx.do("GET", path+"/nope", nil).problem(t, 400, "", "tokenID: invalid ID format")
}

// Where the spec types an id as a plain string, an id that is not a UUID is not found.
func TestStringIDsAreNotFound(t *testing.T) {
	fx := newFixture(t, Options{})
	for _, p := range []string{"/v3/system-accounts/nope", "/v3/system-accounts/nope/access-tokens", "/v3/system-accounts/nope/teams", "/v3/teams/nope/system-accounts"} {
		fx.do("GET", p, nil).expect(t, 404, mockcore.CTProblem)
	}
}

// RevokeToken of a personal access token revokes it as PATCH …/revoke does, by its owner, once.
func TestRevokeTokenOfAPersonalToken(t *testing.T) {
	fx := newFixture(t, Options{})
	jane, _ := fx.f.FindUser("jane.doe@example.com")
	path := "/v3/users/" + jane.ID + "/access-tokens"
	created := fx.do("POST", path, map[string]any{"name": "laptop", "ttl_seconds": 86400}).expect(t, 201, mockcore.CTJSON)
	id := created.str("id")

	fx.clock.Advance(time.Second)
	if err := fx.f.RevokeToken(id); err != nil {
		t.Fatal(err)
	}
	want := `{"user_id":"` + jane.ID + `","name":"laptop","state":"REVOKED","revoked_by":"` + jane.ID + `","created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z","last_used_at":null,"expires_at":"2026-03-05T05:06:07.123Z","revoked_at":"2026-03-04T05:06:08.123Z"}`
	fx.do("GET", path+"/"+id, nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, want, "id")
	fx.clock.Advance(time.Second)
	if err := fx.f.RevokeToken(strings.ToUpper(id)); err != nil {
		t.Fatal(err)
	}
	fx.do("GET", path+"/"+id, nil).expect(t, 200, mockcore.CTJSON).jsonEq(t, want, "id")
	if known, valid := fx.f.Authenticate(created.str("konnect_token")); !known || valid {
		t.Fatalf("revoked token: known %v valid %v", known, valid)
	}
}

// A system account token cannot take the name of another of the account's tokens; keeping its own is no conflict.
func TestAccountTokenRename(t *testing.T) {
	fx := newFixture(t, Options{})
	a := fx.do("POST", "/v3/system-accounts", map[string]any{"name": "ci", "description": ""}).expect(t, 201, mockcore.CTJSON)
	path := "/v3/system-accounts/" + a.str("id") + "/access-tokens"
	first := fx.do("POST", path, map[string]any{"name": "one", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	second := fx.do("POST", path, map[string]any{"name": "two", "expires_at": "2027-01-01T00:00:00Z"}).expect(t, 201, mockcore.CTJSON)
	fx.do("PATCH", path+"/"+second.str("id"), map[string]any{"name": "one"}).problem(t, 409, "System account already has an access token with name [one]")
	fx.do("PATCH", path+"/"+first.str("id"), map[string]any{"name": "one"}).expect(t, 200, mockcore.CTJSON)
	if got := fx.do("GET", path, nil).names(t, "name"); !slices.Equal(got, []string{"one", "two"}) {
		t.Fatalf("names %v", got)
	}
}
