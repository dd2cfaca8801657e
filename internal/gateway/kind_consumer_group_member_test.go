package gateway_test

import (
	"fmt"
	"path"
	"regexp"
	"slices"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// consumerGroupMemberRow takes part in TestAccKinds (acc_kinds_test.go) without an update: a
// membership has no field of its own, so nobody can edit it in Konnect (rows 1 and 3 as written do
// not apply), and every attribute replaces it. What Konnect allows is adding and removing members,
// so the row runs rows 1 and 5 with those.
var consumerGroupMemberRow = acctest.KindRow{
	NoUpdate:  "Konnect can only add and remove a membership: it has no field to edit, and every attribute replaces it",
	NoRemoval: "a membership has no optional attribute: nothing to remove from configuration",
	Deps:      memberDeps,
	Block:     "consumer_group_id = konnect_gateway_consumer_group.gold.id\n  consumer_id = konnect_gateway_consumer.%s.id",
	Steps:     memberSteps,
}

func memberDeps(*acctest.KindFixture) string {
	s := "\nresource \"konnect_gateway_consumer_group\" \"gold\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"gold\"\n}\n"
	for _, c := range []string{"alice", "bob"} {
		s += fmt.Sprintf("\nresource \"konnect_gateway_consumer\" %q {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  username = %q\n}\n", c, c)
	}
	return s
}

func memberSteps(f *acctest.KindFixture) []resource.TestStep {
	ids := map[string]string{}
	config := func(member string) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, member)) }
	members := func() string { return path.Dir(f.Path) }
	wantMembers := func(what string, want ...string) {
		f.T.Helper()
		var got []string
		for _, c := range f.Env.List(members()) {
			for name, id := range ids {
				if c["id"] == id {
					got = append(got, name)
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			f.T.Errorf("%s: Konnect has members %v, want %v", what, got, want)
		}
	}
	created := func(s *terraform.State) error {
		for _, c := range []string{"alice", "bob"} {
			ids[c] = s.RootModule().Resources["konnect_gateway_consumer."+c].Primary.ID
		}
		return f.Remember(s)
	}
	steps := []resource.TestStep{
		{Config: config("alice"), Check: created},
	}
	steps = append(steps, f.GoneBeforeSavedDestroy(config("alice"), created)...)
	return append(steps, []resource.TestStep{
		{
			// Row 1: a saved plan moves the membership to bob, and someone adds bob in
			// Konnect first. The apply refuses to take over that membership and says how.
			Config: config("bob"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionReplace),
				acctest.OutOfBand(func() { f.Env.Create(members(), konnect.Object{"consumer": ids["bob"]}) }),
			}},
			ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*` +
				`konnect_gateway_consumer_group_member\s+with\s+consumer_id\s+"[0-9a-f-]{36}"\s+already\s+exists.*` +
				`import \{\s+to = konnect_gateway_consumer_group_member.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}"`),
		},
		{
			// Konnect holds the membership someone made, once; adopt it as the error says.
			PreConfig:          func() { wantMembers("after the refused apply", "bob") },
			Config:             config("bob"),
			ResourceName:       f.Address(),
			ImportState:        true,
			ImportStatePersist: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				group := s.RootModule().Resources["konnect_gateway_consumer_group.gold"].Primary
				return group.Attributes["control_plane_id"] + "/" + group.ID + "/" + ids["bob"], nil
			},
		},
		{
			Config:           config("bob"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			ConfigStateChecks: []statecheck.StateCheck{
				// A membership's id is its consumer's.
				statecheck.CompareValuePairs(f.Address(), tfjsonpath.New("id"), "konnect_gateway_consumer.bob", tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.CompareValuePairs(f.Address(), tfjsonpath.New("consumer_id"), "konnect_gateway_consumer.bob", tfjsonpath.New("id"), compare.ValuesSame()),
			},
			Check: func(*terraform.State) error {
				wantMembers("after adopting", "bob")
				return nil
			},
		},
		{
			// Another consumer replaces the membership.
			Config: config("alice"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionReplace),
			}},
			Check: func(s *terraform.State) error {
				wantMembers("after the replace", "alice")
				return f.Remember(s)
			},
		},
	}...)
}
