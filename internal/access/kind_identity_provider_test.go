package access_test

import (
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// The single sign-on rows in TestAccKinds (acc_kinds_test.go): the identity provider and the
// mappings of its groups to teams.

// identityProviderRow: an OIDC provider, changing its login path; scenario 9 stops enabling it.
var identityProviderRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "enabled", UI: true},
	Block:   acctest.IdentityProviderBlock,
	Update:  &acctest.KindUpdate{Attr: "login_path", Values: [2]any{"sso-1", "sso-2"}, UI: "sso-ui"},
	Removal: &acctest.KindRemoval{Attr: "enabled", HCL: "true", UI: true}}

func identityProviderDep(f *acctest.KindFixture) string {
	return teamDep(f) + "\nresource \"konnect_identity_provider\" \"sso\" {\n  " + fmt.Sprintf(acctest.IdentityProviderBlock, `"sso"`) + "\n}\n"
}

// identityProviderTeamGroupMappingRow: Konnect creates and deletes a mapping, never changes
// one. The row maps a group, then runs rows 5 and 1 as the role grants do (roleSteps), and
// imports the mapping by Kong's JSON id.
var identityProviderTeamGroupMappingRow = acctest.KindRow{
	NoUpdate:  "a mapping is created and deleted, never changed: every attribute replaces it",
	NoRemoval: "a mapping has no optional attribute",
	Deps:      identityProviderDep,
	Block:     "identity_provider_id = konnect_identity_provider.sso.id\n  team_id = konnect_team.platform.id\n  group = %s",
	Steps:     mappingSteps,
}

func mappingSteps(f *acctest.KindFixture) []resource.TestStep {
	config := func(group string) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, fmt.Sprintf("%q", group))) }
	steps := []resource.TestStep{{Config: config("Tech Leads"), Check: f.Remember}}
	steps = append(steps, f.GoneBeforeSavedDestroy(config("Tech Leads"), f.Remember)...)
	return append(steps, []resource.TestStep{
		{
			// Removed in Konnect: the refresh reports it and the plan maps the group again.
			PreConfig: func() { f.Rec.Reset(); f.Env.Remove(f.Path) },
			Config:    config("Tech Leads"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.Remember(s); err != nil {
					return err
				}
				if got := f.Env.Get(f.Path); got == nil || got["group"] != "Tech Leads" {
					f.T.Errorf("after mapping again: Konnect holds %v", got)
				}
				return f.Rec.WantWarning("Konnect object deleted outside Terraform", f.Kind.TypeName)
			},
		},
		{
			// Kong's import id: {"id": …, "identity_provider_id": …}.
			Config:            config("Tech Leads"),
			ResourceName:      f.Address(),
			ImportState:       true,
			ImportStateVerify: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				a := s.RootModule().Resources[f.Address()].Primary.Attributes
				b, err := json.Marshal(map[string]string{"id": a["id"], "identity_provider_id": a["identity_provider_id"]})
				return string(b), err
			},
		},
		{
			// Row 1 for a replace: a saved plan maps another group, and someone deletes the
			// mapping first. The apply does not create a mapping over that change.
			Config: config("Platform Admins"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionReplace),
				acctest.OutOfBand(func() { f.Env.Remove(f.Path) }),
			}},
			Check: func(*terraform.State) error {
				return f.Rec.WantWarning("Konnect object already deleted", f.Kind.TypeName)
			},
		},
	}...)
}
