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

// basicAuthRow takes part in TestAccKinds (acc_kinds_test.go). A basic-auth credential, changing
// its username. Konnect returns the password hashed, so an edit in Konnect writes the same
// password back, as the UI does; configuration that takes the username someone set in Konnect
// adopts it, writing nothing. A new password is written in place: Konnect holds its hash, state
// the password as written (sensitive).
var basicAuthRow = acctest.KindRow{Deps: consumerDep, Block: "consumer_id = konnect_gateway_consumer.alice.id\n  password = \"correct-horse\"\n  username = %s",
	Update: &acctest.KindUpdate{Attr: "username", Values: [2]any{"alice-basic", "alice-basic-2"}, UI: "alice-ui", Also: map[string]any{"password": "correct-horse"}},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		hashed := func(what, password string) {
			f.T.Helper()
			obj := f.Env.Get(f.Path)
			acctest.WantField(f.T, what, obj, "password", basicAuthHash(password, obj))
		}
		steps := f.AdoptionSteps()
		return append(steps, resource.TestStep{
			PreConfig: func() { hashed("before the update", "correct-horse") },
			Config:    f.WithBlock("", strings.Replace(f.Body(0), `"correct-horse"`, `"correct-horse-2"`, 1)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("password"), knownvalue.StringExact("correct-horse-2")),
				statecheck.ExpectSensitiveValue(f.Address(), tfjsonpath.New("password")),
			},
			Check: func(*terraform.State) error {
				hashed("after the update", "correct-horse-2")
				return nil
			},
		})
	}}
