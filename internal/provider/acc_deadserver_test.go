package provider

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// silentSwitch stands in front of the mock Konnect: it forwards every request until it is
// silenced, then accepts requests and never answers them (each handler waits for the end
// of the test), the way a Konnect behind a broken load balancer behaves.
type silentSwitch struct {
	silent  atomic.Bool
	unheard atomic.Int32 // requests held without an answer
	url     string
}

func newSilentSwitch(t *testing.T, env *konnectEnv) *silentSwitch {
	s := &silentSwitch{}
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.silent.Load() {
			env.mock.ServeHTTP(w, r)
			return
		}
		s.unheard.Add(1)
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs first: srv.Close waits for the handlers
	s.url = srv.URL
	return s
}

// A Konnect that accepts connections and never answers fails `terraform plan` after
// max_retries+1 attempts of request_timeout, with a diagnostic that says so and names the
// settings; the state is kept, and the next plan, once Konnect answers, is empty.
func TestAccDeadServerFailsPlanWithTheLimits(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	sw := newSilentSwitch(t, env)
	config := fmt.Sprintf(`
provider "konnect" {
  server_url            = %q
  personal_access_token = %q
  request_timeout       = "1s"
  max_retries           = 1
}

resource "konnect_gateway_control_plane" "cp" {
  name = "deadserver"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}
`, sw.url, testToken)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if env.controlPlaneByName("deadserver") != nil {
				return fmt.Errorf("control plane still in Konnect after destroy")
			}
			return nil
		},
		Steps: []resource.TestStep{
			{Config: config},
			{
				PreConfig: func() { sw.silent.Store(true) },
				Config:    config,
				PlanOnly:  true,
				ExpectError: regexp.MustCompile(`(?s)` + wrappedText("no answer from Konnect within 1s, 2 attempts.").String() + `.*` +
					wrappedText(`set request_timeout in the provider block (or KONNECT_REQUEST_TIMEOUT, for example "60s"); to try more often, set max_retries (or KONNECT_MAX_RETRIES).`).String()),
			},
			{
				PreConfig: func() {
					n := sw.unheard.Load()
					if n < 2 || n%2 != 0 {
						t.Errorf("the silent Konnect received %d requests; want 2 per call (max_retries = 1)", n)
					}
					t.Logf("the silent Konnect received %d requests", n)
					sw.silent.Store(false)
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
		},
	})
}
