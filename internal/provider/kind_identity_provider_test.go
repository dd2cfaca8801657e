package provider

import (
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// The single sign-on rows in TestAccKinds (acc_kinds_test.go): the identity provider and the
// mappings of its groups to teams.

// identityProviderBlock is an OIDC provider; %s is its login_path.
const identityProviderBlock = "type = \"oidc\"\n  login_path = %s\n" +
	"  config = {\n    oidc_identity_provider_config = {\n      issuer_url = \"https://idp.example.com\"\n      client_id = \"konnect\"\n      client_secret = \"row-client-secret\"\n    }\n  }"

// identityProviderRow: an OIDC provider, changing its login path; scenario 9 stops enabling it.
var identityProviderRow = kindRow{block: identityProviderBlock,
	update:  &kindUpdate{attr: "login_path", values: [2]any{"sso-1", "sso-2"}, ui: "sso-ui"},
	removal: &kindRemoval{attr: "enabled", hcl: "true", ui: true}}

func identityProviderDep(f *kindFixture) string {
	return teamDep(f) + "\nresource \"konnect_identity_provider\" \"sso\" {\n  " + fmt.Sprintf(identityProviderBlock, `"sso"`) + "\n}\n"
}

// identityProviderTeamGroupMappingRow: Konnect creates and deletes a mapping, never changes
// one. The row maps a group, then runs rows 5 and 1 as the role grants do (roleSteps), and
// imports the mapping by Kong's JSON id.
var identityProviderTeamGroupMappingRow = kindRow{
	noUpdate:  "a mapping is created and deleted, never changed: every attribute replaces it",
	noRemoval: "a mapping has no optional attribute",
	deps:      identityProviderDep,
	block:     "identity_provider_id = konnect_identity_provider.sso.id\n  team_id = konnect_team.platform.id\n  group = %s",
	steps:     mappingSteps,
}

func mappingSteps(f *kindFixture) []resource.TestStep {
	config := func(group string) string { return f.withBlock("", fmt.Sprintf(f.row.block, fmt.Sprintf("%q", group))) }
	steps := []resource.TestStep{{Config: config("Tech Leads"), Check: f.remember}}
	steps = append(steps, f.goneBeforeSavedDestroy(config("Tech Leads"), f.remember)...)
	return append(steps, []resource.TestStep{
		{
			// Removed in Konnect: the refresh reports it and the plan maps the group again.
			PreConfig: func() { f.rec.reset(); f.env.remove(f.path) },
			Config:    config("Tech Leads"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.remember(s); err != nil {
					return err
				}
				if got := f.env.get(f.path); got == nil || got["group"] != "Tech Leads" {
					f.t.Errorf("after mapping again: Konnect holds %v", got)
				}
				return f.rec.wantWarning("Konnect object deleted outside Terraform", f.kind.TypeName)
			},
		},
		{
			// Kong's import id: {"id": …, "identity_provider_id": …}.
			Config:            config("Tech Leads"),
			ResourceName:      f.address(),
			ImportState:       true,
			ImportStateVerify: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				a := s.RootModule().Resources[f.address()].Primary.Attributes
				b, err := json.Marshal(map[string]string{"id": a["id"], "identity_provider_id": a["identity_provider_id"]})
				return string(b), err
			},
		},
		{
			// Row 1 for a replace: a saved plan maps another group, and someone deletes the
			// mapping first. The apply does not create a mapping over that change.
			Config: config("Platform Admins"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionReplace),
				outOfBand(func() { f.env.remove(f.path) }),
			}},
			Check: func(*terraform.State) error {
				return f.rec.wantWarning("Konnect object already deleted", f.kind.TypeName)
			},
		},
	}...)
}
