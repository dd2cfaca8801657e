package gateway_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// TestAccPlatformRefreshFromListings: a control plane's config stores, a store's secrets and
// the data-plane client certificates refresh from one listing of their collection (each lists
// what its GET answers), not one GET each, and plan nothing; an edit someone makes in Konnect
// to each store's name and each certificate's title is still found from those listings,
// refused under fail, and written back under warn.
func TestAccPlatformRefreshFromListings(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	names := []string{"a", "b", "c"}
	certs := map[string]string{}
	for _, n := range names { // one PEM per name, the same in every step
		certs[n] = acctest.TLSTestPEM(t, n+".example.com", false).Cert
	}
	config := func(policy string) string {
		cfg := env.ProviderBlock(policy) + "\nresource \"konnect_gateway_control_plane\" \"cp\" {\n  name = \"listings\"\n}\n"
		for _, n := range names {
			cfg += fmt.Sprintf(`
resource "konnect_gateway_config_store" %[1]q {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "store-%[1]s"
}

resource "konnect_gateway_config_store_secret" %[1]q {
  control_plane_id = konnect_gateway_control_plane.cp.id
  config_store_id  = konnect_gateway_config_store.a.id
  key              = "key-%[1]s"
  value            = "value-%[1]s"
}

resource "konnect_gateway_data_plane_client_certificate" %[1]q {
  control_plane_id = konnect_gateway_control_plane.cp.id
  cert             = %[2]q
  title            = "cert-%[1]s"
}
`, n, certs[n])
		}
		return cfg
	}
	var edits [][2]string // the path of each store and certificate, and the field edited
	remember := func(s *terraform.State) error {
		edits = nil
		cp := s.RootModule().Resources["konnect_gateway_control_plane.cp"].Primary.ID
		for _, n := range names {
			edits = append(edits,
				[2]string{"/v2/control-planes/" + cp + "/config-stores/" + s.RootModule().Resources["konnect_gateway_config_store."+n].Primary.ID, "name"},
				[2]string{"/v2/control-planes/" + cp + "/dp-client-certificates/" + s.RootModule().Resources["konnect_gateway_data_plane_client_certificate."+n].Primary.ID, "title"})
		}
		return nil
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(""), Check: remember},
			{PreConfig: env.ResetRequests, Config: config(""), PlanOnly: true},
			{
				PreConfig: func() {
					env.WantListedOnce("config-stores", "secrets", "dp-client-certificates")
					for _, e := range edits { // someone edits each in Konnect
						obj := env.Get(e[0])
						if item, ok := obj["item"].(map[string]any); ok {
							obj = item
						}
						body := konnect.Object{e[1]: "edited in Konnect " + fmt.Sprint(obj["id"])} // PUT: a store's name, a certificate's title
						if strings.Contains(e[0], "/dp-client-certificates/") {
							body["cert"] = obj["cert"]
						}
						if _, err := env.Client.Do(t.Context(), http.MethodPut, e[0], nil, body, nil); err != nil {
							t.Fatalf("out-of-band edit of %s: %v", e[0], err)
						}
					}
				},
				Config:   config("fail"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
					`konnect_gateway_(config_store|data_plane_client_certificate) \(id .*\b(name|title)\s+last applied`),
			},
			{
				// Under warn the apply writes the configuration back over each edit.
				Config: config("warn"),
				Check: func(*terraform.State) error {
					for _, e := range edits {
						obj := env.Get(e[0])
						if item, ok := obj["item"].(map[string]any); ok {
							obj = item
						}
						if got := fmt.Sprint(obj[e[1]]); strings.HasPrefix(got, "edited in Konnect") {
							t.Errorf("%s: Konnect still holds %s = %q after the apply", e[0], e[1], got)
						}
					}
					return nil
				},
			},
		},
	})
}
