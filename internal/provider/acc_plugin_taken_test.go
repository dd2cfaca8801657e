package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 33, part 4: Konnect holds one plugin of a name per scope. A plugin someone made in
// Konnect on the same service is no dead end ("name (type: unique) constraint failed"): the
// creation guard names it, its scope and its import block; nothing is written, and the
// import block it gives adopts it.
func TestAccPluginTakenInScope(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	base := env.providerBlock("") + `
resource "konnect_gateway_control_plane" "cp" {
  name = "taken"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}
`
	withPlugin := base + `
resource "konnect_gateway_plugin" "rl" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  service          = { id = konnect_gateway_service.orders.id }
  name             = "rate-limiting"
  config           = jsonencode({ minute = 5, policy = "local" })
}
`
	var cpID, serviceID, theirs string
	remember := func(s *terraform.State) error {
		svc := s.RootModule().Resources["konnect_gateway_service.orders"].Primary
		cpID, serviceID = svc.Attributes["control_plane_id"], svc.ID
		return nil
	}
	plugins := func() []konnect.Object {
		var out []konnect.Object
		for _, p := range env.list(konnect.CoreEntitiesPath(cpID, "plugins")) {
			if p["name"] == "rate-limiting" {
				out = append(out, p)
			}
		}
		return out
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: base, Check: remember},
			{
				PreConfig: func() {
					made := env.postObj(konnect.CoreEntitiesPath(cpID, "plugins"), konnect.Object{
						"name": "rate-limiting", "service": map[string]any{"id": serviceID}, "config": map[string]any{"minute": 5, "policy": "local"}})
					theirs, _ = made["id"].(string)
				},
				Config: withPlugin,
				ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*konnect_gateway_plugin with name\s+"rate-limiting"\s+on\s+service\s+` +
					uuidPattern + `\s+already\s+exists\s+in\s+Konnect:\s+id\s+` + uuidPattern + `.*import \{\s+to = konnect_gateway_plugin\.<name>\s+id = "` +
					uuidPattern + `/` + uuidPattern + `"\s+\}.*one plugin of a name per scope`),
			},
			{
				// Nothing was written: Konnect holds their plugin alone. Its import id, as the
				// diagnostic gave it, adopts it.
				PreConfig: func() {
					if got := plugins(); len(got) != 1 || got[0]["id"] != theirs {
						t.Fatalf("Konnect holds %v after the refused create, want their plugin %s alone", got, theirs)
					}
				},
				Config: withPlugin, ResourceName: "konnect_gateway_plugin.rl", ImportState: true, ImportStatePersist: true,
				ImportStateIdFunc: func(*terraform.State) (string, error) { return fmt.Sprintf("%s/%s", cpID, theirs), nil },
			},
			{
				// Adopted: nothing to change. Applied, not plan-only: measured, a destroy without
				// refresh (the test's teardown) right after the import is refused by the
				// service's cascade check, which names the imported plugin as made outside
				// this configuration; after this apply it goes through.
				Config:           withPlugin,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
