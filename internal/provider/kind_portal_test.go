package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// The portal family's rows in TestAccKinds (acc_kinds_test.go): a portal, a team of its
// developers, and a role granted to that team; and its bad input.

// portalRow: a portal, changing its description; scenario 9 removes auto_approve_developers.
var portalRow = kindRow{block: "name = \"dev\"\n  description = %s",
	update:  &kindUpdate{attr: "description", values: [2]any{"d-1", "d-2"}, ui: "d-ui"},
	removal: &kindRemoval{attr: "auto_approve_developers", hcl: "true", ui: true}}

// portalTeamRow: a portal team, changing its description; scenario 9 removes
// can_own_applications.
var portalTeamRow = kindRow{kept: &kindKept{"can_own_applications", true},
	deps:    portalDep,
	block:   "portal_id = konnect_portal.dev.id\n  name = \"devs\"\n  description = %s",
	update:  &kindUpdate{attr: "description", values: [2]any{"d-1", "d-2"}, ui: "d-ui"},
	removal: &kindRemoval{attr: "can_own_applications", hcl: "true", ui: true}}

func portalDep(*kindFixture) string {
	return "\nresource \"konnect_portal\" \"dev\" {\n  name = \"dev\"\n}\n"
}

func portalTeamDep(f *kindFixture) string {
	return portalDep(f) + "\nresource \"konnect_portal_team\" \"devs\" {\n  portal_id = konnect_portal.dev.id\n  name = \"devs\"\n}\n"
}

// portalAPIID is the API the rows grant roles on (Konnect takes any id there).
const portalAPIID = "5f9fd312-a987-4628-b4c5-bb4f4fddd5f7"

// portalTeamRoleRow: a role granted to a portal team; create and delete only, like
// konnect_team_role's row: an unknown role refused at plan, then rows 5 and 1.
var portalTeamRoleRow = kindRow{
	noUpdate:  "a grant is created and deleted, never changed: every attribute replaces it",
	noRemoval: "a grant has no optional attribute",
	deps:      portalTeamDep,
	block: "portal_id = konnect_portal.dev.id\n  team_id = konnect_portal_team.devs.id\n  entity_id = \"" + portalAPIID +
		"\"\n  entity_type_name = \"Services\"\n  entity_region = \"us\"\n  role_name = %s",
	steps: portalRoleSteps,
}

func portalRoleSteps(f *kindFixture) []resource.TestStep {
	config := func(role string) string { return f.withBlock("", fmt.Sprintf(f.row.block, fmt.Sprintf("%q", role))) }
	steps := []resource.TestStep{
		{
			// An unknown role: refused at plan, with the valid roles; nothing is created.
			Config:      config("Superuser"),
			ExpectError: regexp.MustCompile(`(?s)Unknown role.*Konnect has no portal role\s+"Superuser"\s+for\s+"Services".*"API\s+Consumer".*"API\s+Viewer"`),
		},
		{Config: config("API Viewer"), Check: f.remember},
	}
	steps = append(steps, f.goneBeforeSavedDestroy(config("API Viewer"), f.remember)...)
	return append(steps, []resource.TestStep{
		{
			PreConfig: func() { f.rec.reset(); f.env.remove(f.path) },
			Config:    config("API Viewer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.remember(s); err != nil {
					return err
				}
				if got := f.env.get(f.path); got == nil || got["role_name"] != "API Viewer" {
					f.t.Errorf("after granting again: Konnect holds %v", got)
				}
				return f.rec.wantWarning("Konnect object deleted outside Terraform", f.kind.TypeName)
			},
		},
		{
			// Row 1 for a replace: a saved plan changes the role, and someone deletes the
			// grant first. The apply does not create a grant over that change.
			Config: config("API Consumer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionReplace),
				outOfBand(func() { f.env.remove(f.path) }),
			}},
			Check: func(*terraform.State) error {
				return f.rec.wantWarning("Konnect object already deleted", f.kind.TypeName)
			},
		},
	}...)
}

// portalFixtures creates one object of each portal kind for the protocol tests' fixtures
// (server_test.go), recording each one's JSON import id.
func portalFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	create := func(typeName string, api interface {
		Create(context.Context, *konnect.Client, map[string]string, konnect.Object) (konnect.Object, *konnect.Response, error)
	}, parents map[string]string, body konnect.Object) string {
		t.Helper()
		obj, _, err := api.Create(ctx, client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", typeName, err)
		}
		id, _ := obj["id"].(string)
		importID := map[string]string{"id": id}
		for k, v := range parents {
			importID[k] = v
		}
		b, _ := json.Marshal(importID)
		ids[typeName] = string(b)
		return id
	}
	p := create(portal.PortalKind.TypeName, portal.PortalKind.API, map[string]string{},
		konnect.Object{"name": "fast-path", "description": "docs", "labels": map[string]any{"env": "test"}})
	create(portal.AuthKind.TypeName, portal.AuthKind.API, map[string]string{"portal_id": p}, konnect.Object{"konnect_mapping_enabled": true})
	create(portal.CustomizationKind.TypeName, portal.CustomizationKind.API, map[string]string{"portal_id": p},
		konnect.Object{"css": "h1 { color: teal; }", "theme": map[string]any{"mode": "dark"}})
	create(portal.CustomDomainKind.TypeName, portal.CustomDomainKind.API, map[string]string{"portal_id": p},
		konnect.Object{"hostname": "fast-path.example.com", "enabled": true, "ssl": map[string]any{"domain_verification_method": "http"}})
	create(portal.LogoKind.TypeName, portal.LogoKind.API, map[string]string{"portal_id": p}, konnect.Object{"data": pngPixel})
	create(portal.AuditLogWebhookKind.TypeName, portal.AuditLogWebhookKind.API, map[string]string{"portal_id": p},
		konnect.Object{"enabled": true, "audit_log_destination_id": auditDestinations[0]})
	create(portal.FaviconKind.TypeName, portal.FaviconKind.API, map[string]string{"portal_id": p}, konnect.Object{"data": pngPixel})
	create(portal.ApplicationAuthStrategyKind.TypeName, portal.ApplicationAuthStrategyKind.API, map[string]string{},
		konnect.Object{"key_auth": map[string]any{"name": "fast-path", "display_name": "Fast path",
			"configs": map[string]any{"key_auth": map[string]any{"key_names": []any{"apikey"}}}}})
	team := create(portal.TeamKind.TypeName, portal.TeamKind.API, map[string]string{"portal_id": p}, konnect.Object{"name": "fast-path"})
	create(portal.TeamRoleKind.TypeName, portal.TeamRoleKind.API, map[string]string{"portal_id": p, "team_id": team},
		konnect.Object{"role_name": "API Viewer", "entity_id": portalAPIID, "entity_type_name": "Services", "entity_region": "us"})
}

// Bad input to the portal family: a portal name that exists is the creation guard's error
// with the import block; a role Konnect's portal roles do not have is refused at plan.
func TestAccPortalBadInput(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	env.post("/v3/portals", konnect.Object{"name": "taken"})
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
		return env.providerBlock("") + team + fmt.Sprintf(`
resource "konnect_portal_team_role" "r" {
  portal_id        = konnect_portal.p.id
  team_id          = konnect_portal_team.t.id
  entity_id        = %q
  entity_type_name = %q
  entity_region    = "us"
  role_name        = %q
}
`, portalAPIID, typ, role)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				// A name someone already gave a portal: nothing is created, the error says
				// how to adopt it.
				Config: env.providerBlock("") + `
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
				Config: env.providerBlock("") + team,
				Check: func(*terraform.State) error {
					if n := len(env.list("/v3/portals")); n != 2 {
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
// configuration sets without writing anything to Konnect.
func TestAccPortalForceDestroy(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	config := func(force string) string {
		return env.providerBlock("") + "\nresource \"konnect_portal\" \"p\" {\n  name = \"published\"\n" + force + "}\n"
	}
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if n := len(env.list("/v3/portals")); n != 0 {
				return fmt.Errorf("after destroy with force_destroy = \"true\": Konnect holds %d portals", n)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: config(""),
				Check: func(s *terraform.State) error {
					id = s.RootModule().Resources["konnect_portal.p"].Primary.ID
					env.post("/_mock/portals/"+id+"/publications", konnect.Object{"api_id": portalAPIID})
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
					if env.get("/v3/portals/"+id) == nil {
						t.Error("the portal was deleted without force")
					}
				},
				Config: config("  force_destroy = \"true\"\n"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_portal.p", plancheck.ResourceActionUpdate),
				}},
			},
			{Config: config("  force_destroy = \"true\"\n"), PlanOnly: true},
		},
	})
}

// The portal data sources: one portal by name, by id and by Kong's filter; the filtered list.
func TestAccPortalDataSources(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	env.post("/v3/portals", konnect.Object{"name": "public-docs", "authentication_enabled": false})
	env.post("/v3/portals", konnect.Object{"name": "partners", "rbac_enabled": true})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			Config: env.providerBlock("") + `
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
	env := newKonnectEnv(t, konnectmock.Options{})
	config := env.providerBlock("") + `
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
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					portalID = s.RootModule().Resources["konnect_portal.p"].Primary.ID
					teamID = s.RootModule().Resources["konnect_portal_team.t"].Primary.ID
					base := "/v3/portals/" + portalID
					env.post(base+"/teams", konnect.Object{"name": "made-in-the-editor"})
					about := env.postObj(base+"/pages", konnect.Object{"slug": "about", "content": "# About"})
					// a page under it: the listing is a tree, and the guard reads it whole
					child := env.postObj(base+"/pages", konnect.Object{"slug": "team", "content": "# Team", "parent_page_id": about["id"]})
					childPage = base + "/pages/" + child["id"].(string)
					env.post(base+"/snippets", konnect.Object{"name": "banner", "content": "Hello"})
					env.post(base+"/teams/"+teamID+"/assigned-roles", konnect.Object{"role_name": "API Viewer",
						"entity_id": portalAPIID, "entity_type_name": "Services", "entity_region": "us"})
					for _, c := range []string{"teams", "pages", "snippets", "teams/" + teamID + "/assigned-roles"} {
						for _, o := range env.list(base + "/" + c) {
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
						if !regexp.MustCompile(`assigned-roles`).MatchString(k) && env.get(p) == nil {
							t.Errorf("%s was deleted by a refused destroy", p)
						}
					}
					if env.get(childPage) == nil {
						t.Errorf("%s was deleted by a refused destroy", childPage)
					}
					env.remove(childPage)
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
func removeMadeInKonnect(t *testing.T, env *konnectEnv, extra map[string]string, prefix string) {
	t.Helper()
	for k, p := range extra {
		if len(k) > len(prefix) && k[:len(prefix)] == prefix && (prefix != "teams/" || !strings.Contains(k, "assigned-roles")) {
			env.remove(p)
		}
	}
}
