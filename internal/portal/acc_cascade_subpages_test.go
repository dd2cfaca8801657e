package portal_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 32, part 2: Konnect deletes a page's sub-pages and a document's child documents
// with it. Someone adds a sub-page in the portal editor under a managed page (which has a
// managed sub-page of its own), and a child document under a managed document: the destroy
// is refused for both at plan, naming each with its import block; nothing is written, so
// Konnect keeps all five (the managed sub-page too: a refusal at apply would come after
// Terraform deleted it). Once the sub-page and the child document are gone, the portal's
// destroy is refused at plan for an API someone else published to it, naming the API and
// what force_destroy would do; with force_destroy = "true" the destroy goes through and
// Konnect unpublishes that API (which stays).
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

resource "konnect_portal_page" "install" {
  portal_id      = konnect_portal.dev.id
  parent_page_id = konnect_portal_page.guide.id
  slug           = "install"
  content        = "# Install\n"
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
	forced := strings.Replace(config, `name = "dev"`, `name = "dev"
  force_destroy = "true"`, 1)
	var portalID, pageID, installID, apiID, docID, subPageID, subDocID, billingID string
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
			"/v3/portals/" + portalID + "/pages/" + installID,
		} {
			if got := env.Get(p) != nil; got != want {
				t.Errorf("%s: %s in Konnect: %v, want %v", what, p, got, want)
			}
		}
		if w := env.WritesSince(); want && len(w) > 0 {
			t.Errorf("%s: the refused destroy wrote to Konnect: %v", what, w)
		}
	}
	// (the ids are Konnect's, chosen after the steps are declared: any UUID, the name exact)
	refused := func(typeName, name string) *regexp.Regexp {
		return regexp.MustCompile(`(?s)Deleting this object would delete objects that Terraform does not manage.*` +
			regexp.QuoteMeta(typeName+" (id ") + acctest.UUIDPattern + `.*` + acctest.PlatformLine(typeName, acctest.UUIDPattern, name, true) + `.*` +
			acctest.ImportBlock(typeName, "") + acctest.UUIDPattern + "/" + acctest.UUIDPattern + `"\s+\}`)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config, Check: func(s *terraform.State) error {
				portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
				pageID = s.RootModule().Resources["konnect_portal_page.guide"].Primary.ID
				installID = s.RootModule().Resources["konnect_portal_page.install"].Primary.ID
				apiID = s.RootModule().Resources["konnect_api.orders"].Primary.ID
				docID = s.RootModule().Resources["konnect_api_document.guide"].Primary.ID
				return nil
			}},
			{
				PreConfig: func() {
					subPageID = add("/v3/portals/"+portalID+"/pages", konnect.Object{"slug": "faq", "title": "FAQ", "content": "# FAQ\n", "parent_page_id": pageID})
					subDocID = add("/v3/apis/"+apiID+"/documents", konnect.Object{"slug": "errors", "title": "Errors", "content": "# Errors\n", "parent_document_id": docID})
					billingID = add("/v3/apis", konnect.Object{"name": "billing"})
					if _, err := env.Client.Do(context.Background(), http.MethodPut, "/v3/apis/"+billingID+"/publications/"+portalID, nil, konnect.Object{"visibility": "public"}, nil); err != nil {
						t.Fatalf("out-of-band publication: %v", err)
					}
					env.ResetRequests()
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
					env.ResetRequests()
				},
				Config: config, Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)` + acctest.Words("Konnect refuses to delete this object while objects that Terraform does not manage reference it") + `.*` +
					acctest.PlatformLine("konnect_api_publication", acctest.UUIDPattern, "billing", true) + `.*` +
					acctest.ImportBlock("konnect_api_publication", "") + acctest.UUIDPattern + "/" + acctest.UUIDPattern + `"\s+\}` +
					`.*` + acctest.Words("No conflict_policy lets this delete through") + `.*` + acctest.Words(`set force_destroy = "true" on this portal, and Konnect unpublishes them with it.`)),
			},
			{
				PreConfig: func() {
					if w := env.WritesSince(); len(w) > 0 {
						t.Errorf("the destroy refused for the publication wrote to Konnect: %v", w)
					}
					if env.Get("/v3/apis/"+billingID+"/publications/"+portalID) == nil {
						t.Error("the publication is gone after the refused destroy")
					}
				},
				Config: forced,
			},
			{Config: forced, Destroy: true},
		},
		CheckDestroy: func(*terraform.State) error {
			if env.Get("/v3/apis/"+billingID) == nil {
				t.Error("the API published by someone else was deleted; only its publication goes")
			}
			if env.Get("/v3/portals/"+portalID) != nil {
				t.Error("the portal survived its forced destroy")
			}
			return nil
		},
	})
}
