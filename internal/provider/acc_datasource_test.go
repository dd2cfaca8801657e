package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Data sources read what Konnect holds: by id, by name, and lists across every page.
func TestAccDataSources(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	config := env.providerBlock("") + `
resource "konnect_gateway_control_plane" "cps" {
  count  = 12
  name   = "ds-${count.index}"
  labels = { env = count.index % 2 == 0 ? "prod" : "dev" }
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cps[0].id
  name             = "orders"
  host             = "orders.internal"
}

data "konnect_gateway_control_plane" "by_name" {
  name       = "ds-3"
  depends_on = [konnect_gateway_control_plane.cps]
}

data "konnect_gateway_control_plane" "by_id" {
  id = konnect_gateway_control_plane.cps[4].id
}

data "konnect_gateway_control_plane_list" "prod" {
  labels     = { env = "prod" }
  depends_on = [konnect_gateway_control_plane.cps]
}

data "konnect_gateway_service" "by_name" {
  control_plane_id = konnect_gateway_control_plane.cps[0].id
  name             = "orders"
  depends_on       = [konnect_gateway_service.orders]
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.CompareValuePairs("data.konnect_gateway_control_plane.by_name", tfjsonpath.New("id"),
						"konnect_gateway_control_plane.cps[3]", tfjsonpath.New("id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.by_id", tfjsonpath.New("name"), knownvalue.StringExact("ds-4")),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane_list.prod", tfjsonpath.New("control_planes"), knownvalue.ListSizeExact(6)),
					statecheck.CompareValuePairs("data.konnect_gateway_service.by_name", tfjsonpath.New("id"),
						"konnect_gateway_service.orders", tfjsonpath.New("id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue("data.konnect_gateway_service.by_name", tfjsonpath.New("retries"), knownvalue.Int64Exact(5)),
				},
			},
			{
				Config: config + `
data "konnect_gateway_service" "missing" {
  control_plane_id = konnect_gateway_control_plane.cps[0].id
  name             = "no-such-service"
}
`,
				ExpectError: regexp.MustCompile(`No konnect_gateway_service with name no-such-service exists in Konnect`),
			},
		},
	})
}
