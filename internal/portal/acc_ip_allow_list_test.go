package portal_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Bad input to an IP allow list, refused when the plan is made, naming the attribute: an
// address that is none, a repeated one, an empty list, more than 25. Nothing reaches Konnect.
func TestAccPortalIPAllowListBadInput(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(ips string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_portal_ip_allow_list" "office" {
  portal_id   = %q
  allowed_ips = %s
}
`, env.PortalID("allow"), ips)
	}
	many := "["
	for i := range 26 {
		many += fmt.Sprintf("%q,", fmt.Sprintf("192.0.2.%d", i))
	}
	many += "]"
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(`["192.0.2.300"]`), ExpectError: regexp.MustCompile(`(?s)Invalid IP address or CIDR range.*allowed_ips.*got\s+"192\.0\.2\.300"`)},
			{Config: config(`["192.0.2.0/24", "192.0.2.0/24"]`), ExpectError: regexp.MustCompile(`(?s)Duplicate List Value.*allowed_ips.*duplicate values of: "192\.0\.2\.0/24"`)},
			{Config: config(`[]`), ExpectError: regexp.MustCompile(`(?s)allowed_ips.*list must contain at least 1 elements and at\s+most 25`)},
			{Config: config(many), ExpectError: regexp.MustCompile(`(?s)allowed_ips.*at\s+most 25`)},
			{
				PreConfig: func() {
					if got := env.List("/v3/portals/" + env.PortalID("allow") + "/ip-allow-list"); len(got) != 0 {
						t.Errorf("refused plans wrote to Konnect: %v", got)
					}
				},
				Config: config(`["192.0.2.0/24", "2001:db8::/32"]`),
			},
		},
	})
}
