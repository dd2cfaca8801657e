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
