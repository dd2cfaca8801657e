package organization_test

import (
	"net/http"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// What Konnect or the plan refuses in this family, each with nothing written: the
// organization's webhook enabled without a destination (at plan, on enabled); a CMEK when
// the organization has one already, and a destination whose name another has (each with
// the import block that adopts it, Konnect keeping its own); the delete of a destination a
// portal's webhook uses outside this configuration (Konnect's 409, naming the portal; the
// destination stays, and goes once the portal no longer uses it).
func TestAccOrganizationRefusals(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	provider := env.ProviderBlock("")
	call := func(method, path string, body konnect.Object) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := env.Client.Do(t.Context(), method, path, nil, body, &out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		return out
	}
	theirKey := "arn:aws:kms:us-east-1:123456789012:key/mrk-theirs"
	portalID := env.PortalID("refusals")
	hookPath := "/v3/portals/" + portalID + "/audit-log-webhook"
	var destID string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if got := env.List("/v3/audit-log-destinations"); len(got) != 1 || got[0]["name"] != "theirs" {
				t.Errorf("after destroy Konnect holds the destinations %v, want theirs alone", got)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: provider + `
resource "konnect_audit_log" "this" {
  enabled = true
}
`,
				ExpectError: regexp.MustCompile(`(?s)Missing audit log destination.*with konnect_audit_log\.this.*enabled.*set\s+audit_log_destination_id`),
			},
			{
				PreConfig: func() {
					if w := env.Get("/v3/audit-log-webhook"); w["enabled"] != false {
						t.Errorf("a refused plan wrote: %v", w)
					}
					call(http.MethodPut, "/v1/cmeks/default", konnect.Object{"name": "theirs", "key_arn": theirKey})
					call(http.MethodPost, "/v3/audit-log-destinations", konnect.Object{"name": "theirs", "endpoint": "https://theirs.example.com",
						"authorization": "Bearer theirs", "log_format": "cef"})
				},
				Config: provider + `
resource "konnect_cmek" "this" {
  name    = "ours"
  key_arn = "arn:aws:kms:us-east-1:123456789012:key/mrk-ours"
}
`,
				ExpectError: regexp.MustCompile(`(?s)konnect_cmek with id default already exists\s+in\s+Konnect.*import \{\s+to = konnect_cmek.<name>\s+id = "default"`),
			},
			{
				Config: provider + acctest.AuditDestinationHCL("theirs"),
				ExpectError: regexp.MustCompile(`(?s)konnect_audit_log_destination with name "theirs" already exists in Konnect:\s+id [0-9a-f-]{36}.*` +
					`import \{\s+to = konnect_audit_log_destination.<name>\s+id = "[0-9a-f-]{36}"`),
			},
			{
				PreConfig: func() {
					if k := env.Get("/v1/cmeks/default"); k["key_arn"] != theirKey {
						t.Errorf("the refused create changed Konnect's CMEK: %v", k)
					}
				},
				Config: provider + acctest.AuditDestinationHCL("ours"),
				Check: func(s *terraform.State) error {
					destID = s.RootModule().Resources["konnect_audit_log_destination.ours"].Primary.ID
					return nil
				},
			},
			{
				// A portal's webhook, outside this configuration, sends to it.
				PreConfig: func() {
					call(http.MethodPatch, hookPath, konnect.Object{"enabled": true, "audit_log_destination_id": destID})
				},
				Config:      provider,
				ExpectError: regexp.MustCompile(`(?s)Could not delete konnect_audit_log_destination.*used\s+by\s+the\s+audit\s+log\s+webhook\s+of\s+portal\s+` + portalID),
			},
			{
				PreConfig: func() {
					if env.Get("/v3/audit-log-destinations/"+destID) == nil {
						t.Error("the refused delete removed the destination")
					}
					call(http.MethodPatch, hookPath, konnect.Object{"enabled": false, "audit_log_destination_id": nil})
				},
				Config: provider,
				Check: func(*terraform.State) error {
					env.WantGone("the destination no webhook uses", "/v3/audit-log-destinations/"+destID)
					return nil
				},
			},
		},
	})
}
