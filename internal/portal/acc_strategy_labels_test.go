package portal_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// An application auth strategy's labels: Konnect merges the labels of a PATCH key by key, so a
// label removed from configuration is sent as null and leaves Konnect; the labels kept are
// not touched, and removing every label empties them. Each step plans nothing afterwards.
func TestAccStrategyLabelRemoved(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(labels string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_application_auth_strategy" "keys" {
  key_auth = {
    name         = "keys"
    display_name = "Keys"
    labels       = %s
    configs      = { key_auth = { key_names = ["apikey"] } }
  }
}
`, labels)
	}
	holds := func(want map[string]string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			id := s.RootModule().Resources["konnect_application_auth_strategy.keys"].Primary.ID
			got, _ := env.Get("/v2/application-auth-strategies/" + id)["labels"].(map[string]any)
			if len(got) != len(want) {
				return fmt.Errorf("Konnect holds labels %v, want %v", got, want)
			}
			for k, v := range want {
				if got[k] != v {
					return fmt.Errorf("Konnect holds labels %v, want %v", got, want)
				}
			}
			return nil
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(`{ team = "shop", env = "prod" }`), Check: holds(map[string]string{"team": "shop", "env": "prod"})},
			{Config: config(`{ team = "shop" }`), Check: holds(map[string]string{"team": "shop"})},
			{Config: config(`{}`), Check: holds(map[string]string{})},
		},
	})
}
