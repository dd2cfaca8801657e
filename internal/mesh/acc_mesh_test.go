package mesh_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A mesh control plane's features are set when it is created: a change of them plans a
// replace, and while a zone of the old control plane is online the replace's delete waits
// until Konnect takes it (the mock refuses three deletes), then Konnect holds the new one
// alone, with the new features. A destroy of a control plane whose zone is online waits too.
func TestAccMeshControlPlaneFeaturesAndZones(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(feature string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_mesh_control_plane" "prod" {
  name     = "prod-mesh"
  features = [{ type = %q }]
}
`, feature)
	}
	var first string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if got := env.List("/v1/mesh/control-planes"); len(got) != 0 {
				t.Errorf("after destroy Konnect holds %d mesh control planes", len(got))
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: config("MeshCreation"),
				Check: func(s *terraform.State) error {
					first = s.RootModule().Resources["konnect_mesh_control_plane.prod"].Primary.ID
					env.Mock.Mesh().ZoneOnline(first, "zone-eu", 3)
					return nil
				},
			},
			{
				Config: config("HostnameGeneratorCreation"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_mesh_control_plane.prod", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: func(s *terraform.State) error {
					id := s.RootModule().Resources["konnect_mesh_control_plane.prod"].Primary.ID
					all := env.List("/v1/mesh/control-planes")
					if id == first || len(all) != 1 || all[0]["id"] != id {
						t.Errorf("after the replace Konnect holds %v (the first was %s)", all, first)
					}
					if f := fmt.Sprint(all[0]["features"]); !regexp.MustCompile(`type:HostnameGeneratorCreation`).MatchString(f) {
						t.Errorf("the new control plane's features: %s", f)
					}
					env.Mock.Mesh().ZoneOnline(id, "zone-us", 2)
					return nil
				},
			},
		},
	})
}
