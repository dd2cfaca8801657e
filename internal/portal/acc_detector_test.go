package portal_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// Pages and snippets are listed without their content, each with its updated_at: refresh
// reads one in full only when its updated_at moved since the last full read (issue 39). A
// no-change plan of three pages and three snippets reads one of each in full (the first
// refresh of a collection reads directly) and lists each collection once; an edit of every
// content made in Konnect is still found: the plan under warn reverts each of them, and
// under fail it is refused.
func TestAccPageAndSnippetEditsFoundFromListing(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	names := []string{"one", "two", "three"}
	config := func(policy string) string {
		cfg := env.ProviderBlock(policy) + "\nresource \"konnect_portal\" \"p\" {\n  name = \"listed\"\n}\n"
		for _, n := range names {
			cfg += fmt.Sprintf(`
resource "konnect_portal_page" %[1]q {
  portal_id = konnect_portal.p.id
  slug      = "/%[1]s"
  title     = %[1]q
  content   = "# %[1]s\n"
}
resource "konnect_portal_snippet" %[1]q {
  portal_id = konnect_portal.p.id
  name      = %[1]q
  content   = "%[1]s\n"
}
`, n)
		}
		return cfg
	}
	var paths []string // every page's and snippet's path in Konnect
	remember := func(s *terraform.State) error {
		paths = nil
		for _, n := range names {
			for _, k := range []engine.EntityKind{portal.PageKind, portal.SnippetKind} {
				rs, ok := s.RootModule().Resources[k.TypeName+"."+n]
				if !ok {
					return fmt.Errorf("%s.%s not in state", k.TypeName, n)
				}
				paths = append(paths, acctest.ObjectPath(k, rs.Primary.Attributes))
			}
		}
		return nil
	}
	var reverts []plancheck.PlanCheck
	for _, n := range names {
		reverts = append(reverts, plancheck.ExpectResourceAction("konnect_portal_page."+n, plancheck.ResourceActionUpdate),
			plancheck.ExpectResourceAction("konnect_portal_snippet."+n, plancheck.ResourceActionUpdate))
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(""), Check: remember},
			{
				// A no-change plan: one page and one snippet read in full, each collection
				// listed once.
				PreConfig: env.ResetRequests,
				Config:    config(""),
				PlanOnly:  true,
			},
			{
				PreConfig: func() {
					env.WantListedOnce("pages", "snippets")
					// Someone edits every content in the portal editor.
					for _, p := range paths {
						env.Edit(p, acctest.Set("content", "# edited in Konnect\n"))
					}
				},
				Config:             config("warn"),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks:   resource.ConfigPlanChecks{PostApplyPostRefresh: reverts},
			},
			{
				Config:      config("fail"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*konnect_portal_(page|snippet) .*content`),
			},
			// Under warn the contents are put back, and the teardown finds what it last read.
			{Config: config("warn")},
		},
	})
}
