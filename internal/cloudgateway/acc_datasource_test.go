package cloudgateway_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// TestAccNetworkDataSources: the organization's provider accounts (filtered by provider), a
// network read by name and by Kong's filter (the same network), and the list of the ready
// ones; a name no network has is an error naming it.
func TestAccNetworkDataSources(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	reads := networkConfig(env, "edge") + `
data "konnect_cloud_gateway_provider_account_list" "aws" {
  filter = { provider = { eq = "aws" } }
}

data "konnect_cloud_gateway_network" "by_name" {
  name = konnect_cloud_gateway_network.this.name
}

data "konnect_cloud_gateway_network" "by_filter" {
  filter = {
    name  = { eq = konnect_cloud_gateway_network.this.name }
    state = { eq = "ready" }
  }
}

data "konnect_cloud_gateway_network_list" "ready" {
  filter     = { state = { eq = "ready" } }
  depends_on = [konnect_cloud_gateway_network.this]
}
`
	network := tfjsonpath.New("id")
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: reads,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.konnect_cloud_gateway_provider_account_list.aws", tfjsonpath.New("data"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact(cloudgateway.SeededProviderAccount("aws")), "provider": knownvalue.StringExact("aws")})})),
					statecheck.CompareValuePairs("data.konnect_cloud_gateway_network.by_name", network, "konnect_cloud_gateway_network.this", network, compare.ValuesSame()),
					statecheck.CompareValuePairs("data.konnect_cloud_gateway_network.by_filter", network, "konnect_cloud_gateway_network.this", network, compare.ValuesSame()),
					statecheck.ExpectKnownValue("data.konnect_cloud_gateway_network.by_name", tfjsonpath.New("cidr_block"), knownvalue.StringExact("10.0.0.0/16")),
					statecheck.ExpectKnownValue("data.konnect_cloud_gateway_network_list.ready", tfjsonpath.New("data"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("edge")})})),
				},
			},
			{
				Config:      reads + "\ndata \"konnect_cloud_gateway_network\" \"missing\" {\n  name = \"no-such-network\"\n}\n",
				ExpectError: regexp.MustCompile(`(?s)No konnect_cloud_gateway_network with name = "no-such-network" exists in\s+Konnect`),
			},
		},
	})
}
