package gateway_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A service with a URL for a host, or a name with a space, fails the plan on that
// attribute, before any call to Konnect.
func TestAccServiceHostAndNameValidated(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(name, host string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_service" "orders" {
  control_plane_id = "6f3c1d2e-8b4a-4c5d-9e6f-7a8b9c0d1e2f"
  name             = %q
  host             = %q
}
`, name, host)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:   config("orders", "http://orders.internal"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Error: Invalid host.*with konnect_gateway_service.orders.*` +
					acctest.WrappedText(`host "http://orders.internal" is not a host name or an IP address: remove the scheme "http://"`).String()),
			},
			{
				Config:      config("orders", "orders.internal:8080"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Error: Invalid host.*` + acctest.WrappedText(`"orders.internal:8080" is not a host name or an IP address: remove the port`).String()),
			},
			{
				Config:   config("orders api", "orders.internal"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Error: Invalid Attribute Value Match.*with konnect_gateway_service.orders.*` +
					acctest.WrappedText(`Attribute name may contain only letters, digits and . - _ ~, got: orders api`).String()),
			},
		},
	})
	if reqs := env.Requests(); len(reqs) > 0 {
		t.Errorf("invalid configurations reached Konnect: %v", reqs)
	}
}
