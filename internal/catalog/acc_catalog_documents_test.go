package catalog_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// An API's documents in a tree: a guide with a page under it, one slug configured and one
// derived by Konnect from the title. The tree and both slugs plan nothing after the apply;
// removing parent_document_id moves the page back to the top level; a parent that is not a
// document of the API fails the plan on parent_document_id, nothing written.
func TestAccCatalogDocumentTree(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	other := env.PostObj("/v3/apis", konnect.Object{"name": "other", "version": "v1"})
	foreign := env.PostObj("/v3/apis/"+other["id"].(string)+"/documents", konnect.Object{"title": "Elsewhere", "content": "# Elsewhere\n"})
	config := func(parent string) string {
		return env.ProviderBlock("") + `
resource "konnect_api" "orders" {
  name    = "orders"
  version = "v1"
}

resource "konnect_api_document" "guide" {
  api_id  = konnect_api.orders.id
  title   = "Guide"
  slug    = "guide"
  content = "# Guide\n\nStart here.\n"
}

resource "konnect_api_document" "payments" {
  api_id  = konnect_api.orders.id
  title   = "Paying for orders"
  content = "# Paying for orders\n\nCards only.\n"
` + parent + `}
`
	}
	underGuide := "  parent_document_id = konnect_api_document.guide.id\n"
	// docs returns the API's documents as Konnect lists them: the top level, each with its
	// children.
	docs := func(s *terraform.State) []konnect.Object {
		api := s.RootModule().Resources["konnect_api.orders"].Primary.ID
		return env.List("/v3/apis/" + api + "/documents")
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config(underGuide),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("konnect_api_document.payments", "slug", "paying-for-orders"),
					resource.TestCheckResourceAttrPair("konnect_api_document.payments", "parent_document_id", "konnect_api_document.guide", "id"),
					func(s *terraform.State) error {
						top := docs(s)
						if len(top) != 1 || top[0]["slug"] != "guide" {
							return fmt.Errorf("top-level documents: %v", top)
						}
						kids, _ := top[0]["children"].([]any)
						if len(kids) != 1 || kids[0].(map[string]any)["slug"] != "paying-for-orders" {
							return fmt.Errorf("documents under the guide: %v", top[0]["children"])
						}
						return nil
					},
				),
			},
			// (The tree and the derived slug survive a re-plan: the step's own post-apply plans.)
			{
				// A parent of another API is refused at plan, on parent_document_id.
				Config:      config(fmt.Sprintf("  parent_document_id = %q\n", foreign["id"])),
				ExpectError: regexp.MustCompile(`(?s)Parent document not in this API.*konnect_api_document\.payments.*parent_document_id`),
			},
			{
				// Removed from configuration: back to the top level, the slug kept.
				Config: config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_api_document.payments", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					top := docs(s)
					if len(top) != 2 {
						return fmt.Errorf("top-level documents after the move: %v", top)
					}
					for _, d := range top {
						if kids, _ := d["children"].([]any); len(kids) != 0 {
							return fmt.Errorf("%v still has documents under it: %v", d["slug"], kids)
						}
					}
					return nil
				},
			},
		},
	})
}
