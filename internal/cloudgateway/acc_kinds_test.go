package cloudgateway_test

import (
	"fmt"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
	mockcgw "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// kind of the Dedicated Cloud Gateways; internal/provider's TestKindRowsCoverEveryKind checks
// that this runs cloudgateway.Kinds, the family's part of the provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, cloudgateway.Kinds, kindRows, newServer)
}

// networkBlock is a network in the mock's AWS account, its name to fill in.
var networkBlock = fmt.Sprintf(`name = %%s
  cloud_gateway_provider_account_id = %q
  region                            = "us-east-2"
  availability_zones                = ["use2-az1", "use2-az2"]
  cidr_block                        = "10.0.0.0/16"`, mockcgw.SeededProviderAccount("aws"))

// kindRows: one row per kind of the family.
var kindRows = map[string]acctest.KindRow{
	cloudgateway.NetworkKind.TypeName: {
		Block:     networkBlock,
		Update:    &acctest.KindUpdate{Attr: "name", Values: [2]any{"net-a", "net-b"}, UI: "net-ui"},
		NoKept:    "Konnect changes a network's name only (its PATCH takes nothing else): there is nothing else someone could set",
		NoRemoval: "every attribute of a network that configuration sets is required",
		UpdatedAt: true,
	},
}

// configurationDeps are a network for a configuration's data-plane group (the harness
// declares the control plane, konnect_gateway_control_plane.cp, and sets control_plane_id).
func configurationDeps(*acctest.KindFixture) string {
	return fmt.Sprintf(`
resource "konnect_cloud_gateway_network" "net" {
  %s
}
`, fmt.Sprintf(networkBlock, `"dcgw-net"`))
}

// configurationBlock is a dedicated configuration with one autopilot group, its version to fill in.
const configurationBlock = `control_plane_geo = "us"
  version           = %s
  dataplane_groups = [{
    provider                 = "aws"
    region                   = "us-east-2"
    cloud_gateway_network_id = konnect_cloud_gateway_network.net.id
    autoscale = {
      configuration_data_plane_group_autoscale_autopilot = { kind = "autopilot", base_rps = 100 }
    }
    environment = [{ name = "KONG_LOG_LEVEL", value = "info" }]
  }]`

func init() {
	kindRows[cloudgateway.ConfigurationKind.TypeName] = acctest.KindRow{
		Deps:      configurationDeps,
		Block:     configurationBlock,
		Update:    &acctest.KindUpdate{Attr: "version", Values: [2]any{"3.10", "3.11"}, UI: "3.9"},
		NoKept:    "Konnect replaces a configuration whole (PUT): what configuration leaves out is Konnect's default, nothing someone else keeps",
		Removal:   &acctest.KindRemoval{Attr: "api_access", HCL: `"public"`, UI: "private"},
		UpdatedAt: true,
	}
}
