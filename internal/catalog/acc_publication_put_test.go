package catalog_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// An API published to a portal with an auth strategy (issue 32, parts 1 and 3):
//   - changing the publication's visibility writes the whole publication (a PUT replaces
//     it): Konnect keeps the auth strategy, and auto_approve_registrations that someone acctest.Set
//     in Konnect and configuration never mentions; the next plan is empty;
//   - a plain destroy, nobody else writing, succeeds: deleting the publication flips the
//     strategy's computed `active`, which is Konnect's derivation, not someone's change.
func TestAccPublicationPutKeepsSettings(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(visibility string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_application_auth_strategy" "keys" {
  key_auth = {
    name         = "keys"
    display_name = "Keys"
    configs      = { key_auth = { key_names = ["apikey"] } }
  }
}

resource "konnect_portal" "dev" {
  name = "dev"
}

resource "konnect_api" "orders" {
  name    = "orders"
  version = "v1"
}

resource "konnect_api_publication" "p" {
  api_id            = konnect_api.orders.id
  portal_id         = konnect_portal.dev.id
  auth_strategy_ids = [konnect_application_auth_strategy.keys.id]
  visibility        = %q
}
`, visibility)
	}
	var pubPath, strategyID string
	remember := func(s *terraform.State) error {
		pub := s.RootModule().Resources["konnect_api_publication.p"].Primary.Attributes
		pubPath = "/v3/apis/" + pub["api_id"] + "/publications/" + pub["portal_id"]
		strategyID = s.RootModule().Resources["konnect_application_auth_strategy.keys"].Primary.ID
		if got := env.Get("/v2/application-auth-strategies/" + strategyID)["active"]; got != true {
			t.Errorf("the strategy a publication uses: Konnect says active = %v, want true", got)
		}
		return nil
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if pubs := env.List("/v3/api-publications"); len(pubs) != 0 {
				t.Errorf("publications left in Konnect after destroy: %v", pubs)
			}
			if s := env.List("/v2/application-auth-strategies"); len(s) != 0 {
				t.Errorf("strategies left in Konnect after destroy: %v", s)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{Config: config("private"), Check: remember},
			{
				PreConfig: func() { env.Edit(pubPath, acctest.Set("auto_approve_registrations", true)) },
				Config:    config("public"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_api_publication.p", plancheck.ResourceActionUpdate),
				}},
				Check: func(*terraform.State) error {
					pub := env.Get(pubPath)
					if got := fmt.Sprint(pub["auth_strategy_ids"]); got != "["+strategyID+"]" {
						t.Errorf("after changing visibility, Konnect holds auth_strategy_ids = %s, want [%s]", got, strategyID)
					}
					if pub["auto_approve_registrations"] != true {
						t.Errorf("after changing visibility, Konnect lost auto_approve_registrations acctest.Set by someone else: %v", pub)
					}
					if pub["visibility"] != "public" {
						t.Errorf("Konnect holds visibility = %v, want public", pub["visibility"])
					}
					return nil
				},
			},
			{Config: config("public"), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}
