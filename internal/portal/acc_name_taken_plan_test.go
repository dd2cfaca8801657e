package portal_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 32, part 5: a page slug that already exists in the portal (written in the editor) is
// an error at plan, on the slug, with the existing page's import block, and nothing of the
// configuration is written (it was a 409 at apply, after other objects were created). So
// are two pages of one slug in the configuration itself.
//
// A plan of many new pages looks their slugs up in one listing of the portal's page tree
// (issue 39): the slug taken at the top level is still refused, and a slug taken only below
// another page is not (slugs are unique among the pages of one parent).
func TestAccNameTakenAtPlan(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	portalOnly := env.ProviderBlock("") + `
resource "konnect_portal" "dev" {
  name = "dev"
}
`
	config := portalOnly + `
resource "konnect_portal_page" "other" {
  portal_id = konnect_portal.dev.id
  slug      = "other"
  content   = "# Other\n"
}

resource "konnect_portal_page" "guide" {
  portal_id = konnect_portal.dev.id
  slug      = "guide"
  content   = "# Guide\n"
}
` + freePages
	var portalID string
	var below []string // the editor's pages under "docs"
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: portalOnly, Check: func(s *terraform.State) error {
				portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
				env.Post("/v3/portals/"+portalID+"/pages", konnect.Object{"slug": "guide", "content": "# Written in the editor\n"})
				docs := env.PostObj("/v3/portals/"+portalID+"/pages", konnect.Object{"slug": "docs", "content": "# Docs\n"})
				// every slug freePages uses, taken below "docs" only
				for _, slug := range append([]string{"faq"}, freeSlugs()...) {
					below = append(below, env.PostObj("/v3/portals/"+portalID+"/pages", konnect.Object{"slug": slug, "content": "# Below\n", "parent_page_id": docs["id"]})["id"].(string))
				}
				return nil
			}},
			{
				// Two resources of the configuration with one slug under one parent: refused at
				// plan on the slug, saying which values they share.
				Config: portalOnly + `
resource "konnect_portal_page" "a" {
  portal_id = konnect_portal.dev.id
  slug      = "twin"
  content   = "# A\n"
}

resource "konnect_portal_page" "b" {
  portal_id = konnect_portal.dev.id
  slug      = "twin"
  content   = "# B\n"
}
`,
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Two resources plan the same konnect_portal_page.*` +
					acctest.Words(`parent_page_id = (unset), slug = "twin".`) + `.*` + acctest.Words("Remove one of the two resources, or change slug in one of them.")),
			},
			{
				Config: config,
				ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*konnect_portal_page\.guide.*slug.*` +
					acctest.ImportBlock("konnect_portal_page", "") + acctest.UUIDPattern + "/" + acctest.UUIDPattern + `"\s+\}`),
			},
			{
				// Every slug but the editor's top-level one is free: the others are taken only
				// below the editor's "docs" page. More pages than the plan looks up one by one:
				// the rest come from the listing, which must keep the scope too.
				Config:             portalOnly + freePages,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				PreConfig: func() {
					if pages := env.List("/v3/portals/" + portalID + "/pages"); len(pages) != 2 {
						t.Errorf("after the refused plan the portal holds %d top-level pages, want the editor's two: %v", len(pages), pages)
					}
				},
				Config: portalOnly,
				Check: func(*terraform.State) error { // the editor's pages go, so the portal's destroy may
					for _, id := range below {
						env.Remove("/v3/portals/" + portalID + "/pages/" + id)
					}
					for _, p := range env.List("/v3/portals/" + portalID + "/pages") {
						env.Remove("/v3/portals/" + portalID + "/pages/" + p["id"].(string))
					}
					return nil
				},
			},
		},
	})
}

// freePages are pages whose slugs are free at the top level of the portal (the editor's pages
// of these slugs are under "docs"): more than the plan looks up one by one (engine's
// namesAfter), so that some are looked up in a listing.
const freePages = `
resource "konnect_portal_page" "faq" {
  portal_id = konnect_portal.dev.id
  slug      = "faq"
  content   = "# FAQ\n"
}

resource "konnect_portal_page" "free" {
  count     = 12
  portal_id = konnect_portal.dev.id
  slug      = "free-${count.index}"
  content   = "# Free\n"
}
`

// freeSlugs are the slugs of freePages' counted pages.
func freeSlugs() []string {
	var out []string
	for i := range 12 {
		out = append(out, fmt.Sprintf("free-%d", i))
	}
	return out
}
