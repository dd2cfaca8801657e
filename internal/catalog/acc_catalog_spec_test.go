package catalog_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A specification is compared as a document by the guard too. Konnect holding the same
// specification written otherwise (YAML, re-indented, keys reordered) is no change: the
// plan is empty. Someone changing it in Konnect (an operation's summary and info.version)
// while the plan changes it too is a conflict that names exactly the paths that changed,
// each with last applied / in Konnect now / planned, not two long strings; nothing is
// written and Konnect keeps its specification. Configuration that says what Konnect holds
// adopts it.
func TestAccCatalogSpecConflictPaths(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	const first = `{"openapi":"3.0.3","info":{"title":"Orders","version":"1.0.0"},"paths":{"/orders":{"get":{"summary":"List orders"}}}}`
	planned := strings.Replace(first, `"title":"Orders"`, `"title":"Orders API"`, 1)
	planned = strings.Replace(planned, `"version":"1.0.0"`, `"version":"1.1.0"`, 1)
	config := func(spec string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_api" "orders" {
  name    = "orders"
  version = "v1"
}

resource "konnect_api_version" "v1" {
  api_id  = konnect_api.orders.id
  version = "1.0.0"
  spec    = { content = %q }
}
`, spec)
	}
	var path string
	remember := func(s *terraform.State) error {
		r := s.RootModule().Resources["konnect_api_version.v1"].Primary
		path = "/v3/apis/" + r.Attributes["api_id"] + "/versions/" + r.ID
		return nil
	}
	setSpec := func(text string) func() {
		return func() {
			env.Edit(path, func(b konnect.Object) { b["spec"] = map[string]any{"content": text} })
		}
	}
	// The same document, as Konnect might hold it.
	sameYAML := "paths:\n  /orders:\n    get:\n      summary: List orders\ninfo:\n  version: 1.0.0\n  title: Orders\nopenapi: 3.0.3\n"
	// Someone's change: a summary and the version.
	theirs := strings.Replace(strings.Replace(sameYAML, "summary: List orders", "summary: Orders, newest first", 1), "version: 1.0.0", "version: 1.0.0-ui", 1)
	conflict := regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*konnect_api_version` +
		`.*spec\.content\.info\.version\s+last applied: "1\.0\.0"\s+in Konnect now: "1\.0\.0-ui"\s+planned: "1\.1\.0"` +
		`.*spec\.content\.paths\./orders\.get\.summary\s+last applied: "List orders"\s+in Konnect now: "Orders, newest first"\s+planned: "List orders"`)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(first), Check: remember},
			{
				// Konnect holds the same document written otherwise: nothing to do.
				PreConfig:        setSpec(sameYAML),
				Config:           config(first),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				PreConfig:   setSpec(theirs),
				Config:      config(planned),
				ExpectError: conflict,
			},
			{
				// Nothing was written: Konnect still holds their specification, and the
				// diagnostic did not list the paths nobody changed (the title is only planned).
				PreConfig: func() {
					spec, _ := env.Get(path)["spec"].(map[string]any)
					if spec["content"] != theirs {
						t.Errorf("Konnect holds %q after a refused apply, want their specification", spec["content"])
					}
				},
				Config:      config(planned),
				ExpectError: regexp.MustCompile(`(?s)spec\.content\.info\.version.*spec\.content\.paths\./orders\.get\.summary`),
			},
			{
				// Configuration that takes their specification (in JSON) adopts it: nothing
				// left to plan.
				Config: config(`{"openapi":"3.0.3","info":{"title":"Orders","version":"1.0.0-ui"},"paths":{"/orders":{"get":{"summary":"Orders, newest first"}}}}`),
			},
			{
				// Issue 32, part 4: decided per path. Someone changes the summary in Konnect;
				// configuration already holds their summary and changes the title: nothing of
				// theirs is overwritten, so no conflict, and Konnect holds both.
				PreConfig: setSpec(`{"openapi":"3.0.3","info":{"title":"Orders","version":"1.0.0-ui"},"paths":{"/orders":{"get":{"summary":"Orders, by the UI"}}}}`),
				Config:    config(`{"openapi":"3.0.3","info":{"title":"Orders API","version":"1.0.0-ui"},"paths":{"/orders":{"get":{"summary":"Orders, by the UI"}}}}`),
				Check: func(*terraform.State) error {
					spec, _ := env.Get(path)["spec"].(map[string]any)
					if c := fmt.Sprint(spec["content"]); !strings.Contains(c, "Orders API") || !strings.Contains(c, "Orders, by the UI") {
						return fmt.Errorf("Konnect holds %s, want the title and the UI's summary", c)
					}
					return nil
				},
			},
		},
	})
}
