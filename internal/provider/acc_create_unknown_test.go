package provider

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
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
	acctest.ParallelTest(t, resource.TestCase{
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
		},
	})
}

// The same for a kind whose id Konnect chooses (a team: POST /v3/teams; engine.PlatformAPI
// lists the collection before the POST, and after a lost answer finds the object that was
// not there before and holds what was sent). A create that Konnect applied and answered 503
// goes into state, once, and the next plan is empty. Someone else's team of a name the
// configuration then creates is never adopted: the name is looked up before the POST, the
// apply stops with its import block, and Konnect still holds that one team alone.
func TestAccCreateAnsweredWithAnErrorPost(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	var mode atomic.Int32 // 0: pass; 1: apply, then answer 503; 2: answer 503 without applying
	var failed atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if m := mode.Load(); m != 0 && r.Method == http.MethodPost && r.URL.Path == "/v3/teams" {
			if m == 1 {
				env.mock.ServeHTTP(httptest.NewRecorder(), r) // applied…
			}
			failed.Add(1)
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusServiceUnavailable) // …or not, and answered with an error
			_, _ = w.Write([]byte(`{"status":503,"title":"Service Unavailable"}`))
			return
		}
		env.mock.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	rec := &diagRecorder{}
	provider := strings.Replace(env.providerBlock(""), env.URL, srv.URL, 1)
	provider = strings.Replace(provider, "}\n", "  max_retries           = 0\n}\n", 1)
	team := func(name string) string {
		return "\nresource \"konnect_team\" \"" + name + "\" {\n  name        = \"" + name + "\"\n  description = \"made by terraform\"\n}\n"
	}
	teamsNamed := func(name string) (n int) {
		for _, o := range env.list("/v3/teams") {
			if o["name"] == name {
				n++
			}
		}
		return n
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.factories(),
		Steps: []resource.TestStep{
			{
				PreConfig: func() { mode.Store(1); rec.reset() },
				Config:    provider + team("platform"),
				Check: func(s *terraform.State) error {
					mode.Store(0)
					if failed.Load() == 0 {
						t.Fatal("no team create was answered with an error: the test proves nothing")
					}
					rs, ok := s.RootModule().Resources["konnect_team.platform"]
					if !ok {
						return fmt.Errorf("the team Konnect created is not in state")
					}
					if n := teamsNamed("platform"); n != 1 {
						t.Errorf("Konnect holds %d teams named platform, want 1", n)
					}
					if got := env.get("/v3/teams/" + rs.Primary.ID); got == nil {
						t.Errorf("the team in state (%s) is not in Konnect", rs.Primary.ID)
					}
					return nil
				},
			},
			{
				PreConfig: func() {
					env.Post("/v3/teams", map[string]any{"name": "ops", "description": "made in the UI"})
					mode.Store(2) // a POST would be answered 503: none is sent
				},
				Config:      provider + team("platform") + team("ops"),
				ExpectError: regexp.MustCompile(`(?s)konnect_team with name "ops" already exists in Konnect.*import \{`),
			},
			{
				PreConfig: func() {
					mode.Store(0)
					if n := failed.Load(); n != 1 {
						t.Errorf("%d team creates were answered 503, want 1: the refused one was sent", n)
					}
					if n := teamsNamed("ops"); n != 1 {
						t.Errorf("Konnect holds %d teams named ops, want 1 (someone else's)", n)
					}
				},
				Config: provider + team("platform"),
				Check: func(s *terraform.State) error {
					if _, ok := s.RootModule().Resources["konnect_team.ops"]; ok {
						t.Error("someone else's team ops was adopted into state")
					}
					return nil
				},
			},
		},
	})
}
