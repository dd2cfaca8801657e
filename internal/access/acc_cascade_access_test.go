package access_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The cascade guard on the access family's parents, with a real CLI. Deleting a team in
// Konnect removes its memberships and role grants; deleting a system account removes its
// tokens, role grants and team memberships; deleting an identity provider removes its team
// group mappings. These are where people edit by hand in Konnect's UI, and a destroy (or a
// replacement) would take what they added with it. What this configuration manages is
// deleted first, so what the guard finds at the parent's delete was made outside it.

// userID is the id of one of the mock organization's users.
func userID(e *acctest.Env, email string) string {
	e.T.Helper()
	u, ok := e.Mock.Access().FindUser(email)
	if !ok {
		e.T.Fatalf("the mock has no user %s", email)
	}
	return u.ID
}

// lists reports whether the platform listing at collection holds an object with this id.
func lists(e *acctest.Env, collection, id string) bool {
	e.T.Helper()
	for _, o := range e.List(collection) {
		if o["id"] == id {
			return true
		}
	}
	return false
}

// wantHeld fails the test unless Konnect holds (want true) or lacks each object, given as
// [collection, id]: looked up in the collection's listing (a membership has no path).
func wantHeld(e *acctest.Env, what string, want bool, objects ...[2]string) {
	e.T.Helper()
	for _, o := range objects {
		if got := lists(e, o[0], o[1]); got != want {
			e.T.Errorf("%s: Konnect holds %s in %s = %v, want %v", what, o[1], o[0], got, want)
		}
	}
}

// listedAtDelete fails the test unless the guard listed each collection at the parent's
// delete: a GET of it after the DELETE of the managed object in it (when given), and before
// the DELETE of the parent. Terraform deletes the managed children first, so the listing
// finds only what this configuration does not manage.
func listedAtDelete(e *acctest.Env, parent string, collections map[string]string) {
	e.T.Helper()
	reqs := e.Requests()
	index := func(req string, from int) int {
		for i := from; i < len(reqs); i++ {
			if reqs[i] == req {
				return i
			}
		}
		return -1
	}
	del := index("DELETE "+parent, 0)
	if del < 0 {
		e.T.Errorf("no DELETE %s in %v", parent, reqs)
		return
	}
	for collection, managed := range collections {
		from := 0
		if managed != "" {
			if from = index("DELETE "+collection+"/"+managed, 0); from < 0 {
				e.T.Errorf("the managed %s/%s was not deleted: %v", collection, managed, reqs)
				continue
			}
		}
		if at := index("GET "+collection, from); at < 0 || at > del {
			e.T.Errorf("GET %s not between the delete of the managed %q and DELETE %s: %v", collection, managed, parent, reqs)
		}
	}
}

// wantNoDiagHolds fails the test if any diagnostic the provider returned holds secret.
func wantNoDiagHolds(t *testing.T, rec *acctest.DiagRecorder, secret string) {
	t.Helper()
	for _, d := range rec.Diags() {
		if strings.Contains(d.Summary+d.Detail, secret) || strings.Contains(d.Detail, "spat_") {
			t.Errorf("a diagnostic shows the token: %s: %s", d.Summary, d.Detail)
		}
	}
}

const (
	cascadeWarnSummary = "Deleting this object also deletes objects that Terraform does not manage"
	userLink           = "Each konnect_team_user is a membership: the user stays in Konnect, no longer in the team and without the roles granted to it."
	accountLink        = "Each konnect_system_account_team is a membership: the system account stays in Konnect, no longer in the team and without the roles granted to it."
	teamLink           = "Each konnect_system_account_team is a membership: the team stays in Konnect, without this system account."
)

var viewerGrant = konnect.Object{"role_name": "Viewer", "entity_id": "*", "entity_type_name": "Control Planes", "entity_region": "us"}

// teamWithMember is the team platform with jane as a member, both managed here.
func teamWithMember(e *acctest.Env, policy string) string {
	return e.ProviderBlock(policy) + `
resource "konnect_team" "platform" {
  name = "casc-platform"
}

data "konnect_user" "jane" {
  email = "jane.doe@example.com"
}

resource "konnect_team_user" "jane" {
  team_id = konnect_team.platform.id
  user_id = data.konnect_user.jane.id
}
`
}

// Someone adds a user and a system account to a managed team in the UI, and grants it a
// role. The destroy is refused under the default policy, naming the three with import
// blocks and saying that the user and the system account stay (only their membership
// goes); nothing is deleted but the membership this configuration manages, which goes
// first. Under warn the destroy goes through with a warning naming them; the user and the
// system account are still in Konnect, out of the team. Under overwrite it goes through
// without a word.
func TestAccCascadeAccess_Team(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	john, jane := userID(env, "john.smith@example.com"), userID(env, "jane.doe@example.com")
	var team, robot, grant string
	teamID := func(s *terraform.State) error {
		team = s.RootModule().Resources["konnect_team.platform"].Primary.ID
		return nil
	}
	users := func() string { return "/v3/teams/" + team + "/users" }
	accounts := func() string { return "/v3/teams/" + team + "/system-accounts" }
	roles := func() string { return "/v3/teams/" + team + "/assigned-roles" }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{Config: teamWithMember(env, ""), Check: teamID},
			{
				PreConfig: func() {
					env.Post(users(), konnect.Object{"id": john})
					robot = env.PostObj("/v3/system-accounts", konnect.Object{"name": "ui-robot", "description": "made in the UI"})["id"].(string)
					env.Post(accounts(), konnect.Object{"id": robot})
					grant = env.PostObj(roles(), viewerGrant)["id"].(string)
					rec.Reset()
				},
				Config:  teamWithMember(env, ""),
				Destroy: true,
				ExpectError: acctest.CascadeRefused("konnect_team",
					[]string{
						acctest.PlatformLine("konnect_team_user", john, "john.smith@example.com", false),
						acctest.PlatformLine("konnect_system_account_team", acctest.UUIDPattern, "ui-robot", false),
						acctest.PlatformLine("konnect_team_role", acctest.UUIDPattern, "Viewer on Control Planes", false),
					},
					[]string{userLink, accountLink},
					[]string{acctest.AnImport("konnect_team_user"), acctest.AnImport("konnect_system_account_team"), acctest.AnImport("konnect_team_role")}),
			},
			{
				PreConfig: func() {
					acctest.WantErrorNaming(t, rec, "konnect_team (id "+team+")",
						acctest.ImportOf("konnect_team_user", team+"/"+john), acctest.ImportOf("konnect_system_account_team", team+"/"+robot),
						acctest.ImportOf("konnect_team_role", team+"/"+grant))
					if env.Get("/v3/teams/"+team) == nil {
						t.Fatal("the refused destroy deleted the team")
					}
					wantHeld(env, "after the refused destroy", true, [2]string{users(), john}, [2]string{accounts(), robot}, [2]string{roles(), grant})
					// refused at plan: the membership this configuration manages was not deleted either
					wantHeld(env, "after the destroy refused at plan (the managed membership too)", true, [2]string{users(), jane})
					rec.Reset()
				},
				Config:  teamWithMember(env, "warn"),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy under warn", "/v3/teams/"+team)
					if env.Get("/v3/users/"+john) == nil || env.Get("/v3/system-accounts/"+robot) == nil {
						t.Error("the members did not survive their team's delete")
					}
					if n := len(env.List("/v3/system-accounts/" + robot + "/teams")); n != 0 {
						t.Errorf("the system account is still in %d teams", n)
					}
					return rec.WantWarning(cascadeWarnSummary, john, robot, grant, `name "john.smith@example.com"`, userLink, accountLink)
				},
			},
			{Config: teamWithMember(env, "overwrite"), Check: teamID},
			{
				PreConfig: func() {
					env.Post(users(), konnect.Object{"id": john})
					env.PostObj(roles(), viewerGrant)
					rec.Reset()
				},
				Config:  teamWithMember(env, "overwrite"),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy under overwrite", "/v3/teams/"+team)
					return rec.WantNoWarnings()
				},
			},
		},
	})
}

// systemAccountWithToken is the system account ci with a token, both managed here;
// konnect_managed = true replaces the account.
func systemAccountWithToken(e *acctest.Env, policy string, konnectManaged bool) string {
	return e.ProviderBlock(policy) + fmt.Sprintf(`
resource "konnect_system_account" "ci" {
  name            = "casc-ci"
  description     = "CI"
  konnect_managed = %v
}
`, konnectManaged) + `
resource "konnect_system_account_access_token" "managed" {
  account_id = konnect_system_account.ci.id
  name       = "managed"
  expires_at = "2099-01-01T00:00:00Z"
}
`
}

// Someone makes a token for a managed system account in the UI (a pipeline now uses it),
// grants the account a role and puts it in a team. A replacement of the account (its delete
// half) is refused, and so is the destroy, naming the token by its name (never its value: no
// diagnostic holds it), the grant and the membership (whose team stays), with import blocks;
// the membership's is <team_id>/<account_id>, as konnect_system_account_team imports. Under
// warn the destroy goes through with a warning, and the token no longer works; under
// overwrite it goes through without a word.
func TestAccCascadeAccess_SystemAccount(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	var account, managedToken, token, tokenValue, grant, team string
	ids := func(s *terraform.State) error {
		account = s.RootModule().Resources["konnect_system_account.ci"].Primary.ID
		managedToken = s.RootModule().Resources["konnect_system_account_access_token.managed"].Primary.ID
		return nil
	}
	tokens := func() string { return "/v3/system-accounts/" + account + "/access-tokens" }
	roles := func() string { return "/v3/system-accounts/" + account + "/assigned-roles" }
	newToken := func() {
		tok := env.PostObj(tokens(), konnect.Object{"name": "ui-token", "expires_at": "2099-01-01T00:00:00Z"})
		token, tokenValue = tok["id"].(string), tok["token"].(string)
		if !strings.HasPrefix(tokenValue, "spat_") {
			t.Fatalf("the mock made token %q", tokenValue)
		}
	}
	refused := acctest.CascadeRefused("konnect_system_account",
		[]string{
			acctest.PlatformLine("konnect_system_account_access_token", acctest.UUIDPattern, "ui-token", true),
			acctest.PlatformLine("konnect_system_account_role", acctest.UUIDPattern, "Viewer on Control Planes", false),
			acctest.PlatformLine("konnect_system_account_team", acctest.UUIDPattern, "ui-team", false),
		},
		[]string{teamLink},
		[]string{acctest.AnImport("konnect_system_account_access_token"), acctest.AnImport("konnect_system_account_role"), acctest.AnImport("konnect_system_account_team")})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{Config: systemAccountWithToken(env, "", false), Check: ids},
			{
				PreConfig: func() {
					newToken()
					grant = env.PostObj(roles(), viewerGrant)["id"].(string)
					team = env.PostObj("/v3/teams", konnect.Object{"name": "ui-team"})["id"].(string)
					env.Post("/v3/teams/"+team+"/system-accounts", konnect.Object{"id": account})
					rec.Reset()
				},
				Config: systemAccountWithToken(env, "", true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_system_account.ci", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ExpectError: refused,
			},
			{
				PreConfig: func() {
					acctest.WantErrorNaming(t, rec, "konnect_system_account (id "+account+")", token, `name "ui-token"`,
						acctest.ImportOf("konnect_system_account_access_token", account+"/"+token), acctest.ImportOf("konnect_system_account_role", account+"/"+grant),
						acctest.ImportOf("konnect_system_account_team", team+"/"+account))
					wantNoDiagHolds(t, rec, tokenValue)
					var named []any
					for _, a := range env.List("/v3/system-accounts") {
						if a["name"] == "casc-ci" {
							named = append(named, a["id"])
						}
					}
					if len(named) != 1 || named[0] != account {
						t.Errorf("after the refused replacement Konnect has system accounts casc-ci %v, want only %s", named, account)
					}
					rec.Reset()
				},
				Config:      systemAccountWithToken(env, "", false),
				Destroy:     true,
				ExpectError: refused,
			},
			{
				PreConfig: func() {
					acctest.WantErrorNaming(t, rec, "konnect_system_account (id "+account+")", token, `name "ui-token"`,
						acctest.ImportOf("konnect_system_account_access_token", account+"/"+token), acctest.ImportOf("konnect_system_account_role", account+"/"+grant),
						acctest.ImportOf("konnect_system_account_team", team+"/"+account))
					wantNoDiagHolds(t, rec, tokenValue)
					if env.Get("/v3/system-accounts/"+account) == nil {
						t.Fatal("the refused destroy deleted the system account")
					}
					wantHeld(env, "after the refused destroy", true, [2]string{tokens(), token}, [2]string{roles(), grant},
						[2]string{"/v3/teams/" + team + "/system-accounts", account})
					wantHeld(env, "after the refused destroy (the managed token goes first)", false, [2]string{tokens(), managedToken})
					if _, valid := env.Mock.Access().Authenticate(tokenValue); !valid {
						t.Error("the refused destroy broke the token made in Konnect")
					}
					rec.Reset()
				},
				Config:  systemAccountWithToken(env, "warn", false),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy under warn", "/v3/system-accounts/"+account)
					if env.Get("/v3/teams/"+team) == nil {
						t.Error("the team did not survive the system account's delete")
					}
					if _, valid := env.Mock.Access().Authenticate(tokenValue); valid {
						t.Error("the token of the deleted account still works")
					}
					wantNoDiagHolds(t, rec, tokenValue)
					return rec.WantWarning(cascadeWarnSummary, token, grant, team, `name "ui-token"`, teamLink)
				},
			},
			{Config: systemAccountWithToken(env, "overwrite", false), Check: ids},
			{
				PreConfig: func() { newToken(); rec.Reset() },
				Config:    systemAccountWithToken(env, "overwrite", false),
				Destroy:   true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy under overwrite", "/v3/system-accounts/"+account)
					wantNoDiagHolds(t, rec, tokenValue)
					return rec.WantNoWarnings()
				},
			},
		},
	})
}

// providerWithMapping is an OIDC identity provider with a mapping of a group to team (a team
// this configuration does not manage: deleting a team takes the mappings to it too).
func providerWithMapping(e *acctest.Env, policy, team string) string {
	return e.ProviderBlock(policy) + `
resource "konnect_identity_provider" "sso" {
  ` + fmt.Sprintf(acctest.IdentityProviderBlock, `"casc-sso"`) + `
}

resource "konnect_identity_provider_team_group_mapping" "managed" {
  identity_provider_id = konnect_identity_provider.sso.id
  team_id              = "` + team + `"
  group                = "managed-group"
}
`
}

// Someone maps another group in the UI. The destroy of the identity provider is refused,
// naming the mapping by its group with its import block; under warn it goes through with a
// warning, under overwrite without a word. The team stays.
func TestAccCascadeAccess_IdentityProvider(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	team := env.PostObj("/v3/teams", konnect.Object{"name": "sso-team"})["id"].(string)
	var idp, managed, mapping string
	ids := func(s *terraform.State) error {
		idp = s.RootModule().Resources["konnect_identity_provider.sso"].Primary.ID
		managed = s.RootModule().Resources["konnect_identity_provider_team_group_mapping.managed"].Primary.ID
		return nil
	}
	mappings := func() string { return "/v3/identity-providers/" + idp + "/team-group-mappings" }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{Config: providerWithMapping(env, "", team), Check: ids},
			{
				PreConfig: func() {
					mapping = env.PostObj(mappings(), konnect.Object{"team_id": team, "group": "ui-group"})["id"].(string)
					rec.Reset()
				},
				Config:  providerWithMapping(env, "", team),
				Destroy: true,
				ExpectError: acctest.CascadeRefused("konnect_identity_provider",
					[]string{acctest.PlatformLine("konnect_identity_provider_team_group_mapping", acctest.UUIDPattern, "ui-group", true)},
					nil,
					[]string{acctest.AnImport("konnect_identity_provider_team_group_mapping")}),
			},
			{
				PreConfig: func() {
					acctest.WantErrorNaming(t, rec, "konnect_identity_provider (id "+idp+")",
						acctest.ImportOf("konnect_identity_provider_team_group_mapping", idp+"/"+mapping))
					if env.Get("/v3/identity-providers/"+idp) == nil {
						t.Fatal("the refused destroy deleted the identity provider")
					}
					wantHeld(env, "after the refused destroy", true, [2]string{mappings(), mapping})
					// refused at plan: the mapping this configuration manages was not deleted either
					wantHeld(env, "after the destroy refused at plan (the managed mapping too)", true, [2]string{mappings(), managed})
					rec.Reset()
				},
				Config:  providerWithMapping(env, "warn", team),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy under warn", "/v3/identity-providers/"+idp)
					if env.Get("/v3/teams/"+team) == nil {
						t.Error("the team did not survive the identity provider's delete")
					}
					return rec.WantWarning(cascadeWarnSummary, mapping, `name "ui-group"`)
				},
			},
			{Config: providerWithMapping(env, "overwrite", team), Check: ids},
			{
				PreConfig: func() {
					env.PostObj(mappings(), konnect.Object{"team_id": team, "group": "ui-group"})
					rec.Reset()
				},
				Config:  providerWithMapping(env, "overwrite", team),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy under overwrite", "/v3/identity-providers/"+idp)
					return rec.WantNoWarnings()
				},
			},
		},
	})
}

// Everything below the three parents managed here: a team with a user, a system account
// and a role grant; a system account with a token, a role grant and the team; an identity
// provider with a mapping to the team. Terraform deletes the children first, the guard
// lists each parent's collections at its delete (after them) and finds nothing: the
// destroy goes through under the default policy, without a warning. A token made in Konnect
// that has expired does not block either: deleting it loses nothing.
func TestAccCascadeAccess_AllManaged(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	config := env.ProviderBlock("") + `
resource "konnect_team" "platform" {
  name = "casc-platform"
}

data "konnect_user" "jane" {
  email = "jane.doe@example.com"
}

resource "konnect_team_user" "jane" {
  team_id = konnect_team.platform.id
  user_id = data.konnect_user.jane.id
}

resource "konnect_team_role" "viewer" {
  team_id          = konnect_team.platform.id
  role_name        = "Viewer"
  entity_id        = "*"
  entity_type_name = "Control Planes"
  entity_region    = "us"
}

resource "konnect_system_account" "ci" {
  name        = "casc-ci"
  description = "CI"
}

resource "konnect_system_account_team" "ci" {
  team_id    = konnect_team.platform.id
  account_id = konnect_system_account.ci.id
}

resource "konnect_system_account_role" "viewer" {
  account_id       = konnect_system_account.ci.id
  role_name        = "Viewer"
  entity_id        = "*"
  entity_type_name = "Control Planes"
  entity_region    = "us"
}

resource "konnect_system_account_access_token" "ci" {
  account_id = konnect_system_account.ci.id
  name       = "deploy"
  expires_at = "2099-01-01T00:00:00Z"
}

resource "konnect_identity_provider" "sso" {
  ` + fmt.Sprintf(acctest.IdentityProviderBlock, `"casc-sso"`) + `
}

resource "konnect_identity_provider_team_group_mapping" "platform" {
  identity_provider_id = konnect_identity_provider.sso.id
  team_id              = konnect_team.platform.id
  group                = "platform"
}
`
	var res map[string]*terraform.ResourceState
	id := func(address string) string { return res[address].Primary.ID }
	attr := func(address, name string) string { return res[address].Primary.Attributes[name] }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					res = s.RootModule().Resources
					return nil
				},
			},
			{
				PreConfig: func() {
					account := id("konnect_system_account.ci")
					expired := env.PostObj("/v3/system-accounts/"+account+"/access-tokens",
						konnect.Object{"name": "ui-expired", "expires_at": "2099-01-01T00:00:00Z"})["id"].(string)
					if err := env.Mock.Access().ExpireToken(expired); err != nil {
						t.Fatal(err)
					}
					env.ResetRequests()
					rec.Reset()
				},
				Config:  config,
				Destroy: true,
				Check: func(*terraform.State) error {
					team, account, idp := id("konnect_team.platform"), id("konnect_system_account.ci"), id("konnect_identity_provider.sso")
					for _, p := range []string{"/v3/teams/" + team, "/v3/system-accounts/" + account, "/v3/identity-providers/" + idp} {
						env.WantGone("after the destroy", p)
					}
					if env.Get("/v3/users/"+attr("konnect_team_user.jane", "user_id")) == nil {
						t.Error("the member did not survive the team's delete")
					}
					listedAtDelete(env, "/v3/teams/"+team, map[string]string{
						"/v3/teams/" + team + "/users":           attr("konnect_team_user.jane", "user_id"),
						"/v3/teams/" + team + "/system-accounts": account,
						"/v3/teams/" + team + "/assigned-roles":  id("konnect_team_role.viewer"),
					})
					listedAtDelete(env, "/v3/system-accounts/"+account, map[string]string{
						"/v3/system-accounts/" + account + "/access-tokens":  id("konnect_system_account_access_token.ci"),
						"/v3/system-accounts/" + account + "/assigned-roles": id("konnect_system_account_role.viewer"),
						"/v3/system-accounts/" + account + "/teams":          "",
					})
					listedAtDelete(env, "/v3/identity-providers/"+idp, map[string]string{
						"/v3/identity-providers/" + idp + "/team-group-mappings": id("konnect_identity_provider_team_group_mapping.platform"),
					})
					return rec.WantNoWarnings()
				},
			},
		},
	})
}
