package provider

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Konnect serves its identity API on its global host only, and control planes in each
// region. The mock serves the two hosts apart (Regional, Global: each refuses the other's
// APIs with Konnect's 404). With server_url naming the region and global_server_url the
// global host, a control plane goes to the region and a team to the global host, and no
// call reaches the wrong one. Without global_server_url (a server_url that is not one of
// Konnect's hosts serves every API), the team's calls reach the region and fail there
// (at plan: the plan looks for a team of that name).
func TestAccGlobalHostRouting(t *testing.T) {
	acctest.NewEnv(t, konnectmock.Options{}) // skips without TF_ACC
	mock := konnectmock.New(konnectmock.Options{Tokens: []string{acctest.TestToken}})
	var mu sync.Mutex
	served := map[string][]string{}
	serve := func(host string, h http.Handler) *httptest.Server {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
			h.ServeHTTP(rec, r)
			mu.Lock()
			served[host] = append(served[host], fmt.Sprintf("%s %s %d", r.Method, r.URL.Path, rec.code))
			mu.Unlock()
		}))
		t.Cleanup(srv.Close)
		return srv
	}
	regional, global := serve("regional", mock.Regional()), serve("global", mock.Global())
	config := func(withGlobal bool) string {
		p := fmt.Sprintf("provider \"konnect\" {\n  server_url            = %q\n  personal_access_token = %q\n", regional.URL, acctest.TestToken)
		if withGlobal {
			p += fmt.Sprintf("  global_server_url     = %q\n", global.URL)
		}
		return p + `}

resource "konnect_gateway_control_plane" "cp" {
  name = "regional"
}

resource "konnect_team" "t" {
  name        = "platform"
  description = "on the global host"
}
`
	}
	refused := func(host string) []string {
		mu.Lock()
		defer mu.Unlock()
		var out []string
		for _, s := range served[host] {
			if strings.HasSuffix(s, " 404") && !strings.Contains(s, "/_mock/") {
				out = append(out, s)
			}
		}
		return out
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      config(false),
				ExpectError: regexp.MustCompile(`(?s)konnect_team.*404`),
			},
			{
				PreConfig: func() {
					if got := refused("regional"); len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), "/v3/teams 404") {
						t.Errorf("without global_server_url the team's calls should reach the region and be refused there; the region refused: %v", got)
					}
					mu.Lock()
					served = map[string][]string{}
					mu.Unlock()
				},
				Config: config(true),
				Check: func(s *terraform.State) error {
					if got := refused("regional"); len(got) > 0 {
						t.Errorf("calls refused by the regional host: %v", got)
					}
					if got := refused("global"); len(got) > 0 {
						t.Errorf("calls refused by the global host: %v", got)
					}
					mu.Lock()
					defer mu.Unlock()
					joined := func(host string) string { return strings.Join(served[host], "\n") }
					if !strings.Contains(joined("global"), "POST /v3/teams 201") {
						t.Errorf("the team was not created on the global host; it served:\n%s", joined("global"))
					}
					if strings.Contains(joined("regional"), "/v3/teams") {
						t.Errorf("a team call reached the regional host:\n%s", joined("regional"))
					}
					if !strings.Contains(joined("regional"), "/v2/control-planes") || strings.Contains(joined("global"), "/v2/control-planes") {
						t.Errorf("control plane calls: regional\n%s\nglobal\n%s", joined("regional"), joined("global"))
					}
					return nil
				},
			},
		},
	})
}

type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.code = code
	r.ResponseWriter.WriteHeader(code)
}
