package gateway_test

import (
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// configStoreSecretRow takes part in TestAccKinds (acc_kinds_test.go) without the usual update
// rows: Konnect never returns a secret's value, so what Konnect holds cannot be checked (rows 1,
// 3 and 5 as written compare it) and an edit of the value is visible only as the secret's
// updated_at moving. What applies: row 1 and row 5 (stale saved plans, through that revision),
// and an update that writes the new value.
var configStoreSecretRow = acctest.KindRow{
	NoUpdate:  "Konnect never returns the value: the rows that compare what Konnect holds cannot apply; the stale-plan rows do, through the secret's updated_at",
	NoRemoval: "key and value are required: nothing to remove from configuration",
	Deps: func(*acctest.KindFixture) string {
		return "\nresource \"konnect_gateway_config_store\" \"s\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"app\"\n}\n"
	},
	Block: "config_store_id = konnect_gateway_config_store.s.id\n  key = \"db-password\"\n  value = %q",
	Steps: configStoreSecretSteps,
}

func configStoreSecretSteps(f *acctest.KindFixture) []resource.TestStep {
	config := func(policy, v string) string { return f.WithBlock(policy, fmt.Sprintf(f.Row.Block, v)) }
	action := func(a plancheck.ResourceActionType) plancheck.PlanCheck {
		return plancheck.ExpectResourceAction(f.Address(), a)
	}
	uiEdit := acctest.OutOfBand(func() { f.Env.Edit(f.Path, acctest.Set("value", "set-in-the-ui")) })
	return []resource.TestStep{
		{
			Config: config("", "first-value"),
			Check: func(s *terraform.State) error {
				if err := f.Remember(s); err != nil {
					return err
				}
				obj := f.Env.Get(f.Path)
				if obj == nil || obj["key"] != "db-password" {
					return fmt.Errorf("Konnect holds %v, want the secret db-password", obj)
				}
				if _, returned := obj["value"]; returned {
					return fmt.Errorf("Konnect returned the secret's value: %v", obj)
				}
				return resource.TestCheckResourceAttr(f.Address(), "value", "first-value")(s)
			},
		},
		{
			// Row 1: someone sets the value in Konnect after the plan: the saved plan is stale.
			Config:           config("", "second-value"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionUpdate), uiEdit}},
			ExpectError:      acctest.KindStaleDiag(f.Kind.TypeName, "update"),
		},
		{
			// A new plan writes the configured value.
			PreConfig:        f.Env.ResetRequests,
			Config:           config("", "second-value"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionUpdate)}},
			Check: func(*terraform.State) error {
				if want := "PUT " + f.Path; !slices.Contains(f.Env.Requests(), want) {
					return fmt.Errorf("no %s in %v", want, f.Env.Requests())
				}
				return nil
			},
		},
		{
			// Row 5: a saved destroy plan, and someone sets the value first.
			Config:           config("", "second-value"),
			Destroy:          true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionDestroy), uiEdit}},
			ExpectError:      acctest.KindStaleDiag(f.Kind.TypeName, "delete"),
		},
		{
			PreConfig: func() {
				if f.Env.Get(f.Path) == nil {
					f.T.Error("the refused destroy deleted the secret")
				}
			},
			// Konnect cannot show the value set in the UI, so configuration that still says
			// second-value plans nothing (the limit the description states). Teardown: the
			// destroy deletes a secret changed in Konnect; overwrite lets it.
			Config:           config("overwrite", "second-value"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		},
	}
}
