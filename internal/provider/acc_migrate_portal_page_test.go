package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The Dev Portal's pages and snippets in TestMigrateAccFromKong, recorded in a Kong-format
// state as Kong's provider (kong/konnect v3.19.0) writes it (its resource code for pages and snippets):
// every field from Konnect's answer, content byte for byte, parent_page_id
// null at the top level, times in Kong's format.

var kongPortalContentAttrs = map[string][]string{
	"konnect_portal_page": {"content", "created_at", "description", "id", "parent_page_id", "portal_id", "slug", "status",
		"title", "updated_at", "visibility"},
	"konnect_portal_snippet": {"content", "created_at", "description", "id", "name", "portal_id", "status", "title",
		"updated_at", "visibility"},
}

func init() {
	for typ, attrs := range kongPortalContentAttrs {
		kongAttrs[typ] = attrs
	}
}

// addKongPortalContent creates a portal (through Konnect's API: this provider does not
// manage portals here), a page with a child page and a snippet in it, records the page, the
// child and the snippet in state as Kong's provider would have, and returns this
// provider's configuration of them.
func addKongPortalContent(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	call := func(method, path string, body any) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := e.client.Do(ctx, method, path, nil, body, &out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		for _, n := range []string{"created_at", "updated_at"} {
			out[n] = kongTime(t, out[n])
		}
		return out
	}
	portalID := e.portalID("kong-portal")
	pages := "/v3/portals/" + portalID + "/pages"
	var s kongSameNamed
	page := call(http.MethodPost, pages, konnect.Object{"slug": "/my-test-page", "title": "My Page", "content": "# Welcome to My Page",
		"description": "A custom page about developer portals", "visibility": "private", "parent_page_id": nil})
	pageID := page["id"].(string)
	state.add("konnect_portal_page", "my_page", page, map[string]any{"portal_id": portalID, "parent_page_id": nil})
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_portal_page.my_page", typeName: "konnect_portal_page", attr: "title",
		do: func() { e.edit(pages+"/"+pageID, set("title", "Edited in the editor")) }})
	child := call(http.MethodPost, pages, konnect.Object{"slug": "child", "title": "Child", "content": "# Child\n\nUnder my page.\n",
		"parent_page_id": pageID})
	state.add("konnect_portal_page", "child", child, map[string]any{"portal_id": portalID, "description": nil})
	snippet := call(http.MethodPost, "/v3/portals/"+portalID+"/snippets", konnect.Object{"name": "my-snippet", "title": "My Snippet",
		"content": "# Welcome to My Snippet", "description": "A custom snippet about developer portals", "visibility": "private"})
	state.add("konnect_portal_snippet", "my_snippet", snippet, map[string]any{"portal_id": portalID})
	snippetPath := "/v3/portals/" + portalID + "/snippets/" + snippet["id"].(string)
	s.edits = append(s.edits, kongMigrationEdit{round: 2, address: "konnect_portal_snippet.my_snippet", typeName: "konnect_portal_snippet", attr: "title",
		do: func() { e.edit(snippetPath, set("title", "Edited in the editor")) }})
	s.config = fmt.Sprintf(`
resource "konnect_portal_page" "my_page" {
  portal_id   = %[1]q
  slug        = "/my-test-page"
  title       = "My Page"
  content     = "# Welcome to My Page"
  description = "A custom page about developer portals"
  visibility  = "private"
}

resource "konnect_portal_page" "child" {
  portal_id      = %[1]q
  slug           = "child"
  title          = "Child"
  content        = "# Child\n\nUnder my page.\n"
  parent_page_id = konnect_portal_page.my_page.id
}

resource "konnect_portal_snippet" "my_snippet" {
  portal_id   = %[1]q
  name        = "my-snippet"
  title       = "My Snippet"
  content     = "# Welcome to My Snippet"
  description = "A custom snippet about developer portals"
  visibility  = "private"
}
`, portalID)
	return s
}
