package portal_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 32, part 6: a page written in the portal editor, imported by `<portal_id>/<slug>`,
// and a snippet by `<portal_id>/<name>` (the documented forms), then planned with
// configuration that says what Konnect holds: the plan is empty and warns of nothing (it
// planned an update, with a false "changed outside Terraform", because the import recorded
// the page as listed, without its content).
func TestAccImportPageBySlug(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	portalOnly := env.ProviderBlock("") + `
resource "konnect_portal" "dev" {
  name = "dev"
}
`
	config := portalOnly + `
resource "konnect_portal_page" "guide" {
  portal_id = konnect_portal.dev.id
  slug      = "guide"
  content   = "# Guide\n\nWritten in the editor.\n"
}

resource "konnect_portal_snippet" "support" {
  portal_id = konnect_portal.dev.id
  name      = "support"
  content   = "Ask us.\n"
}
`
	var portalID string
	importBy := func(address, key string) resource.TestStep {
		return resource.TestStep{
			Config: config, ResourceName: address, ImportState: true, ImportStatePersist: true,
			ImportStateIdFunc: func(*terraform.State) (string, error) { return portalID + "/" + key, nil },
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{Config: portalOnly, Check: func(s *terraform.State) error {
				portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
				env.Post("/v3/portals/"+portalID+"/pages", konnect.Object{"slug": "guide", "content": "# Guide\n\nWritten in the editor.\n"})
				env.Post("/v3/portals/"+portalID+"/snippets", konnect.Object{"name": "support", "content": "Ask us.\n"})
				return nil
			}},
			importBy("konnect_portal_page.guide", "guide"),
			importBy("konnect_portal_snippet.support", "support"),
			{
				PreConfig:        rec.Reset,
				Config:           config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            func(*terraform.State) error { return rec.WantNoWarnings() },
			},
		},
	})
}
