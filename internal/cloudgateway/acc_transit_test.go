package cloudgateway_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	mockcgw "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// transitGatewayBlock is an AWS transit gateway attachment on the row's network, its
// cidr_blocks to fill in.
const transitGatewayBlock = `network_id = konnect_cloud_gateway_network.net.id
  aws_transit_gateway = {
    name        = "to-corp"
    cidr_blocks = %s
    transit_gateway_attachment_config = {
      kind               = "aws-transit-gateway-attachment"
      transit_gateway_id = "tgw-0123456789abcdef0"
      ram_share_arn      = "arn:aws:ram:us-east-2:123456789012:resource-share/corp"
    }
  }`

// privateDNSBlock is an AWS outbound resolver on the row's network, its name to fill in.
const privateDNSBlock = `network_id = konnect_cloud_gateway_network.net.id
  name       = %s
  private_dns_attachment_config = {
    aws_private_dns_resolver_attachment_config = {
      kind = "aws-outbound-resolver"
      dns_config = {
        "corp.internal" = { remote_dns_server_ip_addresses = ["10.0.0.2"] }
      }
    }
  }`

func init() {
	kindRows[cloudgateway.TransitGatewayKind.TypeName] = acctest.KindRow{
		Deps:      configurationDeps,
		Block:     transitGatewayBlock,
		Update:    &acctest.KindUpdate{Attr: "aws_transit_gateway.cidr_blocks", Field: "cidr_blocks", Values: [2]any{[]any{"10.1.0.0/16"}, []any{"10.2.0.0/16"}}, UI: []any{"10.3.0.0/16"}},
		NoKept:    "Konnect's PATCH of an AWS transit gateway takes its cidr_blocks only: there is nothing else someone could set",
		NoRemoval: "an AWS transit gateway's only optional attribute, dns_config, cannot change in place (a removal replaces it)",
		UpdatedAt: true,
	}
	kindRows[cloudgateway.PrivateDNSKind.TypeName] = acctest.KindRow{
		Deps:      configurationDeps,
		Block:     privateDNSBlock,
		Update:    &acctest.KindUpdate{Attr: "name", Values: [2]any{"dns-a", "dns-b"}, UI: "dns-ui"},
		NoKept:    "Konnect's PATCH of a resolver carries what the plan changes, and a resolver has nothing else someone could set",
		NoRemoval: "a private DNS's optional name has no default in Konnect to go back to",
		UpdatedAt: true,
	}
}

// TestAccTransitGatewayWaitsForItsNetwork: Konnect refuses to attach a transit gateway to a
// network that is not ready yet (400). One apply creates a transit gateway on a network
// someone else just created (still initializing), then a network and a transit gateway on
// it: each create is sent only once its network is ready (the mock refused none), the first
// after polling that network while it initialized; both transit gateways are in state ready,
// and the destroy waits until Konnect reports them terminated (or has them no more).
func TestAccTransitGatewayWaitsForItsNetwork(t *testing.T) {
	// Each request reads the ticking clock: provisioning lasts 12 of them, so that their
	// network still initializes after the requests of the plan (a network's plan reads its
	// provider account and availability.json) when the create first polls it.
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock(), CloudGateways: mockcgw.Options{ProvisioningTime: 12 * time.Second}})
	var other map[string]any
	if _, err := env.Client.Do(t.Context(), "POST", "/v2/cloud-gateways/networks", nil, map[string]any{"name": "theirs",
		"cloud_gateway_provider_account_id": mockcgw.SeededProviderAccount("aws"), "region": "us-east-2",
		"availability_zones": []any{"use2-az1"}, "cidr_block": "10.9.0.0/16"}, &other); err != nil {
		t.Fatal(err)
	}
	otherID := other["id"].(string)
	tgw := func(name, network string) string {
		return fmt.Sprintf("\nresource \"konnect_cloud_gateway_transit_gateway\" %q {\n  %s\n}\n", name,
			strings.Replace(fmt.Sprintf(transitGatewayBlock, `["10.1.0.0/16"]`), "konnect_cloud_gateway_network.net.id", network, 1))
	}
	// Their network is the first the apply reads (the apply's network waits for the
	// transit gateway on theirs): it is still initializing then.
	deps := strings.Replace(configurationDeps(nil), "\n}", "\n  depends_on = [konnect_cloud_gateway_transit_gateway.other]\n}", 1)
	config := env.ProviderBlock("") + deps + tgw("same", "konnect_cloud_gateway_network.net.id") + tgw("other", strconv.Quote(otherID))
	var paths []string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			PreConfig: env.ResetRequests,
			Config:    config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("konnect_cloud_gateway_transit_gateway.same", tfjsonpath.New("state"), knownvalue.StringExact("ready")),
				statecheck.ExpectKnownValue("konnect_cloud_gateway_transit_gateway.other", tfjsonpath.New("state"), knownvalue.StringExact("ready")),
			},
			Check: func(s *terraform.State) error {
				if n := env.Mock.CloudGateways().RefusedNotReady(); n != 0 {
					return fmt.Errorf("%d transit gateway creates were sent before their network was ready", n)
				}
				// The create on their network polled it while it initialized, then posted.
				polls, posted := 0, false
				for _, r := range env.Requests() {
					switch r {
					case "GET /v2/cloud-gateways/networks/" + otherID:
						if !posted {
							polls++
						}
					case "POST /v2/cloud-gateways/networks/" + otherID + "/transit-gateways":
						posted = true
					}
				}
				if !posted || polls < 2 {
					return fmt.Errorf("the create on the initializing network %s polled it %d times before posting (posted: %v)", otherID, polls, posted)
				}
				for _, name := range []string{"same", "other"} {
					rs := s.RootModule().Resources["konnect_cloud_gateway_transit_gateway."+name]
					paths = append(paths, acctest.ObjectPath(cloudgateway.TransitGatewayKind, rs.Primary.Attributes))
				}
				return nil
			},
		}},
		CheckDestroy: func(*terraform.State) error {
			for _, p := range paths {
				var obj map[string]any
				if _, err := env.Client.Do(t.Context(), "GET", p, nil, nil, &obj); !konnect.IsNotFound(err) && obj["state"] != "terminated" {
					return fmt.Errorf("after the destroy, %s: %v %v (want terminated or 404)", p, obj["state"], err)
				}
			}
			return nil
		},
	})
}

// TestAccNetworkDestroyNamesAttachments: Konnect deletes a network's transit gateways with
// it. One someone attached in Konnect makes the network's destroy fail under the fail policy,
// naming it with its import block; nothing is deleted.
func TestAccNetworkDestroyNamesAttachments(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	var tgwPath string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.ProviderBlock("") + configurationDeps(nil),
				Check: func(s *terraform.State) error {
					netID := s.RootModule().Resources["konnect_cloud_gateway_network.net"].Primary.ID
					var out map[string]any
					if _, err := env.Client.Do(t.Context(), "POST", "/v2/cloud-gateways/networks/"+netID+"/transit-gateways", nil, map[string]any{"name": "theirs",
						"transit_gateway_attachment_config": map[string]any{"kind": "gcp-vpc-peering-attachment", "peer_project_id": "p", "peer_vpc_name": "v"}}, &out); err != nil {
						return err
					}
					tgwPath = "/v2/cloud-gateways/networks/" + netID + "/transit-gateways/" + out["id"].(string)
					env.ResetRequests()
					return nil
				},
			},
			{
				Config:  env.ProviderBlock("") + configurationDeps(nil),
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)konnect_cloud_gateway_network \(id [0-9a-f-]{36}\).*theirs.*` +
					`to\s+=\s+konnect_cloud_gateway_transit_gateway\.\S+\s+id\s+=\s+"[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				PreConfig: func() {
					if env.Get(tgwPath) == nil {
						t.Errorf("someone's transit gateway %s is gone after the refused destroy", tgwPath)
					}
					for _, r := range env.Requests() {
						if strings.HasPrefix(r, "DELETE ") {
							t.Errorf("the refused destroy sent %s", r)
						}
					}
					env.Remove(tgwPath) // they detach it: the destroy goes ahead
				},
				Config:   env.ProviderBlock("") + configurationDeps(nil),
				PlanOnly: true,
			},
		},
	})
}

// TestAccPrivateDNSChangesInPlaceOrReplaces: Konnect patches an outbound resolver's name and
// dns_config, nothing of a private hosted zone: one apply changes both of a resolver in
// place (same id; Konnect holds the new domains) and replaces a hosted zone whose name
// changed (a new id).
func TestAccPrivateDNSChangesInPlaceOrReplaces(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(suffix string) string {
		resolver := strings.Replace(fmt.Sprintf(privateDNSBlock, `"resolver`+suffix+`"`), "corp.internal", "corp"+suffix+".internal", 1)
		return env.ProviderBlock("") + configurationDeps(nil) + `
resource "konnect_cloud_gateway_private_dns" "resolver" {
  ` + resolver + `
}

resource "konnect_cloud_gateway_private_dns" "zone" {
  network_id = konnect_cloud_gateway_network.net.id
  name       = "zone` + suffix + `"
  private_dns_attachment_config = {
    gcp_private_hosted_zone_attachment_config = {
      kind            = "gcp-private-hosted-zone-attachment"
      domain_name     = "corp.internal"
      peer_project_id = "corp-prod"
      peer_vpc_name   = "corp-vpc"
    }
  }
}
`
	}
	var resolver, resolverID, zoneID string
	ids := func(s *terraform.State) (string, string) {
		return s.RootModule().Resources["konnect_cloud_gateway_private_dns.resolver"].Primary.ID, s.RootModule().Resources["konnect_cloud_gateway_private_dns.zone"].Primary.ID
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config(""),
				Check: func(s *terraform.State) error {
					resolver = acctest.ObjectPath(cloudgateway.PrivateDNSKind, s.RootModule().Resources["konnect_cloud_gateway_private_dns.resolver"].Primary.Attributes)
					resolverID, zoneID = ids(s)
					return nil
				},
			},
			{
				Config: config("-2"),
				Check: func(s *terraform.State) error {
					if r, z := ids(s); r != resolverID || z == zoneID {
						return fmt.Errorf("the resolver was replaced (%v) or the zone was not (%v)", r != resolverID, z == zoneID)
					}
					got := env.Get(resolver)
					cfg, _ := got["private_dns_attachment_config"].(map[string]any)
					domains, _ := cfg["dns_config"].(map[string]any)
					if got["name"] != "resolver-2" || domains["corp-2.internal"] == nil || len(domains) != 1 {
						return fmt.Errorf("Konnect holds the resolver %v %v", got["name"], cfg)
					}
					return nil
				},
			},
		},
	})
}
