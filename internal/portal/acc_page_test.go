package portal_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Pages someone edits in the portal editor, and the examples of the content kinds.

// postPage adds a page to a portal through Konnect's API, as the portal editor would.
func postPage(e *acctest.Env, portalID string, body konnect.Object) string {
	e.T.Helper()
	var out konnect.Object
	if _, err := e.Client.Do(context.Background(), http.MethodPost, "/v3/portals/"+portalID+"/pages", nil, body, &out); err != nil {
		e.T.Fatalf("create page: %v", err)
	}
	return out["id"].(string)
}

// childSlugs are the slugs of the pages under a page, in Konnect's order (the page tree).
func childSlugs(e *acctest.Env, portalID, parentID string) []string {
	e.T.Helper()
	type node struct {
		ID       string `json:"id"`
		Slug     string `json:"slug"`
		Children []node `json:"children"`
	}
	var out struct {
		Data []node `json:"data"`
	}
	if _, err := e.Client.Do(context.Background(), http.MethodGet, "/v3/portals/"+portalID+"/pages", nil, nil, &out); err != nil {
		e.T.Fatalf("page tree: %v", err)
	}
	var find func([]node) []string
	find = func(ns []node) []string {
		for _, n := range ns {
			if n.ID == parentID {
				var slugs []string
				for _, c := range n.Children {
					slugs = append(slugs, c.Slug)
				}
				return slugs
			}
			if s := find(n.Children); s != nil {
				return s
			}
		}
		return nil
	}
	return find(out.Data)
}

// TestAccPortalPageEditor: pages someone edits in the portal editor. A page tree applies and
// plans empty again (parent and order kept; a front matter title taken as the title); an edit
// of the content and the visibility is a conflict that shows the content as a diff; the
// configuration that adopts them plans "Adopting" and then nothing; a page moved in the
// editor is a change of that page; a slug that exists and a parent page of another portal
// are refused before anything is written.
func TestAccPortalPageEditor(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	portalID := env.PortalID("docs")
	const (
		guide   = "# Guide\n\nRead this first.\nThen the reference.\n\n## Keys\n\nAsk for a key.\n"
		edited  = "# Guide\n\nRead this first.\nThen the reference, and the changelog.\n\n## Keys\n\nAsk for a key.\n"
		install = "---\ntitle: Installing\ndescription: How to install\n---\n# Install\n\nRun the installer.\n"
	)
	config := func(policy, content, visibility, extra string) string {
		return env.ProviderBlock(policy) + fmt.Sprintf(`
resource "konnect_portal_page" "guide" {
  portal_id  = %q
  slug       = "/guide"
  content    = %q
  visibility = %q
}

resource "konnect_portal_page" "install" {
  portal_id      = %q
  slug           = "install"
  content        = %q
  parent_page_id = konnect_portal_page.guide.id
}

resource "konnect_portal_page" "faq" {
  portal_id      = %q
  slug           = "faq"
  content        = "# FAQ\n"
  parent_page_id = konnect_portal_page.guide.id
  depends_on     = [konnect_portal_page.install]
}
%s`, portalID, content, visibility, portalID, install, portalID, extra)
	}
	var guideID, installID string
	pagePath := func(id string) string { return "/v3/portals/" + portalID + "/pages/" + id }
	empty := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	conflict := func(attr string) *regexp.Regexp {
		return regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*konnect_portal_page \(id [0-9a-f-]{36}\).*` +
			regexp.QuoteMeta(attr) + `\s+last applied: `)
	}
	rec := &acctest.DiagRecorder{}
	adopt := env.AdoptionStep(config("", edited, "private", ""), "konnect_portal_page.guide")
	resetRequests := adopt.PreConfig
	adopt.PreConfig = func() {
		env.Edit(pagePath(guideID), func(b konnect.Object) { b["content"] = edited; b["visibility"] = "private" })
		resetRequests()
	}
	steps := []resource.TestStep{
		{
			Config: config("", guide, "public", ""),
			Check: func(s *terraform.State) error {
				rs := s.RootModule().Resources
				guideID, installID = rs["konnect_portal_page.guide"].Primary.ID, rs["konnect_portal_page.install"].Primary.ID
				inst := env.Get(pagePath(installID))
				if inst["parent_page_id"] != guideID || inst["title"] != "Installing" || inst["description"] != "How to install" {
					return fmt.Errorf("Konnect holds %v", inst)
				}
				if got := rs["konnect_portal_page.install"].Primary.Attributes["title"]; got != "Installing" {
					return fmt.Errorf("state title %q, want the front matter's", got)
				}
				if got := childSlugs(env, portalID, guideID); !slices.Equal(got, []string{"install", "faq"}) {
					return fmt.Errorf("the guide's children in Konnect: %v, want install, faq", got)
				}
				return nil
			},
		},
		// (The tree and the front matter's title plan nothing: terraform-plugin-testing
		// fails an applied step whose next plans are not empty.)
		{
			// The editor changes the content and the visibility: the plan would revert both,
			// and shows the content as a diff.
			PreConfig: func() {
				env.Edit(pagePath(guideID), func(b konnect.Object) { b["content"] = edited; b["visibility"] = "private" })
			},
			Config: config("", guide, "public", ""),
			ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
				`content\s+last applied: 8 lines\s+in Konnect now: 8 lines\s+planned: 8 lines.*` +
				`changed in Konnect:.*--- last applied.*\+\+\+ in Konnect now.*@@ -1,7 \+1,7 @@.*` +
				`-Then the reference\..*\+Then the reference, and the changelog\..*` +
				`the plan writes back the text last applied.*` +
				`visibility\s+last applied: "public"\s+in Konnect now: "private"\s+planned: "public"`),
		},
		{
			// Under warn: the same text, as a warning, and the apply writes the configuration.
			PreConfig: rec.Reset,
			Config:    config("warn", guide, "public", ""),
			Check: func(*terraform.State) error {
				if got := env.Get(pagePath(guideID)); got["content"] != guide || got["visibility"] != "public" {
					return fmt.Errorf("policy warn: Konnect holds %v", got)
				}
				return rec.WantWarning("This plan overwrites changes made in Konnect", "konnect_portal_page",
					"content      last applied: 8 lines   in Konnect now: 8 lines   planned: 8 lines\n      changed in Konnect:\n        --- last applied\n        +++ in Konnect now\n        @@ -1,7 +1,7 @@\n",
					"        -Then the reference.\n        +Then the reference, and the changelog.\n",
					`visibility   last applied: "public"   in Konnect now: "private"   planned: "public"`)
			},
		},
		// The editor edits it again, and the configuration adopts the edit: "Adopting",
		// nothing written, then an empty plan (the step's own post-apply plans).
		adopt,
		{
			// The editor moves a page to the top level (/move): a change of that page.
			PreConfig: func() {
				if _, err := env.Client.Do(context.Background(), http.MethodPost, pagePath(installID)+"/move", nil,
					konnect.Object{"parent_page_id": nil, "index": 0}, nil); err != nil {
					t.Fatalf("move: %v", err)
				}
			},
			Config:      config("", edited, "private", ""),
			ExpectError: conflict("parent_page_id"),
		},
		{
			// Moved back in the editor (PATCH): nothing to do.
			PreConfig: func() { env.Edit(pagePath(installID), acctest.Set("parent_page_id", guideID)) },
			Config:    config("", edited, "private", ""), ConfigPlanChecks: empty,
			Check: func(*terraform.State) error {
				// The order the editor left is Konnect's: nothing here reorders siblings.
				if got := childSlugs(env, portalID, guideID); !slices.Equal(got, []string{"faq", "install"}) {
					return fmt.Errorf("the guide's children in Konnect: %v, want faq, install", got)
				}
				return nil
			},
		},
		{
			// A slug that exists under the same parent: the creation guard, before any write.
			PreConfig: func() { postPage(env, portalID, konnect.Object{"slug": "/changelog", "content": "# Changelog\n"}) },
			Config: config("", edited, "private", fmt.Sprintf(`
resource "konnect_portal_page" "changelog" {
  portal_id = %q
  slug      = "changelog"
  content   = "# Changes\n"
}
`, portalID)),
			ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*konnect_portal_page with slug "changelog" already exists in Konnect: id\s+[0-9a-f-]{36}.*import \{`),
		},
		{
			// A parent page of another portal: refused at plan.
			Config: config("", edited, "private", fmt.Sprintf(`
resource "konnect_portal_page" "stray" {
  portal_id      = %q
  slug           = "stray"
  content        = "# Stray\n"
  parent_page_id = %q
}
`, portalID, postPage(env, env.PortalID("other"), konnect.Object{"slug": "/elsewhere", "content": "# Elsewhere\n"}))),
			ExpectError: regexp.MustCompile(`(?s)Parent page not in this portal.*is not a page of portal\s+` + portalID),
		},
	}
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: rec.Factories(newServer), Steps: steps})
}

// TestAccPortalPageExamples keeps examples/resources/konnect_portal_{page,snippet} honest:
// applied against the mock (in a portal made there, for the example's portal id), they
// create what they say, the front matter's title included, and plan nothing afterwards.
func TestAccPortalPageExamples(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	cfg := env.ProviderBlock("")
	for _, typeName := range []string{"konnect_portal_page", "konnect_portal_snippet"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "resources", typeName, "resource.tf"))
		if err != nil {
			t.Fatal(err)
		}
		cfg += "\n" + strings.ReplaceAll(string(b), "f32d905a-ed33-46a3-a093-d8f536af9a8a", env.PortalID("examples"))
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: func(s *terraform.State) error {
					install := s.RootModule().Resources["konnect_portal_page.install"].Primary.Attributes
					if install["title"] != "Installing" || install["description"] != "How to install the CLI" ||
						install["parent_page_id"] != s.RootModule().Resources["konnect_portal_page.guide"].Primary.ID {
						return fmt.Errorf("konnect_portal_page.install: %v", install)
					}
					return nil
				},
			},
		},
	})
}

// Issue 32, part 4: a page's content is merged by lines with what the portal editor wrote.
// Someone edits one line in the editor; configuration that already holds that line and
// changes another (and adds one right beside the editor's) overwrites nothing: the apply
// goes through and Konnect holds the configuration's text. Configuration that changes the
// editor's line another way is a conflict, shown as a diff, and nothing is written.
func TestAccPageMergesLines(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	const base = "# Guide\n\nStep one.\nStep two.\nStep three.\n\nThanks.\n"
	editor := strings.Replace(base, "Step two.", "Step two, carefully.", 1)
	ours := strings.Replace(strings.Replace(editor, "Thanks.", "Thanks for reading.", 1), "Step two, carefully.\n", "Step two, carefully.\nStep two and a half.\n", 1)
	config := func(content string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_portal" "dev" {
  name = "merge"
}

resource "konnect_portal_page" "guide" {
  portal_id = konnect_portal.dev.id
  slug      = "guide"
  content   = %q
}
`, content)
	}
	var path string
	content := func() string { return fmt.Sprint(env.Get(path)["content"]) }
	edit := func(text string) func() {
		return func() {
			env.Edit(path, func(b konnect.Object) { b["content"] = text })
			env.ResetRequests()
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(base), Check: func(s *terraform.State) error {
				r := s.RootModule().Resources["konnect_portal_page.guide"].Primary
				path = "/v3/portals/" + r.Attributes["portal_id"] + "/pages/" + r.ID
				return nil
			}},
			{
				PreConfig: edit(editor),
				Config:    config(ours),
				Check: func(*terraform.State) error {
					if got := content(); got != ours {
						return fmt.Errorf("Konnect holds %q, want %q", got, ours)
					}
					return nil
				},
			},
			{
				PreConfig: edit(strings.Replace(ours, "Step one.", "Step one, first.", 1)),
				Config:    config(strings.Replace(ours, "Step one.", "Step one, quickly.", 1)),
				ExpectError: regexp.MustCompile(`(?s)overwrite changes made in Konnect.*content.*` +
					regexp.QuoteMeta("-Step one.") + `\s+` + regexp.QuoteMeta("+Step one, first."),
				),
			},
			{
				PreConfig: func() {
					if w := env.WritesSince(); len(w) > 0 {
						t.Errorf("the refused apply wrote %v", w)
					}
				},
				Config: config(strings.Replace(ours, "Step one.", "Step one, first.", 1)),
			},
		},
	})
}
