package provider

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The guard scenarios for control planes that need a test case of their own: Konnect
// PATCHes them, with If-Match under ETags, and their updated_at is RFC 3339. The others
// (saved plans, conflicts and policies, adoption, deleted since the plan, the creation guard,
// labels) are control_plane's row of TestAccKinds (internal/gateway).

func (e *konnectEnv) cpConfig(policy, name, description string) string {
	return e.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name        = %q
  description = %q
  labels      = { team = "platform" }
}
`, name, description)
}

var cpStaleDiag = regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*konnect_gateway_control_plane \(id [0-9a-f-]{36}\).*revision at plan:\s+sha256:[0-9a-f]{64}\s+\(updated_at \d{4}-\d\d-\d\dT[0-9:]+Z\).*revision now:\s+sha256:[0-9a-f]{64}\s+\(updated_at \d{4}-\d\d-\d\dT[0-9:]+Z\).*Nothing was written`)

// Scenario 7: a -refresh=false plan against a control plane changed in Konnect (a field
// configuration never sets) is caught by Guard 1. Scenario 8: with ETags on, a PATCH racing
// an out-of-band write gets 412 and is reported as a stale plan; Konnect keeps the other
// write. One test case: every plan is -refresh=false, so refresh steps bring state to Konnect.
func TestAccControlPlaneNoRefreshPlanAndETagRace(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{ETags: true})
	race := &raceOnce{
		next:  env.mock,
		match: func(r *http.Request) bool { return r.Method == http.MethodPatch && r.Header.Get("If-Match") != "" },
	}
	srv := httptest.NewServer(race)
	t.Cleanup(srv.Close)
	env.URL = srv.URL
	race.edit = func() {
		req := httptest.NewRequest(http.MethodPatch, "/v2/control-planes/"+env.cpID("cp78"), bytes.NewReader([]byte(`{"description":"racing UI edit"}`)))
		req.Header.Set("Authorization", "Bearer "+testToken)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		env.mock.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b, _ := io.ReadAll(rec.Body)
			t.Errorf("racing edit: %d %s", rec.Code, b)
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		AdditionalCLIOptions:     &resource.AdditionalCLIOptions{Plan: resource.PlanOptions{NoRefresh: true}},
		Steps: []resource.TestStep{
			{Config: env.cpConfig("", "cp78", "v1")},
			{
				// Scenario 7: the plan, made from state without a refresh, is refused.
				PreConfig:   func() { env.edit(env.cpPath("cp78"), setAll(konnect.Object{"auth_type": "pki_client_certs"})) },
				Config:      env.cpConfig("", "cp78", "v2"),
				ExpectError: cpStaleDiag,
			},
			{
				PreConfig: func() {
					cp := env.controlPlaneByName("cp78")
					wantField(t, "after the refused plan", cp, "description", "v1")
					wantField(t, "after the refused plan", cp["config"].(map[string]any), "auth_type", "pki_client_certs")
				},
				RefreshState:       true,
				ExpectNonEmptyPlan: true,
			},
			{
				// Scenario 8: someone's PATCH lands between the provider's read and its
				// PATCH with If-Match: refused even under the overwrite policy, which the
				// refresh after it and the teardown need (the destroy deletes auth_type and
				// the racing description, changed in Konnect).
				Config: env.cpConfig("overwrite", "cp78", "v2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_control_plane.cp", plancheck.ResourceActionUpdate),
				}},
				ExpectError: regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*konnect_gateway_control_plane.*Nothing was written`),
			},
			{
				PreConfig: func() {
					wantField(t, "after the 412", env.controlPlaneByName("cp78"), "description", "racing UI edit")
				},
				RefreshState:       true,
				ExpectNonEmptyPlan: true,
			},
		},
	})
}
