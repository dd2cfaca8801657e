package gateway_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
)

// controlPlaneMembershipRow takes part in TestAccKinds (acc_kinds_test.go) with its own steps:
// the shared block puts every object in the fixture's control plane, which is not a group. The
// steps run rows 1, 3 (fail and warn) and 5 on the group's member set, with members added in
// Konnect as the remote edit.
var controlPlaneMembershipRow = acctest.KindRow{
	NoUpdate:  "a membership needs a control plane group, not the fixture's control plane: the row's steps run rows 1, 3 and 5 on the member set",
	NoRemoval: "members is the only attribute besides the group, and required",
	Steps:     membershipSteps,
}

// membershipConfig is a group, three hybrid control planes, and the group's membership of
// the named ones.
func membershipConfig(f *acctest.KindFixture, policy string, members ...string) string {
	cfg := f.Env.ProviderBlock(policy) +
		"\nresource \"konnect_gateway_control_plane\" \"group\" {\n  name = \"group\"\n  cluster_type = \"CLUSTER_TYPE_CONTROL_PLANE_GROUP\"\n}\n"
	for _, m := range []string{"a", "b", "c"} {
		cfg += fmt.Sprintf("\nresource \"konnect_gateway_control_plane\" %q {\n  name = \"member-%s\"\n  cluster_type = \"CLUSTER_TYPE_HYBRID\"\n}\n", m, m)
	}
	var refs []string
	for _, m := range members {
		refs = append(refs, fmt.Sprintf("{ id = konnect_gateway_control_plane.%s.id }", m))
	}
	// depends_on: a destroy that the guard refuses must not delete the other control planes
	// (which would take them out of the group) either.
	return cfg + fmt.Sprintf("\nresource %q \"this\" {\n  control_plane_id = konnect_gateway_control_plane.group.id\n  members = [%s]\n"+
		"  depends_on = [konnect_gateway_control_plane.a, konnect_gateway_control_plane.b, konnect_gateway_control_plane.c]\n}\n",
		gateway.ControlPlaneMembershipKind.TypeName, strings.Join(refs, ", "))
}

func membershipSteps(f *acctest.KindFixture) []resource.TestStep {
	ids := map[string]string{}
	var group string
	created := func(s *terraform.State) error {
		group = s.RootModule().Resources["konnect_gateway_control_plane.group"].Primary.ID
		for _, m := range []string{"a", "b", "c"} {
			ids[m] = s.RootModule().Resources["konnect_gateway_control_plane."+m].Primary.ID
		}
		return f.Remember(s)
	}
	holds := func(what string, want ...string) {
		f.T.Helper()
		obj, _, err := gateway.MembershipAPI{}.Get(context.Background(), f.Env.Client, engine.Address{ID: group})
		if err != nil {
			f.T.Fatalf("%s: %v", what, err)
		}
		var got []string
		for _, id := range gateway.MemberIDs(obj["members"]) {
			for name, x := range ids {
				if x == id {
					got = append(got, name)
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			f.T.Errorf("%s: the group's members in Konnect are %v, want %v", what, got, want)
		}
	}
	add := func(m string) plancheck.PlanCheck {
		return acctest.OutOfBand(func() {
			body := map[string]any{"members": []any{map[string]any{"id": ids[m]}}}
			if _, err := f.Env.Client.Do(context.Background(), http.MethodPost, gateway.MembershipPath(group, "add"), nil, body, nil); err != nil {
				f.T.Fatalf("out-of-band add of %s: %v", m, err)
			}
		})
	}
	typeName := gateway.ControlPlaneMembershipKind.TypeName
	action := func(a plancheck.ResourceActionType) plancheck.PlanCheck {
		return plancheck.ExpectResourceAction(f.Address(), a)
	}
	return []resource.TestStep{
		{
			Config: membershipConfig(f, "", "a"),
			Check: func(s *terraform.State) error {
				err := created(s)
				holds("after create", "a")
				return err
			},
		},
		{
			// Row 1: a saved plan adds b; someone adds c in Konnect first.
			Config:           membershipConfig(f, "", "a", "b"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionUpdate), add("c")}},
			ExpectError:      acctest.KindStaleDiag(typeName, "update"),
		},
		{
			// Row 3, policy fail: configuration would remove the member added in Konnect.
			PreConfig:   func() { holds("after the refused apply", "a", "c") },
			Config:      membershipConfig(f, "fail", "a"),
			ExpectError: acctest.KindConflictDiag(typeName, "members"),
		},
		{
			// Row 3, policy warn: it applies, says so, and Konnect holds the configured set.
			PreConfig: func() {
				holds("after the refused plan", "a", "c")
				f.Rec.Reset()
			},
			Config:           membershipConfig(f, "warn", "a"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionUpdate)}},
			Check: func(*terraform.State) error {
				holds("policy warn", "a")
				return f.Rec.WantWarning("This plan overwrites changes made in Konnect", typeName, "members ")
			},
		},
		{
			// Row 5: a saved destroy plan; someone adds b first.
			Config:           membershipConfig(f, "", "a"),
			Destroy:          true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionDestroy), add("b")}},
			ExpectError:      acctest.KindStaleDiag(typeName, "delete"),
		},
		{
			// The refused destroy removed nothing; overwrite takes the set back, and the
			// teardown removes every member.
			PreConfig:        func() { holds("after the refused destroy", "a", "b") },
			Config:           membershipConfig(f, "overwrite", "a"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionUpdate)}},
			Check: func(*terraform.State) error {
				holds("policy overwrite", "a")
				return nil
			},
		},
	}
}
