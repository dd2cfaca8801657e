package gateway_test

import (
	"path"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// targetRow takes part in TestAccKinds (acc_kinds_test.go). A target of an upstream, changing its
// weight. Konnect changes a target's address in place too (the id stays, the upstream holds one
// target); failover, which configuration never sets, is Konnect's false in state, and once someone
// sets it in Konnect, state follows.
var targetRow = acctest.KindRow{Deps: upstreamDep, Block: "upstream_id = konnect_gateway_upstream.u.id\n  target = \"10.0.0.7:8080\"\n  weight = %s",
	Update: &acctest.KindUpdate{Attr: "weight", Values: [2]any{100, 50}, UI: 7},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		moved := f.WithBlock("", strings.Replace(f.Body(0), "10.0.0.7:8080", "10.0.0.8:8080", 1))
		failover := func(v bool) statecheck.StateCheck {
			return statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("failover"), knownvalue.Bool(v))
		}
		return []resource.TestStep{
			{
				Config: moved,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("target"), knownvalue.StringExact("10.0.0.8:8080")),
					failover(false),
				},
				Check: func(*terraform.State) error {
					only := f.Env.Only(path.Dir(f.Path))
					acctest.WantField(f.T, "target", only, "id", path.Base(f.Path))
					acctest.WantField(f.T, "target", only, "target", "10.0.0.8:8080")
					acctest.WantField(f.T, "target", only, "weight", 100)
					return nil
				},
			},
			f.KonnectSetsStep(moved, "failover", true, failover(true)),
		}
	}}
