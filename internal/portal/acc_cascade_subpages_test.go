package portal_test

import (
	"context"
	"net/http"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 32, part 2: Konnect deletes a page's sub-pages and a document's child documents
// with it. Someone adds a sub-page in the portal editor under a managed page, and a child
// document under a managed document: the destroy is refused for both, naming each with its
// import block, and Konnect keeps all four. Once the sub-page and the child document are
// gone, the destroy goes through.
func TestAccCascadeSubPagesAndDocuments(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := env.ProviderBlock("") + `
resource "konnect_portal" "dev" {
  name = "dev"
}

resource "konnect_portal_page" "guide" {
  portal_id = konnect_portal.dev.id
  slug      = "guide"
  content   = "# Guide\n"
}

resource "konnect_api" "orders" {
  name    = "orders"
  version = "v1"
}

resource "konnect_api_document" "guide" {
  api_id  = konnect_api.orders.id
  title   = "Guide"
  slug    = "guide"
  content = "# Guide\n"
}
`
	var portalID, pageID, apiID, docID, subPageID, subDocID string
	add := func(collection string, body konnect.Object) string {
		var out konnect.Object
		if _, err := env.Client.Do(context.Background(), http.MethodPost, collection, nil, body, &out); err != nil {
			t.Fatalf("out-of-band create in %s: %v", collection, err)
		}
		return out["id"].(string)
	}
	both := func(what string, want bool) {
		for _, p := range []string{
			"/v3/portals/" + portalID + "/pages/" + pageID, "/v3/portals/" + portalID + "/pages/" + subPageID,
			"/v3/apis/" + apiID + "/documents/" + docID, "/v3/apis/" + apiID + "/documents/" + subDocID,
		} {
			if got := env.Get(p) != nil; got != want {
				t.Errorf("%s: %s in Konnect: %v, want %v", what, p, got, want)
			}
		}
	}
	// (the ids are Konnect's, chosen after the steps are declared: any UUID, the name exact)
	refused := func(typeName, name string) *regexp.Regexp {
		return regexp.MustCompile(`(?s)Deleting this object would delete objects that Terraform does not manage.*` +
			regexp.QuoteMeta(typeName+" (id ") + acctest.UUIDPattern + `.*` + acctest.PlatformLine(typeName, acctest.UUIDPattern, name, true) + `.*` +
			acctest.ImportBlock(typeName, "") + acctest.UUIDPattern + "/" + acctest.UUIDPattern + `"\s+\}`)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config, Check: func(s *terraform.State) error {
				portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
				pageID = s.RootModule().Resources["konnect_portal_page.guide"].Primary.ID
				apiID = s.RootModule().Resources["konnect_api.orders"].Primary.ID
				docID = s.RootModule().Resources["konnect_api_document.guide"].Primary.ID
				return nil
			}},
			{
				PreConfig: func() {
					subPageID = add("/v3/portals/"+portalID+"/pages", konnect.Object{"slug": "faq", "title": "FAQ", "content": "# FAQ\n", "parent_page_id": pageID})
					subDocID = add("/v3/apis/"+apiID+"/documents", konnect.Object{"slug": "errors", "title": "Errors", "content": "# Errors\n", "parent_document_id": docID})
				},
				Config: config, Destroy: true,
				ExpectError: refused("konnect_portal_page", "faq"),
			},
			{
				PreConfig: func() { both("after the refused destroy", true) },
				Config:    config, Destroy: true,
				ExpectError: refused("konnect_api_document", "Errors"),
			},
			{
				PreConfig: func() {
					both("after the second refused destroy", true)
					env.Remove("/v3/portals/" + portalID + "/pages/" + subPageID)
					env.Remove("/v3/apis/" + apiID + "/documents/" + subDocID)
				},
				Config: config, Destroy: true,
			},
		},
	})
}
