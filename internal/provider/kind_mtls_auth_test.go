package provider

import (
	"fmt"
	"path"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// mtlsAuthRow takes part in TestAccKinds (acc_kinds_test.go) without an update: Konnect has no
// PUT for mtls-auth, so nobody can edit one in Konnect and every attribute replaces it. What
// applies: row 5 with a delete made in Konnect, a replace that leaves exactly one credential,
// and import.
var mtlsAuthRow = kindRow{
	noUpdate:  "Konnect has no PUT for mtls-auth: a credential cannot be edited, every attribute replaces it",
	noRemoval: "every attribute replaces the credential: removing tags plans a replace, not an update",
	deps:      consumerDep,
	block:     "consumer_id = konnect_gateway_consumer.alice.id\n  subject_name = %q",
	steps:     mtlsAuthSteps,
}

func mtlsAuthSteps(f *kindFixture) []resource.TestStep {
	config := func(subject string) string { return f.withBlock("", fmt.Sprintf(f.row.block, subject)) }
	subjects := func(what string, want ...string) {
		f.t.Helper()
		var got []string
		for _, c := range f.env.list(path.Dir(f.path)) {
			got = append(got, fmt.Sprint(c["subject_name"]))
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			f.t.Errorf("%s: Konnect holds mtls-auth subjects %v, want %v", what, got, want)
		}
	}
	steps := []resource.TestStep{
		{Config: config("alice.example.com"), Check: f.remember},
	}
	steps = append(steps, f.goneBeforeSavedDestroy(config("alice.example.com"), f.remember)...)
	return append(steps, []resource.TestStep{
		{
			// A new subject replaces the credential: Konnect holds the new one only.
			Config: config("alice2.example.com"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionDestroyBeforeCreate),
			}},
			Check: func(s *terraform.State) error {
				subjects("after the replace", "alice2.example.com")
				return f.remember(s)
			},
		},
		{
			Config:            config("alice2.example.com"),
			ResourceName:      f.address(),
			ImportState:       true,
			ImportStateVerify: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				a := s.RootModule().Resources[f.address()].Primary.Attributes
				return a["control_plane_id"] + "/" + a["consumer_id"] + "/" + a["id"], nil
			},
		},
	}...)
}
