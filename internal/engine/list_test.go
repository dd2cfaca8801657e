package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ListPlatform and PatchAPI.FindByName read the envelopes of the identity API: a bare array
// (identity providers) and cursor pages (an identity provider's team group mappings), besides
// page numbers.
func TestListPlatformEnvelopes(t *testing.T) {
	var calls []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, r.URL.RawQuery)
		w.Header().Set("Content-Type", "application/json")
		q := r.URL.Query()
		switch r.URL.Path {
		case "/v3/bare":
			out := []map[string]any{{"id": "a", "type": "oidc"}, {"id": "b", "type": "saml"}}
			if typ := q.Get("filter[type][eq]"); typ != "" {
				out = []map[string]any{{"id": "b", "type": typ}}
			}
			_ = json.NewEncoder(w).Encode(out)
		case "/v3/cursor":
			// 250 items, size from the query, cursors as ids.
			size, _ := strconv.Atoi(q.Get("page[size]"))
			lo := 0
			if a := q.Get("page[after]"); a != "" {
				lo, _ = strconv.Atoi(a)
				lo++
			} else if q.Get("page[number]") != "1" {
				t.Errorf("first cursor page asked with %q", r.URL.RawQuery)
			}
			var data []map[string]any
			for i := lo; i < min(lo+size, 250); i++ {
				data = append(data, map[string]any{"id": fmt.Sprint(i)})
			}
			var next any
			if lo+size < 250 {
				next = fmt.Sprintf("/cursor?page[size]=%d&page[after]=%d", size, lo+size-1)
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"data": data, "meta": map[string]any{"page": map[string]any{"next": next, "size": size}}})
		case "/v3/cursor-meta":
			// the cursor page as meta itself (the audit logs API's destinations): 150 items
			size, _ := strconv.Atoi(q.Get("page[size]"))
			lo := 0
			if a := q.Get("page[after]"); a != "" {
				lo, _ = strconv.Atoi(a)
			}
			var data []map[string]any
			for i := lo; i < min(lo+size, 150); i++ {
				data = append(data, map[string]any{"id": fmt.Sprint(i)})
			}
			var next any
			if lo+size < 150 {
				next = fmt.Sprintf("/v3/cursor-meta?page[after]=%d&page[size]=%d", lo+size, size)
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"data": data, "meta": map[string]any{"next": next, "previous": nil, "size": size}})
		case "/v3/cursor-full":
			// one full page, and no next one
			var data []map[string]any
			for i := range 100 {
				data = append(data, map[string]any{"id": fmt.Sprint(i)})
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"data": data, "meta": map[string]any{"page": map[string]any{"next": nil, "size": 100}}})
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test_token_0123456789"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	all, err := ListPlatform(ctx, cl, "/v3/bare")
	if err != nil || len(all) != 2 || all[1]["type"] != "saml" {
		t.Errorf("a bare array: %v %v", all, err)
	}

	calls = nil
	all, err = ListPlatform(ctx, cl, "/v3/cursor")
	if err != nil || len(all) != 250 {
		t.Fatalf("cursor pages: %d objects, %v", len(all), err)
	}
	for i, o := range all {
		if o["id"] != fmt.Sprint(i) {
			t.Fatalf("cursor pages: object %d is %v", i, o["id"])
		}
	}
	if len(calls) != 3 || !strings.Contains(calls[2], "page%5Bafter%5D=199") {
		t.Errorf("cursor pages: calls %q", calls)
	}

	calls = nil
	all, err = ListPlatform(ctx, cl, "/v3/cursor-meta")
	if err != nil || len(all) != 150 || all[149]["id"] != "149" || len(calls) != 2 {
		t.Errorf("cursor pages with the cursor in meta: %d objects in %d calls, %v", len(all), len(calls), err)
	}

	calls = nil
	if all, err = ListPlatform(ctx, cl, "/v3/cursor-full"); err != nil || len(all) != 100 || len(calls) != 1 {
		t.Errorf("one full cursor page with no next: %d objects in %d calls, %v", len(all), len(calls), err)
	}

	api := PatchAPI{PlatformAPI: PlatformAPI{Collection: func(map[string]string) string { return "/v3/bare" }},
		NameFilter: "filter[type][eq]", NameField: "type"}
	found, err := api.FindByName(ctx, cl, nil, "saml")
	if err != nil || found == nil || found["id"] != "b" {
		t.Errorf("FindByName over a bare array: %v %v", found, err)
	}
}

// A tree listing (a portal's pages) is flattened parents first, at any depth.
func TestFlattenTree(t *testing.T) {
	tree := []konnect.Object{
		{"id": "a", "children": []any{map[string]any{"id": "a1", "children": []any{map[string]any{"id": "a1x"}}}, map[string]any{"id": "a2"}}},
		{"id": "b", "children": []any{}},
	}
	var ids []string
	for _, o := range flattenTree(tree, "children") {
		ids = append(ids, o["id"].(string))
	}
	if got := strings.Join(ids, ","); got != "a,a1,a1x,a2,b" {
		t.Errorf("flattened: %s", got)
	}
}
