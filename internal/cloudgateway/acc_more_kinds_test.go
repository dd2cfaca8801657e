package cloudgateway_test

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
)

// The rows of TestAccKinds for custom domains, add-ons and serverless cloud gateways.

// cloudGatewayCP is a control plane for Cloud Gateways: an add-on's owner.
const cloudGatewayCP = `
resource "konnect_gateway_control_plane" "dcgw" {
  name          = "dcgw"
  cloud_gateway = true
}
`

// addOnBlock is a managed cache of cloudGatewayCP, its tier to fill in.
const addOnBlock = `name = "cache"
  owner = {
    control_plane = { control_plane_id = konnect_gateway_control_plane.dcgw.id, control_plane_geo = "us" }
  }
  config = {
    managed_cache = { capacity_config = { tiered = { tier = %s } } }
  }`

// serverlessBlock is a serverless cloud gateway of the row's serverless control plane, with
// the row's certificate and key.
func serverlessBlock(f *acctest.KindFixture) string {
	return fmt.Sprintf(`control_plane = { id = konnect_gateway_control_plane.serverless.id, prefix = "518da50bf7", region = "us" }
  cluster_cert     = %q
  cluster_cert_key = %q`, f.Pair().Cert, f.Pair().Key)
}

// createdThenGone: the object is created, then row 5 with a delete made in Konnect (nothing
// there to edit); the next step creates it again, which the imports start from.
func createdThenGone(config func(f *acctest.KindFixture) string) func(f *acctest.KindFixture) []resource.TestStep {
	return func(f *acctest.KindFixture) []resource.TestStep {
		c := config(f)
		return append([]resource.TestStep{{Config: c, Check: f.Remember}}, f.GoneBeforeSavedDestroy(c, f.Remember)...)
	}
}

func init() {
	kindRows[cloudgateway.CustomDomainKind.TypeName] = acctest.KindRow{
		Block:     `control_plane_geo = "us"` + "\n  domain = \"api.example.com\"%s",
		NoUpdate:  "Konnect has no update for a custom domain: every attribute replaces it",
		NoRemoval: "every attribute replaces the custom domain: removing one plans a replace, not an update",
		Steps:     createdThenGone(func(f *acctest.KindFixture) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, "")) }),
	}
	// The add-on's rows go up a tier (Konnect cannot make a cache smaller: a smaller tier
	// plans a replacement, TestAccAddOnDestroyNamesLinkedPlugins); the out-of-band edits are
	// the mock's, which changes a tier either way.
	kindRows[cloudgateway.AddOnKind.TypeName] = acctest.KindRow{
		Deps:      func(*acctest.KindFixture) string { return cloudGatewayCP },
		Block:     addOnBlock,
		Update:    &acctest.KindUpdate{Attr: "config", Field: "config.capacity_config.tier", Line: "config.managed_cache.capacity_config.tiered.tier", Values: [2]any{"medium", "large"}, UI: "small"},
		NoKept:    "Konnect's PATCH of an add-on takes its config only, which configuration sets whole",
		NoRemoval: "an add-on's attributes are required",
		UpdatedAt: true,
	}
	kindRows[cloudgateway.ServerlessKind.TypeName] = acctest.KindRow{
		Deps: func(*acctest.KindFixture) string {
			return "\nresource \"konnect_gateway_control_plane\" \"serverless\" {\n  name         = \"serverless\"\n  cluster_type = \"CLUSTER_TYPE_SERVERLESS\"\n}\n"
		},
		NoUpdate:  "Konnect has no update for a serverless cloud gateway, and returns neither its certificate nor its key: every attribute replaces it",
		NoRemoval: "every attribute replaces the gateway: removing labels plans a replace, not an update",
		Steps:     createdThenGone(func(f *acctest.KindFixture) string { return f.WithBlock("", serverlessBlock(f)) }),
	}
}
