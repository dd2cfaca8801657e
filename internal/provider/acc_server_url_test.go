package provider

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A server_url with a path (an API address copied from the docs, <mock>/v2) is refused
// when the provider is configured, before any object is read: every read would otherwise
// go to a route Konnect does not serve, and its 404 would drop every object from state as
// "deleted outside Terraform" (issue 33, part 2). State and Konnect keep the objects; the
// plan with the right URL is empty.
func TestAccServerURLWithPath(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	withURL := func(u string) string {
		return strings.Replace(env.providerBlock(""), env.URL, u, 1) + `
resource "konnect_gateway_control_plane" "cp" {
  name = "server-url"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}
`
	}
	inState := func(s *terraform.State) error {
		for _, a := range []string{"konnect_gateway_control_plane.cp", "konnect_gateway_service.orders"} {
			if _, ok := s.RootModule().Resources[a]; !ok {
				return fmt.Errorf("%s is no longer in state", a)
			}
		}
		return nil
	}
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: []resource.TestStep{
		{Config: withURL(env.URL), Check: inState},
		{
			Config: withURL(env.URL + "/v2"),
			ExpectError: regexp.MustCompile(`(?s)Invalid Konnect server URL.*` +
				wrappedText(`server_url "`+env.URL+`/v2" has a path ("/v2"): a Konnect server URL is its host only`).String()),
		},
		{
			Config:           withURL(env.URL),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(s *terraform.State) error {
				if cp := env.controlPlaneByName("server-url"); cp == nil {
					t.Error("the control plane is gone from Konnect")
				}
				return inState(s)
			},
		},
	}})
}
