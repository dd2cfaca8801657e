package gateway_test

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// vaultRow takes part in TestAccKinds (acc_kinds_test.go). An env vault, changing its description;
// its config, a JSON document, changes in place too: Konnect holds the new document and state the
// configured one.
var vaultRow = acctest.KindRow{Block: "name = \"env\"\n  prefix = \"app-env\"\n  config = jsonencode({ prefix = \"APP_\" })\n  description = %s",
	Update: &acctest.KindUpdate{Attr: "description", Values: [2]any{"first", "second"}, UI: "edited in the UI"},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		held := func(what, prefix string) {
			f.T.Helper()
			acctest.WantField(f.T, what, f.Env.Get(f.Path), "config", map[string]any{"prefix": prefix})
		}
		return []resource.TestStep{{
			PreConfig: func() { held("as created", "APP_") },
			Config:    f.WithBlock("", strings.Replace(f.Body(0), `"APP_"`, `"SVC_"`, 1)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("config"), knownvalue.StringExact(`{"prefix":"SVC_"}`)),
			},
			Check: func(*terraform.State) error {
				held("after the update", "SVC_")
				return nil
			},
		}}
	}}
