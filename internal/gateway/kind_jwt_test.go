package gateway_test

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// jwtRow takes part in TestAccKinds (acc_kinds_test.go). A JWT credential, changing its key (the
// issuer claim); configuration that takes the key someone set in Konnect adopts it, writing
// nothing. Konnect holds the secret configuration sets; unset, the algorithm is Konnect's HS256
// and there is no RSA key; then configuration moves it to RS256 with a public key, in place.
var jwtRow = acctest.KindRow{Deps: consumerDep, Block: "consumer_id = konnect_gateway_consumer.alice.id\n  secret = \"hs-secret-1\"\n  key = %s",
	Update: &acctest.KindUpdate{Attr: "key", Values: [2]any{"alice-issuer", "alice-issuer-2"}, UI: "ui-issuer"},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		pub := testRSAPublicKey(f.T)
		steps := f.AdoptionSteps()
		steps[0].ConfigStateChecks = append(steps[0].ConfigStateChecks,
			statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("algorithm"), knownvalue.StringExact("HS256")),
			statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("rsa_public_key"), knownvalue.Null()))
		return append(steps, resource.TestStep{
			PreConfig: func() {
				obj := f.Env.Get(f.Path)
				acctest.WantField(f.T, "jwt as created", obj, "algorithm", "HS256")
				acctest.WantField(f.T, "jwt as created", obj, "secret", "hs-secret-1")
			},
			Config: f.WithBlock("", f.Body(0)+fmt.Sprintf("\n  algorithm = \"RS256\"\n  rsa_public_key = %q", pub)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
			}},
			Check: func(*terraform.State) error {
				obj := f.Env.Get(f.Path)
				acctest.WantField(f.T, "jwt", obj, "algorithm", "RS256")
				acctest.WantField(f.T, "jwt", obj, "rsa_public_key", pub)
				acctest.WantField(f.T, "jwt", obj, "secret", "hs-secret-1")
				return nil
			},
		})
	}}
