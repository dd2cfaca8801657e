package gateway_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// TestAccRunStepsFails: the runner of the kinds' rows (acctest.RunSteps, which drives the CLI
// itself instead of terraform-plugin-testing) fails a test where terraform-plugin-testing
// would, and says why: a plan after an apply that is not empty, an expected error that never
// came, a Check on the state shimmed from the state file, an import whose attributes differ
// from the state's, and a step field it does not implement. A runner that passed everything
// would pass the rows too: these cases keep it honest.
func TestAccRunStepsFails(t *testing.T) {
	t.Parallel()
	const addr = "konnect_gateway_service.this"
	config := func(env *acctest.Env, policy string) string {
		return env.ProviderBlock(policy) + `
resource "konnect_gateway_control_plane" "cp" {
  name = "runner"
}
resource "konnect_gateway_service" "this" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
  tags             = ["a", "b"]
}
`
	}
	// edit sets a field of the service in Konnect, as someone in the UI would.
	edit := func(env *acctest.Env, field string, v any) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			rs, ok := s.RootModule().Resources[addr]
			if !ok {
				return fmt.Errorf("%s not in state", addr)
			}
			env.Edit(acctest.ObjectPath(gateway.ServiceKind, rs.Primary.Attributes), acctest.Set(field, v))
			return nil
		}
	}
	cases := []struct {
		name  string
		steps func(env *acctest.Env) []resource.TestStep
		want  []string
	}{
		{
			// Someone edits the configured host right after the apply: under overwrite the
			// next plan would put it back, so it is not empty.
			name: "plan_after_apply_not_empty",
			steps: func(env *acctest.Env) []resource.TestStep {
				return []resource.TestStep{{Config: config(env, "overwrite"), Check: edit(env, "host", "ui.internal")}}
			},
			want: []string{"step 1/1 error: after applying this test step, the refresh plan was not empty", `~ host`},
		},
		{
			name: "expected_error_never_came",
			steps: func(env *acctest.Env) []resource.TestStep {
				return []resource.TestStep{{Config: config(env, ""), ExpectError: regexp.MustCompile("never said")}}
			},
			want: []string{"step 1/1, expected an error but got none"},
		},
		{
			// The state a Check reads is flattened as terraform-plugin-testing flattens it:
			// the checks before the last pass (a set's count and members, a number Konnect
			// defaulted, a map's count), the last fails.
			name: "check_on_the_state",
			steps: func(env *acctest.Env) []resource.TestStep {
				return []resource.TestStep{{Config: config(env, ""), Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(addr, "tags.#", "2"),
					resource.TestCheckTypeSetElemAttr(addr, "tags.*", "b"),
					resource.TestCheckResourceAttr(addr, "port", "80"),
					resource.TestMatchResourceAttr(addr, "revision", regexp.MustCompile(`^sha256:`)),
					resource.TestCheckResourceAttr(addr, "tags.#", "3"),
				)}}
			},
			want: []string{"check failed", `Attribute 'tags.#' expected "3", got "2"`},
		},
		{
			// Someone sets retries in Konnect, which configuration never sets: the plan is
			// empty and leaves the state as it was, so an import reads another value.
			name: "import_differs",
			steps: func(env *acctest.Env) []resource.TestStep {
				return []resource.TestStep{
					{Config: config(env, ""), Check: edit(env, "retries", 9)},
					{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateIdFunc: acctest.ImportID(addr)},
				}
			},
			want: []string{"step 2/2 error: ImportStateVerify: the imported attributes differ from the state's", `retries: state "5", imported "9"`},
		},
		{
			name: "field_not_implemented",
			steps: func(env *acctest.Env) []resource.TestStep {
				return []resource.TestStep{{Config: config(env, ""), Taint: []string{addr}}}
			},
			want: []string{"step 1/1: acctest.RunSteps does not implement TestStep.Taint"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if os.Getenv(resource.EnvTfAcc) == "" {
				t.Skipf("Acceptance tests skipped unless env '%s' set", resource.EnvTfAcc)
			}
			env := acctest.NewEnv(t, konnectmock.Options{})
			err := acctest.StepsFailure(t, protoV6Factories, c.steps(env))
			if err == nil {
				t.Fatal("the steps passed")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the failure does not say %q:\n%v", w, err)
				}
			}
		})
	}
}
