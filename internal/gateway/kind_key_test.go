package gateway_test

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// keyRow takes part in TestAccKinds (acc_kinds_test.go). A JWK key: its material is sensitive, so
// the row changes its name. Its material changes in place too (sensitive in the plan, Konnect
// holds the new JWK), in the same apply as it joins a key set.
var keyRow = acctest.KindRow{Block: "kid = \"k1\"\n  jwk = jsonencode({ kty = \"oct\", kid = \"k1\", k = \"c2VjcmV0\" })\n  name = %s",
	Update: &acctest.KindUpdate{Attr: "name", Values: [2]any{"k-first", "k-second"}, UI: "k-ui"},
	Deps: func(*acctest.KindFixture) string {
		return "\nresource \"konnect_gateway_key_set\" \"ks\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"signing\"\n}\n"
	},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		jwk := func(what, want string) {
			f.T.Helper()
			acctest.WantField(f.T, what, f.Env.Get(f.Path), "jwk", want)
		}
		body := strings.Replace(f.Body(0), `k = "c2VjcmV0"`, `k = "bmV3LXNlY3JldA"`, 1) + "\n  set = { id = konnect_gateway_key_set.ks.id }"
		return []resource.TestStep{{
			PreConfig: func() { jwk("as created", `{"k":"c2VjcmV0","kid":"k1","kty":"oct"}`) },
			Config:    f.WithBlock("", body),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
				plancheck.ExpectSensitiveValue(f.Address(), tfjsonpath.New("jwk")),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(f.Address(), tfjsonpath.New("set").AtMapKey("id"), "konnect_gateway_key_set.ks", tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("pem"), knownvalue.Null()),
			},
			Check: func(*terraform.State) error {
				jwk("after the update", `{"k":"bmV3LXNlY3JldA","kid":"k1","kty":"oct"}`)
				return nil
			},
		}}
	}}
