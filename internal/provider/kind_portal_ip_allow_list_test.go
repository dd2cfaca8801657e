package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
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
