package consumers_test

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// The centralized consumers family's rows in TestAccKinds (acc_kinds_test.go).

// realmDep is the realm the consumer and key rows live in.
func realmDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_realm\" \"kinds\" {\n  name = \"kinds\"\n}\n"
}

// consumerDep is the consumer the key row's keys belong to.
func consumerDep(f *acctest.KindFixture) string {
	return realmDep(f) + "\nresource \"konnect_centralized_consumer\" \"ann\" {\n  realm_id = konnect_realm.kinds.id\n  username = \"ann\"\n}\n"
}

// realmRow: a realm whose ttl moves; a negative_ttl someone sets in Konnect survives the
// update (a PATCH of what the plan changes); scenario 9 removes consumer_groups, which go
// back to none.
var realmRow = acctest.KindRow{
	Block:   "name = \"partners\"\n  ttl = %s",
	Update:  &acctest.KindUpdate{Attr: "ttl", Values: [2]any{15, 20}, UI: 30},
	Kept:    &acctest.KindKept{Field: "negative_ttl", UI: 45},
	Removal: &acctest.KindRemoval{Attr: "consumer_groups", HCL: `["gold"]`, UI: []any{"silver"}},
}

// consumerRow: a consumer of the realm whose custom_id moves; tags someone sets in Konnect
// survive the update; scenario 9 removes tags.
var consumerRow = acctest.KindRow{
	Deps:   realmDep,
	Block:  "realm_id = konnect_realm.kinds.id\n  username = \"bob\"\n  custom_id = %s",
	Update: &acctest.KindUpdate{Attr: "custom_id", Values: [2]any{"crm-1", "crm-2"}, UI: "crm-ui"},
}

// keyRow takes part in TestAccKinds without an update: Konnect has no update for a key, so
// nobody can edit one and every attribute replaces it. What applies: row 5 with a delete
// made in Konnect, a new secret that replaces the key (Konnect then holds the new one only),
// and import by <realm_id>/<consumer_id>/<id> (Konnect never shows the secret again).
var keyRow = acctest.KindRow{
	NoUpdate:  "Konnect has no update for a key: nobody can edit one, every attribute replaces it",
	NoRemoval: "every attribute replaces the key: removing tags plans a replace, not an update",
	Deps:      consumerDep,
	Block:     "realm_id = konnect_realm.kinds.id\n  consumer_id = konnect_centralized_consumer.ann.id\n  secret = %q",
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		config := func(secret string) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, secret)) }
		steps := []resource.TestStep{{Config: config("row-secret-1"), Check: f.Remember}}
		steps = append(steps, f.GoneBeforeSavedDestroy(config("row-secret-1"), f.Remember)...)
		return append(steps, []resource.TestStep{
			{
				// A new secret replaces the key: the consumer then has the new key only.
				Config: config("row-secret-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: func(s *terraform.State) error {
					if err := f.Remember(s); err != nil {
						return err
					}
					keys := f.Env.List(f.Path[:len(f.Path)-len("/"+s.RootModule().Resources[f.Address()].Primary.ID)])
					if len(keys) != 1 {
						return fmt.Errorf("after the replace the consumer has %d keys, want 1", len(keys))
					}
					if got, _ := f.Env.Mock.Consumers().Secret(s.RootModule().Resources[f.Address()].Primary.ID); got != "row-secret-2" {
						return fmt.Errorf("Konnect holds another secret (%d characters)", len(got))
					}
					return nil
				},
			},
			{
				Config:                  config("row-secret-2"),
				ResourceName:            f.Address(),
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"secret"}, // Konnect never shows it again
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					a := s.RootModule().Resources[f.Address()].Primary.Attributes
					return a["realm_id"] + "/" + a["consumer_id"] + "/" + a["id"], nil
				},
			},
		}...)
	},
}
