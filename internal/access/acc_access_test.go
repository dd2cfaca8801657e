package access_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Bad input to the access family: each is a clear error naming the attribute, at plan time
// where the provider can tell (a validator, or Konnect's roles read when the plan is made),
// otherwise Konnect's refusal on the attribute, and nothing is half-written.
func TestAccAccessBadInput(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	team := `
resource "konnect_team" "t" {
  name = "platform"
}
`
	grant := func(typ, role string) string {
		return env.ProviderBlock("") + team + fmt.Sprintf(`
resource "konnect_team_role" "r" {
  team_id          = konnect_team.t.id
  entity_id        = "*"
  entity_type_name = %q
  role_name        = %q
}
`, typ, role)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				// An expiry in the past: refused by the validator, before anything is read.
				Config: env.ProviderBlock("") + `
resource "konnect_system_account" "ci" {
  name        = "ci"
  description = "CI"
}

resource "konnect_system_account_access_token" "t" {
  account_id = konnect_system_account.ci.id
  name       = "ci"
  expires_at = "2020-01-01T00:00:00Z"
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Expiry time in the past.*with konnect_system_account_access_token.t.*expires_at.*2020-01-01T00:00:00Z is not in the future`),
			},
			{
				// An entity type Konnect does not have: refused when the plan is made, with
				// the valid ones.
				Config:      grant("Gateways", "Admin"),
				ExpectError: regexp.MustCompile(`(?s)Unknown entity type.*with konnect_team_role.r.*entity_type_name.*Konnect has no entity type\s+"Gateways".*"API\s+Products".*"Control\s+Planes"`),
			},
			{
				// A role that exists, but not for that entity type.
				Config:      grant("Audit Logs", "Deployer"),
				ExpectError: regexp.MustCompile(`(?s)Unknown role.*with konnect_team_role.r.*role_name.*Konnect has no role "Deployer" for\s+"Audit\s+Logs".*Valid roles for "Audit\s+Logs": "Admin"`),
			},
			{
				// A user Konnect does not have: Konnect's refusal, on the membership.
				Config: env.ProviderBlock("") + team + `
resource "konnect_team_user" "u" {
  team_id = konnect_team.t.id
  user_id = "00000000-0000-4000-8000-000000000000"
}
`,
				ExpectError: regexp.MustCompile(`(?s)Could not create konnect_team_user.*with konnect_team_user.u.*404`),
			},
			{
				// Nothing half-written: the team exists (it was valid), no membership, no grant.
				Config: env.ProviderBlock("") + team,
				Check: func(*terraform.State) error {
					teams := env.List("/v3/teams")
					var id string
					for _, tm := range teams {
						if tm["name"] == "platform" {
							id = tm["id"].(string)
						}
					}
					if id == "" {
						return fmt.Errorf("team platform not in Konnect")
					}
					if roles := env.List("/v3/teams/" + id + "/assigned-roles"); len(roles) != 0 {
						return fmt.Errorf("the refused grants reached Konnect: %v", roles)
					}
					if users := env.List("/v3/teams/" + id + "/users"); len(users) != 0 {
						return fmt.Errorf("the refused membership reached Konnect: %v", users)
					}
					return nil
				},
			},
			{
				// Two identical grants in one configuration (the team exists now): refused at
				// plan on the last shared value, entity_region left unset in both.
				Config: env.ProviderBlock("") + team + `
resource "konnect_team_role" "a" {
  team_id          = konnect_team.t.id
  entity_id        = "*"
  entity_type_name = "Control Planes"
  role_name        = "Viewer"
}

resource "konnect_team_role" "b" {
  team_id          = konnect_team.t.id
  entity_id        = "*"
  entity_type_name = "Control Planes"
  role_name        = "Viewer"
}
`,
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Two resources plan the same konnect_team_role.*` +
					acctest.Words(`role_name = "Viewer", entity_id = "*", entity_type_name = "Control Planes", entity_region = (unset).`)),
			},
			{
				// A predefined team, imported by name: a change to it is refused at plan.
				Config: env.ProviderBlock("") + team + `
import {
  to = konnect_team.admin
  id = "Organization Admin"
}

resource "konnect_team" "admin" {
  name        = "Organization Admin"
  description = "ours now"
}
`,
				ExpectError: regexp.MustCompile(`(?s)Konnect's predefined teams cannot be changed.*with konnect_team.admin`),
			},
		},
	})
	for _, r := range env.Requests() {
		if strings.HasPrefix(r, "POST /v3/teams/") && strings.Contains(r, "assigned-roles") {
			t.Errorf("a refused grant was sent: %s", r)
		}
		if strings.HasPrefix(r, "PATCH /v3/teams/") {
			t.Errorf("a team was changed: %s", r)
		}
	}
}

// A system account's token: Konnect shows it once, state keeps it, and no later plan makes
// another. Revoked in Konnect, the refresh reports it and the plan replaces it; expired, the
// same. The token appears in no plan output.
func TestAccAccessTokenLifecycle(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	config := env.ProviderBlock("") + `
resource "konnect_system_account" "ci" {
  name        = "ci"
  description = "CI"
}

resource "konnect_system_account_access_token" "t" {
  account_id = konnect_system_account.ci.id
  name       = "deploy"
  expires_at = "2099-06-30T12:00:00+02:00"
}
`
	var first string
	token := func(s *terraform.State) string {
		return s.RootModule().Resources["konnect_system_account_access_token.t"].Primary.Attributes["token"]
	}
	tokenID := func(s *terraform.State) string {
		return s.RootModule().Resources["konnect_system_account_access_token.t"].Primary.ID
	}
	var id string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					first, id = token(s), tokenID(s)
					if !strings.HasPrefix(first, "spat_") {
						return fmt.Errorf("state holds token %q, want Konnect's spat_ token", first)
					}
					return nil
				},
			},
			{
				// Konnect answers the expiry in UTC, and never shows the token again: no
				// change planned, the token stays.
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					if token(s) != first {
						return fmt.Errorf("the token changed without a replacement")
					}
					return nil
				},
			},
			{
				// Revoked in Konnect: reported at refresh, replaced by the plan.
				PreConfig: func() {
					rec.Reset()
					if err := env.Mock.Access().RevokeToken(id); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_system_account_access_token.t", plancheck.ResourceActionCreate),
				}},
				Check: func(s *terraform.State) error {
					if token(s) == first || !strings.HasPrefix(token(s), "spat_") {
						return fmt.Errorf("after the revocation: token %q, want a new one", token(s))
					}
					first, id = token(s), tokenID(s)
					return rec.WantWarning("Konnect object deleted outside Terraform", "konnect_system_account_access_token")
				},
			},
			{
				// Expired in Konnect (it stays listed there, and its name stays taken): the
				// refresh reports it and the plan replaces it, the expired token deleted first.
				PreConfig: func() {
					rec.Reset()
					if err := env.Mock.Access().ExpireToken(id); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_system_account_access_token.t", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: func(s *terraform.State) error {
					if token(s) == first || !strings.HasPrefix(token(s), "spat_") {
						return fmt.Errorf("after the expiry: token %q, want a new one", token(s))
					}
					for _, tok := range env.List("/v3/system-accounts/" + s.RootModule().Resources["konnect_system_account.ci"].Primary.ID + "/access-tokens") {
						if tok["id"] == id {
							return fmt.Errorf("the expired token is still in Konnect")
						}
					}
					return rec.WantWarning("Konnect object no longer usable", "expired at")
				},
			},
		},
	})
	for _, d := range rec.Warnings() {
		if strings.Contains(d.Summary+d.Detail, "spat_") {
			t.Errorf("a token reached a diagnostic: %s", d.Detail)
		}
	}
}

// A team imported by its name plans no change; so does a system account.
func TestAccAccessImportByName(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	ctx := context.Background()
	for _, body := range []struct{ collection, name string }{{"/v3/teams", "sre"}, {"/v3/system-accounts", "deployer"}} {
		b := map[string]any{"name": body.name, "description": "made in the UI"}
		if _, err := env.Client.Do(ctx, "POST", body.collection, nil, b, nil); err != nil {
			t.Fatal(err)
		}
	}
	config := env.ProviderBlock("") + `
import {
  to = konnect_team.sre
  id = "sre"
}

resource "konnect_team" "sre" {
  name        = "sre"
  description = "made in the UI"
}

import {
  to = konnect_system_account.deployer
  id = "deployer"
}

resource "konnect_system_account" "deployer" {
  name        = "deployer"
  description = "made in the UI"
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_team.sre", plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction("konnect_system_account.deployer", plancheck.ResourceActionNoop),
				}},
			},
		},
	})
}

// accessExampleTypes are the access family's types whose examples/resources/<type>/resource.tf
// this test keeps honest: applied together against the mock, they create what they say and
// plan nothing afterwards.
var accessExampleTypes = []string{
	"konnect_team", "konnect_team_user", "konnect_team_role", "konnect_system_account", "konnect_system_account_team",
	"konnect_system_account_role", "konnect_system_account_access_token", "konnect_authentication_settings",
}

func TestAccAccessExamples(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	cfg := env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "payments" {
  name = "payments"
}
`
	for _, typeName := range accessExampleTypes {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "resources", typeName, "resource.tf"))
		if err != nil {
			t.Fatal(err)
		}
		cfg += "\n" + string(b)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) error {
					res := s.RootModule().Resources
					team := res["konnect_team.platform"].Primary.ID
					account := res["konnect_system_account.ci"].Primary.ID
					if users := env.List("/v3/teams/" + team + "/users"); len(users) != 1 || users[0]["email"] != "jane.doe@example.com" {
						t.Errorf("the platform team's users: %v", users)
					}
					if accounts := env.List("/v3/teams/" + team + "/system-accounts"); len(accounts) != 1 || accounts[0]["id"] != account {
						t.Errorf("the platform team's system accounts: %v", accounts)
					}
					cp := res["konnect_gateway_control_plane.payments"].Primary.ID
					if roles := env.List("/v3/teams/" + team + "/assigned-roles"); len(roles) != 1 || roles[0]["entity_id"] != cp || roles[0]["role_name"] != "Admin" {
						t.Errorf("the platform team's roles: %v", roles)
					}
					if roles := env.List("/v3/system-accounts/" + account + "/assigned-roles"); len(roles) != 1 || roles[0]["role_name"] != "Deployer" {
						t.Errorf("ci's roles: %v", roles)
					}
					if tok := res["konnect_system_account_access_token.ci"].Primary.Attributes["token"]; !strings.HasPrefix(tok, "spat_") {
						t.Errorf("ci's token in state: %q", tok)
					}
					settings := env.Get("/v3/authentication-settings")
					if settings["idp_mapping_enabled"] != false || settings["konnect_mapping_enabled"] != true {
						t.Errorf("authentication settings: %v", settings)
					}
					return nil
				},
			},
		},
	})
}
