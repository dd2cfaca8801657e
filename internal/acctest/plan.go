package acctest

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// OutOfBand is a plan check that acts on Konnect between `plan -out` and the apply of that
// plan file: the moment a stale plan is made.
type OutOfBand func()

// CheckPlan runs f; it never fails the plan.
func (f OutOfBand) CheckPlan(context.Context, plancheck.CheckPlanRequest, *plancheck.CheckPlanResponse) {
	f()
}

// Adopts is the plan check of a plan that adopts values changed in Konnect: an update
// whose only change is the revision, unknown until the apply has re-read the object.
func Adopts(address string) []plancheck.PlanCheck {
	return []plancheck.PlanCheck{
		plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate),
		plancheck.ExpectUnknownValue(address, tfjsonpath.New("revision")),
	}
}

// AdoptionStep is a step whose configuration takes over values changed in Konnect: the plan
// adopts them (an update that writes nothing), the apply writes nothing to Konnect, and the
// plan after it is empty.
func (e *Env) AdoptionStep(config string, addresses ...string) resource.TestStep {
	var checks []plancheck.PlanCheck
	for _, a := range addresses {
		checks = append(checks, Adopts(a)...)
	}
	return resource.TestStep{
		PreConfig:        e.ResetRequests,
		Config:           config,
		ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: checks},
		Check: func(*terraform.State) error {
			if w := e.WritesSince(); len(w) > 0 {
				return fmt.Errorf("adopting values wrote to Konnect: %v", w)
			}
			return nil
		},
	}
}

// PlanCheck is a plan check that fails the step with f's error: a check of something beside
// the plan (the diagnostics recorded while it was made) in a plan-only step, which has no
// Check.
type PlanCheck func() error

// CheckPlan reports f's error.
func (f PlanCheck) CheckPlan(_ context.Context, _ plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f()
}

// planFunc is a plan check of the plan itself that fails the step with f's error.
type planFunc func(plancheck.CheckPlanRequest) error

// CheckPlan reports f's error.
func (f planFunc) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f(req)
}
