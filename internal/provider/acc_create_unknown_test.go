package provider

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 33, part 4: a create that Konnect applied but answered with an error (a 503 on every
// attempt, after the write landed) leaves nothing outside Terraform. The provider chose the
// plugin's id, reads it back, finds the plugin holding what the plan wrote, and puts it in
// state with a warning; the next plan is empty. (The plugin was left in Konnect and not in
// state, and the next apply got only "name (type: unique) constraint failed".)
func TestAccCreateAnsweredWithAnError(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	var failPluginPuts atomic.Bool
	var failed atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if failPluginPuts.Load() && r.Method == http.MethodPut && strings.Contains(r.URL.Path, "/core-entities/plugins/") {
			env.mock.ServeHTTP(httptest.NewRecorder(), r) // applied…
			failed.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable) // …and answered with an error
			_, _ = w.Write([]byte(`{"message":"upstream connect error"}`))
			return
		}
		env.mock.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	rec := &diagRecorder{}
	config := strings.Replace(env.providerBlock(""), env.URL, srv.URL, 1)
	config = strings.Replace(config, "}\n", "  max_retries           = 0\n}\n", 1) + `
resource "konnect_gateway_control_plane" "cp" {
  name = "unknown-outcome"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}
`
	withPlugin := config + `
resource "konnect_gateway_plugin" "limit" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  service          = { id = konnect_gateway_service.orders.id }
  config           = jsonencode({ minute = 10, policy = "local" })
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.factories(),
		Steps: []resource.TestStep{
			{Config: config},
			{
				PreConfig: func() { failPluginPuts.Store(true); rec.reset() },
				Config:    withPlugin,
				Check: func(s *terraform.State) error {
					failPluginPuts.Store(false)
					if failed.Load() == 0 {
						t.Fatal("no plugin create was answered with an error: the test proves nothing")
					}
					rs, ok := s.RootModule().Resources["konnect_gateway_plugin.limit"]
					if !ok {
						return fmt.Errorf("the plugin Konnect created is not in state")
					}
					if got := env.get(env.corePath("unknown-outcome", "plugins", rs.Primary.ID)); got == nil {
						t.Errorf("the plugin in state (%s) is not in Konnect", rs.Primary.ID)
					}
					if n := len(env.list(env.corePath("unknown-outcome", "plugins"))); n != 1 {
						t.Errorf("Konnect holds %d plugins, want 1", n)
					}
					return rec.wantWarning("Konnect object created; its answer was lost", "konnect_gateway_plugin (id "+rs.Primary.ID, "503")
				},
			},
			{Config: withPlugin, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}
