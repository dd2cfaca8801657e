package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

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
