package engine

import (
	"fmt"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// descendants: what is under one object of a tree, at any depth, and nothing of its
// siblings or ancestors.
func TestDescendants(t *testing.T) {
	node := func(id string, kids ...any) konnect.Object { return konnect.Object{"id": id, "children": kids} }
	tree := []konnect.Object{
		node("a", node("a1", node("a1x")), node("a2")),
		node("b", node("b1")),
	}
	ids := func(objs []konnect.Object) string {
		var out []any
		for _, o := range objs {
			out = append(out, o["id"])
		}
		return fmt.Sprint(out)
	}
	for id, want := range map[string]string{"a": "[a1 a1x a2]", "a1": "[a1x]", "a2": "[]", "b": "[b1]", "zz": "[]"} {
		if got := ids(descendants(tree, "children", id)); got != want {
			t.Errorf("descendants of %s: %s, want %s", id, got, want)
		}
	}
}

// withoutDerived drops top-level and nested fields, and leaves the object it was given as it was.
func TestWithoutDerived(t *testing.T) {
	obj := konnect.Object{"active": true, "name": "keys", "key_auth": map[string]any{"active": true, "name": "keys"}, "openid_connect": nil}
	got := withoutDerived(obj, []string{"active", "key_auth.active", "openid_connect.active", "missing.x"})
	if fmt.Sprint(got) != "map[key_auth:map[name:keys] name:keys openid_connect:<nil>]" {
		t.Errorf("got %v", got)
	}
	if fmt.Sprint(obj) != "map[active:true key_auth:map[active:true name:keys] name:keys openid_connect:<nil>]" {
		t.Errorf("the object given was changed: %v", obj)
	}
}

// keepUndeclared: a PUT's body keeps what Konnect holds that the kind does not declare, and
// never the fields Konnect sets itself, derived ones, or nulls; the body's own values win.
func TestKeepUndeclared(t *testing.T) {
	r := &EntityResource{Kind: EntityKind{TypeName: "t", Derived: []string{"snis"},
		Attrs: []Attr{{Name: "name", Type: String}, {Name: "tags", Type: ListOf(String)}}}}
	body := konnect.Object{"name": "planned"}
	live := konnect.Object{"id": "x", "created_at": 1, "updated_at": 2, "name": "live", "tags": []any{"t"},
		"snis": []any{"s"}, "new_setting": "kept", "nothing": nil}
	r.keepUndeclared(body, live)
	if fmt.Sprint(body) != "map[name:planned new_setting:kept]" {
		t.Errorf("body: %v", body)
	}
}
