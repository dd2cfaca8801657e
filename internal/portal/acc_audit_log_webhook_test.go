package portal_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// An audit log webhook: enabled without a destination is refused when the plan is made,
// nothing written; enabled with a konnect_audit_log_destination of the configuration,
// Konnect holds it; its destination removed from configuration, Konnect holds none;
// destroyed, Konnect's defaults are back (disabled, no destination: its DELETE), and the
// portal stays. A destination Konnect does not have is refused by Konnect, naming it.
func TestAccPortalAuditLogWebhook(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	portalID := env.PortalID("audit")
	path := "/v3/portals/" + portalID + "/audit-log-webhook"
	config := func(body string) string {
		return env.ProviderBlock("") + acctest.AuditDestinationHCL("portal_logs") + fmt.Sprintf(`
resource "konnect_portal_audit_log_webhook" "this" {
  portal_id = %q
%s
}
`, portalID, body)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if w := env.Get(path); w["enabled"] != false || w["audit_log_destination_id"] != nil {
				t.Errorf("after destroy Konnect holds %v, want the defaults (disabled, no destination)", w)
			}
			if env.Get("/v3/portals/"+portalID) == nil {
				t.Error("the destroy of the webhook deleted the portal")
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config:      config("  enabled = true"),
				ExpectError: regexp.MustCompile(`(?s)Missing audit log destination.*with konnect_portal_audit_log_webhook\.this.*enabled.*set\s+audit_log_destination_id`),
			},
			{
				// A destination the organization does not have: Konnect's refusal names it.
				Config:      config("  audit_log_destination_id = \"0b7c1a54-2f0e-4f38-9a53-6bd1a1f7f0d1\""),
				ExpectError: regexp.MustCompile(`(?s)audit_log_destination_id.*audit log destination not found`),
			},
			{
				PreConfig: func() {
					if w := env.Get(path); w["enabled"] != false || w["audit_log_destination_id"] != nil {
						t.Errorf("a refused plan or write changed the webhook: %v", w)
					}
				},
				Config: config("  enabled = true\n  audit_log_destination_id = konnect_audit_log_destination.portal_logs.id"),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("konnect_portal_audit_log_webhook.this", "id", portalID),
					resource.TestCheckResourceAttrPair("konnect_portal_audit_log_webhook.this", "audit_log_destination_id",
						"konnect_audit_log_destination.portal_logs", "id"),
					func(s *terraform.State) error {
						dest := s.RootModule().Resources["konnect_audit_log_destination.portal_logs"].Primary.ID
						if w := env.Get(path); w["enabled"] != true || w["audit_log_destination_id"] != dest {
							t.Errorf("Konnect holds %v, want destination %s", w, dest)
						}
						return nil
					}),
			},
			{
				ResourceName:      "konnect_portal_audit_log_webhook.this",
				ImportState:       true,
				ImportStateId:     portalID,
				ImportStateVerify: true,
			},
			{
				// Disabled and its destination removed from configuration: the PATCH sends a
				// null destination, which Konnect takes and empties; the plan after is empty.
				Config: config("  enabled = false"),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckNoResourceAttr("konnect_portal_audit_log_webhook.this", "audit_log_destination_id"),
					func(*terraform.State) error {
						if w := env.Get(path); w["enabled"] != false || w["audit_log_destination_id"] != nil {
							t.Errorf("Konnect holds %v, want no destination", w)
						}
						return nil
					}),
			},
		},
	})
}
