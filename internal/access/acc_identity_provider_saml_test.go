package access_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A SAML provider: Konnect derives its URLs from login_path, so a change of login_path plans
// them as known after apply, and the next plan is empty; the OIDC branch stays null.
func TestAccIdentityProviderSAML(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(loginPath, metadata string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
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
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: []resource.TestStep{
		{Config: config("acme", byURL), Check: urls("acme")},
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
		{Config: config("acme-2", byXML), ResourceName: addr, ImportState: true, ImportStateVerify: true},
		{
			// The type is fixed in Konnect: changing it replaces the provider.
			Config: env.ProviderBlock("") + `
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
