package engine

import (
	"fmt"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// withAncestors puts every object of a tree under each object above it, at any depth, so
// that one listing of a portal's page tree answers the cascade guard for every page.
func TestWithAncestors(t *testing.T) {
	tree := []konnect.Object{
		{"id": "a", "children": []any{
			map[string]any{"id": "b", "children": []any{map[string]any{"id": "c"}}},
			map[string]any{"id": "d"},
		}},
		{"id": "e"},
	}
	got := map[string]string{}
	for _, o := range withAncestors(tree, "children", nil) {
		got[fmt.Sprint(o["id"])] = fmt.Sprint(o[ancestorsKey])
	}
	want := map[string]string{"a": "[]", "b": "[a]", "c": "[a b]", "d": "[a]", "e": "[]"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ancestors = %v, want %v", got, want)
	}
	if _, ok := tree[0][ancestorsKey]; ok {
		t.Error("withAncestors changed the listing it was given")
	}
}
