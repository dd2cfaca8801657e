package provider

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// ipAllowListRow: an entry of a portal's IP allow list whose addresses change.
var ipAllowListRow = kindRow{noKept: "allowed_ips is its one field",
	deps:  portalLocalDep,
	block: "portal_id = local.portal_id\n  allowed_ips = %s",
	update: &kindUpdate{attr: "allowed_ips", values: [2]any{[]string{"192.0.2.0/24"}, []string{"192.0.2.0/24", "2001:db8::/32"}},
		ui: []any{"198.51.100.7"}},
	noRemoval: "its one attribute, allowed_ips, is required"}

func ipAllowListFixture(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	var p konnect.Object
	if _, err := client.Do(ctx, http.MethodPost, "/v3/portals", nil, konnect.Object{"name": "fast-path-allow-list"}, &p); err != nil {
		t.Fatalf("portal: %v", err)
	}
	parents := map[string]string{"portal_id": p["id"].(string)}
	e, _, err := portal.IPAllowListKind.API.Create(ctx, client, parents, konnect.Object{"allowed_ips": []any{"192.0.2.10", "10.0.0.0/8"}})
	if err != nil {
		t.Fatalf("%s: %v", portal.IPAllowListKind.TypeName, err)
	}
	ids[portal.IPAllowListKind.TypeName] = fmt.Sprintf(`{"id":%q,"portal_id":%q}`, e["id"], parents["portal_id"])
}

// Bad input to an IP allow list, refused when the plan is made, naming the attribute: an
// address that is none, a repeated one, an empty list, more than 25. Nothing reaches Konnect.
func TestAccPortalIPAllowListBadInput(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	config := func(ips string) string {
		return env.providerBlock("") + fmt.Sprintf(`
resource "konnect_portal_ip_allow_list" "office" {
  portal_id   = %q
  allowed_ips = %s
}
`, env.portalID("allow"), ips)
	}
	many := "["
	for i := range 26 {
		many += fmt.Sprintf("%q,", fmt.Sprintf("192.0.2.%d", i))
	}
	many += "]"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(`["192.0.2.300"]`), ExpectError: regexp.MustCompile(`(?s)Invalid IP address or CIDR range.*allowed_ips.*got\s+"192\.0\.2\.300"`)},
			{Config: config(`["192.0.2.0/24", "192.0.2.0/24"]`), ExpectError: regexp.MustCompile(`(?s)Duplicate List Value.*allowed_ips.*duplicate values of: "192\.0\.2\.0/24"`)},
			{Config: config(`[]`), ExpectError: regexp.MustCompile(`(?s)allowed_ips.*list must contain at least 1 elements and at\s+most 25`)},
			{Config: config(many), ExpectError: regexp.MustCompile(`(?s)allowed_ips.*at\s+most 25`)},
			{
				PreConfig: func() {
					if got := env.list("/v3/portals/" + env.portalID("allow") + "/ip-allow-list"); len(got) != 0 {
						t.Errorf("refused plans wrote to Konnect: %v", got)
					}
				},
				Config: config(`["192.0.2.0/24", "2001:db8::/32"]`),
			},
		},
	})
}
