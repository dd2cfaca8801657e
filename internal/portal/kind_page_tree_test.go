package portal

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 32, part 5: a page moved under itself or one of its own sub-pages is refused at
// plan, on parent_page_id (Konnect's 400 came at apply); a move elsewhere is not.
func TestCheckPageNotUnderItself(t *testing.T) {
	const token = "kpat_page_tree_test_token_0123456789"
	srv := httptest.NewServer(konnectmock.New(konnectmock.Options{Tokens: []string{token}}))
	t.Cleanup(srv.Close)
	c, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	post := func(path string, body konnect.Object) string {
		var out konnect.Object
		if _, err := c.Do(ctx, http.MethodPost, path, nil, body, &out); err != nil {
			t.Fatal(err)
		}
		return out["id"].(string)
	}
	portal := post("/v3/portals", konnect.Object{"name": "tree"})
	pages := "/v3/portals/" + portal + "/pages"
	a := post(pages, konnect.Object{"slug": "a", "content": "# A\n"})
	b := post(pages, konnect.Object{"slug": "b", "content": "# B\n", "parent_page_id": a})
	grand := post(pages, konnect.Object{"slug": "c", "content": "# C\n", "parent_page_id": b})
	other := post(pages, konnect.Object{"slug": "other", "content": "# Other\n"})
	for parent, want := range map[string]string{a: "is the page itself", b: "is one of its own sub-pages", grand: "is one of its own sub-pages", other: ""} {
		problems := checkPage(ctx, c, konnect.Object{"id": a, "portal_id": portal, "parent_page_id": parent, "content": "# A\n"})
		got := ""
		for _, p := range problems {
			if p.Attr != "parent_page_id" {
				t.Errorf("a problem on %s: %v", p.Attr, p)
			}
			got = p.Detail
		}
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("page a under %s: %q, want %q", parent, got, want)
		}
	}
}
