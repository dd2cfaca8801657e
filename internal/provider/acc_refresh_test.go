package provider

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

func (e *konnectEnv) manyServicesConfig(n, slowTimeout int) string {
	return e.manyServicesConfigPolicy("", n, slowTimeout)
}

func (e *konnectEnv) manyServicesConfigPolicy(policy string, n, slowTimeout int) string {
	return e.providerBlock(policy) + fmt.Sprintf(`
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
	var svc1, svc4 string // ids
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.manyServicesConfig(n, 60000)},
			{
				PreConfig: func() {
					svc1 = env.get(env.corePath("refresh", "services", "svc-1"))["id"].(string)
					svc4 = env.get(env.corePath("refresh", "services", "svc-4"))["id"].(string)
					env.edit(env.corePath("refresh", "services", "svc-2"), setAll(konnect.Object{"retries": 3})) // not configured: follows Konnect
					env.remove(env.corePath("refresh", "services", "svc-4"))
					env.mock.ResetCounts()
					env.resetRequests()
				},
				Config: env.manyServicesConfig(n, 90000), // changes svc-1 only
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.svc[1]", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("konnect_gateway_service.svc[4]", plancheck.ResourceActionCreate),
					plancheck.ExpectResourceAction("konnect_gateway_service.svc[2]", plancheck.ResourceActionNoop),
					outOfBand(func() {
						c := env.mock.Counts()
						// The plan: one listing of the collection, one GET for the first object
						// refreshed (the CLI picks which), one to confirm svc-4 is gone, one live
						// guard read of svc-1. When svc-4 is the first refreshed, its first GET
						// is also its confirmation, so there are 2 single GETs instead of 3.
						if got := c["GET core-entities/services"]; got != 1 {
							t.Errorf("refresh listed services %d times, want 1 (counts %v)", got, c)
						}
						single := map[string]int{}
						for _, r := range env.requests() {
							if i := strings.LastIndex(r, "/core-entities/services/"); strings.HasPrefix(r, "GET ") && i >= 0 {
								single[r[i+len("/core-entities/services/"):]]++
							}
						}
						if single[svc4] != 1 {
							t.Errorf("svc-4 (deleted outside Terraform) was read directly %d times, want 1: a snapshot miss must be confirmed (GETs by id %v)", single[svc4], single)
						}
						if single[svc1] < 1 {
							t.Errorf("svc-1 (to be updated) was never read directly at plan time: the guard must read live (GETs by id %v)", single)
						}
						total := 0
						for _, v := range single {
							total += v
						}
						if total < 2 || total > 3 {
							t.Errorf("plan made %d GETs of single services, want 3 (first read, svc-4 confirmed gone, svc-1 guard), or 2 when svc-4 is the first read (GETs by id %v)", total, single)
						}
						if got := c["GET core-entities/services/{id}"]; got != total {
							t.Errorf("mock counted %d single GETs, the request log %d", got, total)
						}
						all := 0
						for _, v := range c {
							all += v
						}
						if all > 6 {
							t.Errorf("a plan of %d services made %d API calls, want at most 6: %v", n, all, c)
						}
					}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("konnect_gateway_service.svc[2]", tfjsonpath.New("retries"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue("konnect_gateway_service.svc[1]", tfjsonpath.New("read_timeout"), knownvalue.Int64Exact(90000)),
				},
			},
			// svc-2's retries, changed in Konnect, would be deleted with it: the teardown
			// destroys under the overwrite policy.
			{Config: env.manyServicesConfigPolicy("overwrite", n, 90000), PlanOnly: true},
		},
	})
}
