package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

func (e *konnectEnv) manyServicesConfig(n, slowTimeout int) string {
	return e.providerBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = "refresh"
}

resource "konnect_gateway_service" "svc" {
  count            = %d
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "svc-${count.index}"
  host             = "svc-${count.index}.internal"
  read_timeout     = count.index == 1 ? %d : 60000
}
`, n, slowTimeout)
}

// Refresh of many objects costs a listing, not a GET per object; the guards still read live,
// and an object missing from the listing is confirmed with a direct GET before it is reported
// as deleted. This counts API calls; it times nothing.
func TestAccBatchedRefresh(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	const n = 8
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.manyServicesConfig(n, 60000)},
			{
				PreConfig: func() {
					env.editService("refresh", "svc-2", konnect.Object{"retries": 3}) // not configured: follows Konnect
					env.deleteService("refresh", "svc-4")
					env.mock.ResetCounts()
				},
				Config: env.manyServicesConfig(n, 90000), // changes svc-1 only
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.svc[1]", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("konnect_gateway_service.svc[4]", plancheck.ResourceActionCreate),
					plancheck.ExpectResourceAction("konnect_gateway_service.svc[2]", plancheck.ResourceActionNoop),
					outOfBand(func() {
						c := env.mock.Counts()
						// The plan: one listing of the collection, one GET for the first object
						// refreshed, one to confirm svc-4 is gone, one live guard read of svc-1.
						if got := c["GET core-entities/services"]; got != 1 {
							t.Errorf("refresh listed services %d times, want 1 (counts %v)", got, c)
						}
						if got := c["GET core-entities/services/{id}"]; got != 3 {
							t.Errorf("plan made %d GETs of single services, want 3 (first read, svc-4 confirmed gone, svc-1 guard) (counts %v)", got, c)
						}
						total := 0
						for _, v := range c {
							total += v
						}
						if total > 6 {
							t.Errorf("a plan of %d services made %d API calls, want at most 6: %v", n, total, c)
						}
					}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("konnect_gateway_service.svc[2]", tfjsonpath.New("retries"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue("konnect_gateway_service.svc[1]", tfjsonpath.New("read_timeout"), knownvalue.Int64Exact(90000)),
				},
			},
		},
	})
}
