package provider

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
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

// A SAML provider: Konnect derives its URLs from login_path, so a change of login_path plans
// them as known after apply, and the next plan is empty; the OIDC branch stays null.
func TestAccIdentityProviderSAML(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	config := func(loginPath, metadata string) string {
		return env.providerBlock("") + fmt.Sprintf(`
resource "konnect_identity_provider" "saml" {
  type       = "saml"
  login_path = %q
  config = {
    saml_identity_provider_config = {
      %s
    }
  }
}
`, loginPath, metadata)
	}
	const addr = "konnect_identity_provider.saml"
	byURL := `idp_metadata_url = "https://idp.example.com/saml/metadata"`
	byXML := `idp_metadata_xml = "<EntityDescriptor entityID=\"https://idp.example.com\"/>"`
	urls := func(loginPath string) resource.TestCheckFunc {
		p := "config.saml_identity_provider_config."
		return resource.ComposeAggregateTestCheckFunc(
			resource.TestCheckResourceAttr(addr, p+"login_url", "https://cloud.konghq.com/login/"+loginPath),
			resource.TestCheckResourceAttr(addr, p+"callback_url", "https://cloud.konghq.com/v2/authenticate/"+loginPath+"/saml/acs"),
			resource.TestCheckResourceAttr(addr, p+"sp_metadata_url", "https://cloud.konghq.com/v2/authenticate/"+loginPath+"/saml/metadata"),
			resource.TestCheckResourceAttrSet(addr, p+"sp_entity_id"),
			resource.TestCheckNoResourceAttr(addr, "config.oidc_identity_provider_config"),
		)
	}
	empty := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: []resource.TestStep{
		{Config: config("acme", byURL), Check: urls("acme")},
		{Config: config("acme", byURL), ConfigPlanChecks: empty},
		{
			Config: config("acme-2", byURL),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				plancheck.ExpectUnknownValue(addr, tfjsonpath.New("config").AtMapKey("saml_identity_provider_config").AtMapKey("login_url")),
			}},
			Check: urls("acme-2"),
		},
		{
			// The metadata as XML instead: Konnect drops the URL.
			Config: config("acme-2", byXML),
			Check: resource.ComposeAggregateTestCheckFunc(urls("acme-2"),
				resource.TestCheckNoResourceAttr(addr, "config.saml_identity_provider_config.idp_metadata_url")),
		},
		{Config: config("acme-2", byXML), ConfigPlanChecks: empty},
		{Config: config("acme-2", byXML), ResourceName: addr, ImportState: true, ImportStateVerify: true},
		{
			// The type is fixed in Konnect: changing it replaces the provider.
			Config: env.providerBlock("") + `
resource "konnect_identity_provider" "saml" {
  type       = "oidc"
  login_path = "acme-2"
  config = {
    oidc_identity_provider_config = {
      issuer_url = "https://idp.example.com"
      client_id  = "konnect"
    }
  }
}
`,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
			}},
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr(addr, "config.oidc_identity_provider_config.scopes.#", "3"),
				resource.TestCheckResourceAttr(addr, "config.oidc_identity_provider_config.claim_mappings.groups", "groups"),
				resource.TestCheckNoResourceAttr(addr, "config.saml_identity_provider_config"),
			),
		},
	}})
}
