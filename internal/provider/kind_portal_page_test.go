package provider

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// The Dev Portal content kinds' rows in TestAccKinds are in internal/portal
// (kind_portal_page_test.go); what stays here are the fast path's fixtures and portalID.

// portalID is the id of a portal of this mock, made through Konnect's API on first use.
func (e *konnectEnv) portalID(name string) string {
	e.t.Helper()
	return e.PortalID(name)
}

// portalContentFixtures: one page and one snippet, for the fast path's tests (server_test.go).
func portalContentFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	if !slices.ContainsFunc(Kinds, func(k engine.EntityKind) bool { return k.TypeName == portal.PageKind.TypeName }) {
		return // not served yet
	}
	ctx := context.Background()
	var p konnect.Object
	if _, err := client.Do(ctx, http.MethodPost, "/v3/portals", nil, konnect.Object{"name": "fast-path-content"}, &p); err != nil {
		t.Fatalf("portal: %v", err)
	}
	parents := map[string]string{"portal_id": p["id"].(string)}
	page, _, err := portal.PageKind.API.Create(ctx, client, parents, konnect.Object{"slug": "/fast-path", "content": "---\ntitle: Fast path\n---\n# Fast\n\nPath.\n", "parent_page_id": nil})
	if err != nil {
		t.Fatalf("%s: %v", portal.PageKind.TypeName, err)
	}
	ids[portal.PageKind.TypeName] = fmt.Sprintf(`{"id":%q,"portal_id":%q}`, page["id"], parents["portal_id"])
	snippet, _, err := portal.SnippetKind.API.Create(ctx, client, parents, konnect.Object{"name": "fast-path", "content": "# Fast\n\nPath.\n"})
	if err != nil {
		t.Fatalf("%s: %v", portal.SnippetKind.TypeName, err)
	}
	ids[portal.SnippetKind.TypeName] = fmt.Sprintf(`{"id":%q,"portal_id":%q}`, snippet["id"], parents["portal_id"])
}
