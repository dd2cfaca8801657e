package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// auditDestinations are ids of the organization's audit log destinations (the mock takes any
// UUID).
var auditDestinations = [3]string{"9cb77dc2-ff99-4d47-84ab-7c5c1b3ef939", "2f0c3c55-6f3a-4d8e-9c1b-0f8b1f7a9d21", "6a1e4b8e-3d2c-4f5a-8b7c-1d2e3f4a5b6c"}

// auditLogWebhookRow: a portal's audit log webhook (one per portal, its id the portal's),
// moving to another destination; scenario 9 removes enabled, which goes back to false.
var auditLogWebhookRow = kindRow{kept: &kindKept{"enabled", true},
	deps:    portalDep,
	block:   "portal_id = konnect_portal.dev.id\n  audit_log_destination_id = %s",
	update:  &kindUpdate{attr: "audit_log_destination_id", values: [2]any{auditDestinations[0], auditDestinations[1]}, ui: auditDestinations[2]},
	removal: &kindRemoval{attr: "enabled", hcl: "true", ui: true}}

// An audit log webhook: enabled without a destination is refused when the plan is made,
// nothing written; enabled with one, Konnect holds it; destroyed, Konnect's defaults are back
// (disabled, no destination: its DELETE), and the portal stays.
func TestAccPortalAuditLogWebhook(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	portalID := env.portalID("audit")
	path := "/v3/portals/" + portalID + "/audit-log-webhook"
	config := func(body string) string {
		return env.providerBlock("") + fmt.Sprintf(`
resource "konnect_portal_audit_log_webhook" "this" {
  portal_id = %q
%s
}
`, portalID, body)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if w := env.get(path); w["enabled"] != false || w["audit_log_destination_id"] != nil {
				t.Errorf("after destroy Konnect holds %v, want the defaults (disabled, no destination)", w)
			}
			if env.get("/v3/portals/"+portalID) == nil {
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
				PreConfig: func() {
					if w := env.get(path); w["enabled"] != false {
						t.Errorf("a refused plan wrote: %v", w)
					}
				},
				Config: config(fmt.Sprintf("  enabled = true\n  audit_log_destination_id = %q", auditDestinations[0])),
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("konnect_portal_audit_log_webhook.this", "id", portalID),
					func(*terraform.State) error {
						if w := env.get(path); w["enabled"] != true || w["audit_log_destination_id"] != auditDestinations[0] {
							t.Errorf("Konnect holds %v", w)
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
		},
	})
}
