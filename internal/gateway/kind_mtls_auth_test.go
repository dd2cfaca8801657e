package gateway_test

import (
	"fmt"
	"path"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// mtlsAuthRow takes part in TestAccKinds (acc_kinds_test.go) without an update: Konnect has no
// PUT for mtls-auth, so nobody can edit one in Konnect and every attribute replaces it. What
// applies: row 5 with a delete made in Konnect, a replace that leaves exactly one credential,
// and import.
var mtlsAuthRow = acctest.KindRow{
	NoUpdate:  "Konnect has no PUT for mtls-auth: a credential cannot be edited, every attribute replaces it",
	NoRemoval: "every attribute replaces the credential: removing tags plans a replace, not an update",
	Deps:      consumerDep,
	Block:     "consumer_id = konnect_gateway_consumer.alice.id\n  subject_name = %q",
	Steps:     mtlsAuthSteps,
}

func mtlsAuthSteps(f *acctest.KindFixture) []resource.TestStep {
	config := func(subject string) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, subject)) }
	subjects := func(what string, want ...string) {
		f.T.Helper()
		var got []string
		for _, c := range f.Env.List(path.Dir(f.Path)) {
			got = append(got, fmt.Sprint(c["subject_name"]))
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			f.T.Errorf("%s: Konnect holds mtls-auth subjects %v, want %v", what, got, want)
		}
	}
	steps := []resource.TestStep{
		{Config: config("alice.example.com"), Check: f.Remember},
	}
	steps = append(steps, f.GoneBeforeSavedDestroy(config("alice.example.com"), f.Remember)...)
	return append(steps, []resource.TestStep{
		{
			// A new subject replaces the credential: Konnect holds the new one only.
			Config: config("alice2.example.com"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionDestroyBeforeCreate),
			}},
			Check: func(s *terraform.State) error {
				subjects("after the replace", "alice2.example.com")
				return f.Remember(s)
			},
		},
		{
			Config:            config("alice2.example.com"),
			ResourceName:      f.Address(),
			ImportState:       true,
			ImportStateVerify: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				a := s.RootModule().Resources[f.Address()].Primary.Attributes
				return a["control_plane_id"] + "/" + a["consumer_id"] + "/" + a["id"], nil
			},
		},
	}...)
}
