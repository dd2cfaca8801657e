package gateway_test

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// keyAuthRow takes part in TestAccKinds (acc_kinds_test.go). A key-auth credential with the key
// configuration sets, changing its time to live; configuration that takes the time to live
// someone set in Konnect adopts it, writing nothing. A new key is written in place: Konnect
// holds it, state holds it sensitive. (A key Konnect generates: TestAccProxyKeyAuth_GeneratedKey.)
var keyAuthRow = acctest.KindRow{Deps: consumerDep, Block: "consumer_id = konnect_gateway_consumer.alice.id\n  key = \"alice-key-1\"\n  ttl = %s",
	Update: &acctest.KindUpdate{Attr: "ttl", Values: [2]any{3600, 7200}, UI: 60},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		return append(f.AdoptionSteps(), resource.TestStep{
			PreConfig: func() { acctest.WantField(f.T, "key-auth as created", f.Env.Get(f.Path), "key", "alice-key-1") },
			Config:    f.WithBlock("", strings.Replace(f.Body(0), "alice-key-1", "alice-key-2", 1)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
			}},
			ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectSensitiveValue(f.Address(), tfjsonpath.New("key"))},
			Check: func(*terraform.State) error {
				acctest.WantField(f.T, "key-auth", f.Env.Get(f.Path), "key", "alice-key-2")
				acctest.WantField(f.T, "key-auth", f.Env.Get(f.Path), "ttl", 3600)
				return nil
			},
		})
	}}
