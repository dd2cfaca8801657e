package portal_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The portal itself and its teams: bad input, force_destroy, the data sources, and the
// cascade guard on the portal family.

// Bad input to the portal family: a portal name that exists is the creation guard's error
// with the import block; a role Konnect's portal roles do not have is refused at plan.
func TestAccPortalBadInput(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	env.Post("/v3/portals", konnect.Object{"name": "taken"})
	team := `
resource "konnect_portal" "p" {
  name = "dev"
}

resource "konnect_portal_team" "t" {
  portal_id = konnect_portal.p.id
  name      = "devs"
}
`
	grant := func(typ, role string) string {
		return env.ProviderBlock("") + team + fmt.Sprintf(`
resource "konnect_portal_team_role" "r" {
  portal_id        = konnect_portal.p.id
  team_id          = konnect_portal_team.t.id
  entity_id        = %q
  entity_type_name = %q
  entity_region    = "us"
  role_name        = %q
}
`, acctest.PortalAPIID, typ, role)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				// A name someone already gave a portal: nothing is created, the error says
				// how to adopt it.
				Config: env.ProviderBlock("") + `
resource "konnect_portal" "p" {
  name = "taken"
}
`,
				ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*konnect_portal.*"taken".*import \{\s+to = konnect_portal\.`),
			},
			{
				// A role the portal roles do not have: refused when the plan is made.
				Config:      grant("Services", "Admin"),
				ExpectError: regexp.MustCompile(`(?s)Unknown role.*with konnect_portal_team_role.r.*role_name.*Konnect has no portal role "Admin" for\s+"Services".*"API\s+Consumer", "API\s+Viewer"`),
			},
			{
				// An entity type the portal roles do not have.
				Config:      grant("Control Planes", "API Viewer"),
				ExpectError: regexp.MustCompile(`(?s)Unknown entity type.*with konnect_portal_team_role.r.*entity_type_name.*no entity type\s+"Control\s+Planes".*"Services"`),
			},
			{
				// Nothing was half-written: only the taken portal, and the one this test made.
				Config: env.ProviderBlock("") + team,
				Check: func(*terraform.State) error {
					if n := len(env.List("/v3/portals")); n != 2 {
						return fmt.Errorf("Konnect holds %d portals, want 2", n)
					}
					return nil
				},
			},
		},
	})
}

// force_destroy is the DELETE's ?force=: a portal that publishes an API is not deleted
// without it (Konnect's refusal, nothing deleted), and is with force_destroy = "true", which
// configuration sets without writing anything to Konnect; dropped, it plans null again.
func TestAccPortalForceDestroy(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(force string) string {
		return env.ProviderBlock("") + "\nresource \"konnect_portal\" \"p\" {\n  name = \"published\"\n" + force + "}\n"
	}
	var id string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if n := len(env.List("/v3/portals")); n != 0 {
				return fmt.Errorf("after destroy with force_destroy = \"true\": Konnect holds %d portals", n)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: config(""),
				Check: func(s *terraform.State) error {
					id = s.RootModule().Resources["konnect_portal.p"].Primary.ID
					env.Post("/_mock/portals/"+id+"/publications", konnect.Object{"api_id": acctest.PortalAPIID})
					return nil
				},
			},
			{
				// No force: Konnect refuses while an API is published, and the portal stays.
				Config:      config(""),
				Destroy:     true,
				ExpectError: regexp.MustCompile(`(?s)Could not delete konnect_portal.*force=true`),
			},
			{
				PreConfig: func() {
					if env.Get("/v3/portals/"+id) == nil {
						t.Error("the portal was deleted without force")
					}
				},
				Config: config("  force_destroy = \"true\"\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_portal.p", plancheck.ResourceActionUpdate),
				}},
			},
			{Config: config("  force_destroy = \"true\"\n"), PlanOnly: true},
			{
				// Dropped from configuration, it goes back to null (Konnect's default), an
				// update; Kong's "false" would stay (TestMigrateAccFromKong, TestPlanUnchangedShortcut).
				Config: config(""), PlanOnly: true, ExpectNonEmptyPlan: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPreRefresh: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_portal.p", plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue("konnect_portal.p", tfjsonpath.New("force_destroy"), knownvalue.Null()),
				}},
			},
		},
	})
}

// The portal data sources: one portal by name, by id and by Kong's filter; the filtered list.
func TestAccPortalDataSources(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	env.Post("/v3/portals", konnect.Object{"name": "public-docs", "authentication_enabled": false})
	env.Post("/v3/portals", konnect.Object{"name": "partners", "rbac_enabled": true})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			Config: env.ProviderBlock("") + `
data "konnect_portal" "by_name" {
  name = "partners"
}

data "konnect_portal" "by_id" {
  id = data.konnect_portal.by_name.id
}

data "konnect_portal" "by_filter" {
  filter = {
    name                   = { contains = "docs" }
    authentication_enabled = false
  }
}

data "konnect_portal_list" "rbac" {
  filter = {
    rbac_enabled = true
  }
}

data "konnect_portal_list" "all" {}
`,
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("data.konnect_portal.by_name", "rbac_enabled", "true"),
				resource.TestCheckResourceAttr("data.konnect_portal.by_id", "name", "partners"),
				resource.TestCheckResourceAttrSet("data.konnect_portal.by_id", "canonical_domain"),
				resource.TestCheckResourceAttr("data.konnect_portal.by_filter", "name", "public-docs"),
				resource.TestCheckResourceAttr("data.konnect_portal_list.rbac", "data.#", "1"),
				resource.TestCheckResourceAttr("data.konnect_portal_list.rbac", "data.0.name", "partners"),
				resource.TestCheckResourceAttr("data.konnect_portal_list.all", "data.#", "2"),
				resource.TestCheckNoResourceAttr("data.konnect_portal.by_name", "force_destroy"),
			),
		}},
	})
}

// The cascade guard on the portal family: a destroy that would take with it a team someone
// made in Konnect's editor, or a role someone granted to a managed team, is refused, naming
// each with its import block, and nothing is deleted. (The page and snippet made here are
// not counted: this provider has no resource type for them yet.)
func TestAccPortalCascade(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := env.ProviderBlock("") + `
resource "konnect_portal" "p" {
  name = "docs"
}

resource "konnect_portal_team" "t" {
  portal_id = konnect_portal.p.id
  name      = "devs"
}
`
	var portalID, teamID, childPage string
	extra := map[string]string{}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					portalID = s.RootModule().Resources["konnect_portal.p"].Primary.ID
					teamID = s.RootModule().Resources["konnect_portal_team.t"].Primary.ID
					base := "/v3/portals/" + portalID
					env.Post(base+"/teams", konnect.Object{"name": "made-in-the-editor"})
					about := env.PostObj(base+"/pages", konnect.Object{"slug": "about", "content": "# About"})
					// a page under it: the listing is a tree, and the guard reads it whole
					child := env.PostObj(base+"/pages", konnect.Object{"slug": "team", "content": "# Team", "parent_page_id": about["id"]})
					childPage = base + "/pages/" + child["id"].(string)
					env.Post(base+"/snippets", konnect.Object{"name": "banner", "content": "Hello"})
					env.Post(base+"/teams/"+teamID+"/assigned-roles", konnect.Object{"role_name": "API Viewer",
						"entity_id": acctest.PortalAPIID, "entity_type_name": "Services", "entity_region": "us"})
					for _, c := range []string{"teams", "pages", "snippets", "teams/" + teamID + "/assigned-roles"} {
						for _, o := range env.List(base + "/" + c) {
							if o["id"] != teamID {
								extra[c+"/"+o["id"].(string)] = base + "/" + c + "/" + o["id"].(string)
							}
						}
					}
					return nil
				},
			},
			{
				// The team's destroy is refused first (the portal depends on it).
				Config:  config,
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)Deleting this object would delete objects that Terraform does not manage.*` +
					`konnect_portal_team_role.*"API Viewer on Services".*konnect_portal_team_role\.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				// Without that grant the team goes, and the portal's destroy is refused, naming
				// the team, both pages (the nested one too) and the snippet, each with its import.
				PreConfig: func() { removeMadeInKonnect(t, env, extra, "teams/"+teamID+"/assigned-roles/") },
				Config:    config,
				Destroy:   true,
				ExpectError: regexp.MustCompile(`(?s)Deleting this object would delete objects that Terraform does not manage.*` +
					`konnect_portal\b.*made-in-the-editor.*` +
					`konnect_portal_page\s+id \S+\s+name "about".*konnect_portal_page\s+id \S+\s+name "team".*konnect_portal_snippet\s+id \S+\s+name "banner".*` +
					`to = konnect_portal_page\.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				// Nothing of the portal's was deleted; then what someone made goes, and the
				// final destroy proceeds.
				PreConfig: func() {
					if len(extra) != 4 {
						t.Errorf("made in Konnect: %v, want a team, a page, a snippet and a role", extra)
					}
					for k, p := range extra {
						if !regexp.MustCompile(`assigned-roles`).MatchString(k) && env.Get(p) == nil {
							t.Errorf("%s was deleted by a refused destroy", p)
						}
					}
					if env.Get(childPage) == nil {
						t.Errorf("%s was deleted by a refused destroy", childPage)
					}
					env.Remove(childPage)
					for _, c := range []string{"teams/", "pages/", "snippets/"} {
						removeMadeInKonnect(t, env, extra, c)
					}
				},
				Config: config,
			},
		},
	})
}

// removeMadeInKonnect deletes, out of band, the objects of extra whose key starts with prefix.
func removeMadeInKonnect(t *testing.T, env *acctest.Env, extra map[string]string, prefix string) {
	t.Helper()
	for k, p := range extra {
		if len(k) > len(prefix) && k[:len(prefix)] == prefix && (prefix != "teams/" || !strings.Contains(k, "assigned-roles")) {
			env.Remove(p)
		}
	}
}
