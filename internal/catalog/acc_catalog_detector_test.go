package catalog_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// An API's documents are listed as a tree without their content, each with its updated_at:
// refresh reads one in full only when its updated_at moved since the last full read (issue
// 39). A no-change plan of four documents (one below another) reads at most one in full and
// lists the tree once; an edit of every content made in Konnect, the child's too, is still
// found: the plan under warn reverts each, and under fail it is refused.
func TestAccDocumentEditsFoundFromListing(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	names := []string{"one", "two", "three"}
	config := func(policy string) string {
		cfg := env.ProviderBlock(policy) + `
resource "konnect_api" "orders" {
  name    = "orders"
  version = "v1"
}

resource "konnect_api_document" "child" {
  api_id             = konnect_api.orders.id
  parent_document_id = konnect_api_document.one.id
  slug               = "child"
  title              = "child"
  content            = "# child\n"
}
`
		for _, n := range names {
			cfg += fmt.Sprintf(`
resource "konnect_api_document" %[1]q {
  api_id  = konnect_api.orders.id
  slug    = %[1]q
  title   = %[1]q
  content = "# %[1]s\n"
}
`, n)
		}
		return cfg
	}
	docs := append(append([]string(nil), names...), "child")
	var paths []string
	remember := func(s *terraform.State) error {
		paths = nil
		for _, n := range docs {
			rs, ok := s.RootModule().Resources["konnect_api_document."+n]
			if !ok {
				return fmt.Errorf("konnect_api_document.%s not in state", n)
			}
			paths = append(paths, "/v3/apis/"+rs.Primary.Attributes["api_id"]+"/documents/"+rs.Primary.ID)
		}
		return nil
	}
	var reverts []plancheck.PlanCheck
	for _, n := range docs {
		reverts = append(reverts, plancheck.ExpectResourceAction("konnect_api_document."+n, plancheck.ResourceActionUpdate))
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(""), Check: remember},
			{PreConfig: env.ResetRequests, Config: config(""), PlanOnly: true},
			{
				PreConfig: func() {
					env.WantListedOnce("documents")
					// Someone edits every document's content in Konnect.
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
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*konnect_api_document \(id .*\bcontent\s+last applied`),
			},
			{Config: config("warn")},
		},
	})
}
