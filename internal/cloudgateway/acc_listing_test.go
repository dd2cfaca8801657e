package cloudgateway_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// TestAccRefreshFromListings: networks, a network's transit gateways and private DNS, add-ons
// and custom domains refresh from one listing of their collection (each listing carries
// every field the GET does; an add-on's and a transit gateway's in Kong's shape, as their
// GET is read), not one GET each, and plan nothing; a change someone makes in Konnect to
// every network, transit gateway and private DNS is still found from those listings: shown
// under warn, refused under fail, reverted by the apply.
func TestAccRefreshFromListings(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	nets, attachments := []string{"net0", "net1", "net2"}, []string{"a", "b", "c"}
	config := func(policy string) string {
		cfg := env.ProviderBlock(policy)
		for _, n := range nets {
			cfg += fmt.Sprintf("\nresource \"konnect_cloud_gateway_network\" %q {\n  %s\n}\n", n, fmt.Sprintf(networkBlock, `"`+n+`"`))
		}
		for _, a := range attachments {
			tgw := strings.Replace(fmt.Sprintf(transitGatewayBlock, `["10.1.0.0/16"]`), `"to-corp"`, `"tgw-`+a+`"`, 1)
			dns := fmt.Sprintf(privateDNSBlock, `"dns-`+a+`"`)
			cfg += fmt.Sprintf("\nresource \"konnect_cloud_gateway_transit_gateway\" %q {\n  %s\n}\n", a, tgw)
			cfg += fmt.Sprintf("\nresource \"konnect_cloud_gateway_private_dns\" %q {\n  %s\n}\n", a, dns)
		}
		for _, a := range attachments[:2] { // a managed cache per control plane, its name unique
			cfg += fmt.Sprintf(`
resource "konnect_gateway_control_plane" %[1]q {
  name          = "dcgw-%[1]s"
  cloud_gateway = true
}

resource "konnect_cloud_gateway_addon" %[1]q {
  %[2]s
}

resource "konnect_cloud_gateway_custom_domain" %[1]q {
  control_plane_id  = konnect_gateway_control_plane.%[1]s.id
  control_plane_geo = "us"
  domain            = "%[1]s.example.com"
}
`, a, strings.NewReplacer("dcgw", a, `"cache"`, `"cache-`+a+`"`).Replace(fmt.Sprintf(addOnBlock, `"small"`)))
		}
		return strings.ReplaceAll(cfg, "konnect_cloud_gateway_network.net.id", "konnect_cloud_gateway_network.net0.id")
	}
	var edits []string // the paths of every object, with the field someone edits
	remember := func(s *terraform.State) error {
		edits = nil
		for addr, rs := range s.RootModule().Resources {
			switch rs.Type {
			case "konnect_cloud_gateway_network":
				edits = append(edits, "/v2/cloud-gateways/networks/"+rs.Primary.ID+" name "+addr)
			case "konnect_cloud_gateway_transit_gateway":
				edits = append(edits, "/v2/cloud-gateways/networks/"+rs.Primary.Attributes["network_id"]+"/transit-gateways/"+rs.Primary.ID+" cidr_blocks "+addr)
			case "konnect_cloud_gateway_private_dns":
				edits = append(edits, "/v2/cloud-gateways/networks/"+rs.Primary.Attributes["network_id"]+"/private-dns/"+rs.Primary.ID+" name "+addr)
			}
		}
		if len(edits) != len(nets)+2*len(attachments) {
			return fmt.Errorf("state holds %d of the objects, want %d", len(edits), len(nets)+2*len(attachments))
		}
		return nil
	}
	var reverts []plancheck.PlanCheck
	for _, n := range nets {
		reverts = append(reverts, plancheck.ExpectResourceAction("konnect_cloud_gateway_network."+n, plancheck.ResourceActionUpdate))
	}
	for _, a := range attachments {
		reverts = append(reverts, plancheck.ExpectResourceAction("konnect_cloud_gateway_transit_gateway."+a, plancheck.ResourceActionUpdate),
			plancheck.ExpectResourceAction("konnect_cloud_gateway_private_dns."+a, plancheck.ResourceActionUpdate))
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(""), Check: remember},
			{PreConfig: env.ResetRequests, Config: config(""), PlanOnly: true},
			{
				PreConfig: func() {
					env.WantListedOnce("networks", "transit-gateways", "private-dns", "add-ons", "custom-domains")
					// Someone edits every one of them in Konnect.
					for _, e := range edits {
						f := strings.Fields(e)
						var v any = "edited-in-konnect-" + f[2][strings.LastIndex(f[2], ".")+1:] // names are unique
						if f[1] == "cidr_blocks" {
							v = []any{"10.9.0.0/16"}
						}
						if _, err := env.Client.Do(t.Context(), http.MethodPatch, f[0], nil, konnect.Object{f[1]: v}, nil); err != nil {
							t.Fatalf("out-of-band edit of %s: %v", f[2], err)
						}
					}
				},
				Config:             config("warn"),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks:   resource.ConfigPlanChecks{PostApplyPostRefresh: reverts},
			},
			{
				Config:   config("fail"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
					`konnect_cloud_gateway_(network|transit_gateway|private_dns) \(id .*\b(name|cidr_blocks)\s+last applied`),
			},
			{
				Config: config("warn"),
				Check: func(*terraform.State) error {
					for _, e := range edits {
						f := strings.Fields(e)
						if got := fmt.Sprint(env.Get(f[0])[f[1]]); strings.Contains(got, "edited-in-konnect") || strings.Contains(got, "10.9.0.0/16") {
							t.Errorf("%s: Konnect still holds the edit after the apply: %s = %s", f[2], f[1], got)
						}
					}
					return nil
				},
			},
		},
	})
}
