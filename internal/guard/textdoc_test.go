package guard

import (
	"strings"
	"testing"
)

const specJSON = `{"openapi":"3.0.3","info":{"title":"Orders","version":"1.0.0"},"paths":{"/orders":{"get":{"summary":"List orders","responses":{"200":{"description":"ok"}}}}}}`

// The same specification in YAML, re-indented, keys reordered, a response code unquoted.
const specYAML = `paths:
  /orders:
    get:
      responses:
        200:
          description: ok
      summary: List orders
info:
  version: 1.0.0
  title: Orders
openapi: 3.0.3
`

func TestTextDocEqual(t *testing.T) {
	f := Field{Name: "content", TextDoc: true}
	if !Equal(f, specJSON, specYAML) {
		t.Error("the same document in JSON and YAML compares different")
	}
	changed := strings.Replace(specYAML, "summary: List orders", "summary: List all orders", 1)
	if Equal(f, specJSON, changed) {
		t.Error("a changed summary compares equal")
	}
	if Equal(Field{Name: "content"}, specJSON, specYAML) {
		t.Error("without TextDoc, two texts compare as documents")
	}
	if Equal(f, "just words", "just  words") || !Equal(f, "just words", "just words") {
		t.Error("text that is no mapping must compare as text")
	}
	// A member of an object value.
	g := Field{Name: "spec", TextDoc: true, TextDocAt: "content"}
	if !Equal(g, map[string]any{"content": specJSON}, map[string]any{"content": specYAML}) {
		t.Error("spec.content: the same document compares different")
	}
	if Equal(g, map[string]any{"content": specJSON}, map[string]any{"content": changed}) {
		t.Error("spec.content: a changed document compares equal")
	}
}

// A conflict on a specification is shown per path that changed: what Konnect changed, what
// the plan writes, each path with its three values; the rest of the document is not shown.
func TestExpandTextDocs(t *testing.T) {
	f := Field{Name: "spec", TextDoc: true, TextDocAt: "content"}
	inKonnect := strings.Replace(strings.Replace(specYAML, "summary: List orders", "summary: Orders, newest first", 1), "version: 1.0.0", "version: 1.0.0-ui", 1)
	planned := strings.Replace(specJSON, `"version":"1.0.0"`, `"version":"1.1.0"`, 1)
	c := Conflict{Field: f, Base: map[string]any{"content": specJSON}, Remote: map[string]any{"content": inKonnect}, Desired: map[string]any{"content": planned}}
	out := expandTextDocs(c)
	got := map[string][3]any{}
	for _, x := range out {
		got[x.Field.Name] = [3]any{x.Base, x.Remote, x.Desired}
		if x.Field.TextDoc {
			t.Errorf("%s: an expanded row still marked TextDoc", x.Field.Name)
		}
	}
	want := map[string][3]any{
		"spec.content.info.version":              {"1.0.0", "1.0.0-ui", "1.1.0"},
		"spec.content.paths./orders.get.summary": {"List orders", "Orders, newest first", "List orders"},
	}
	if len(got) != len(want) {
		t.Fatalf("rows %v, want %v", got, want)
	}
	for name, w := range want {
		if g, ok := got[name]; !ok || g != w {
			t.Errorf("%s: %v, want %v", name, g, w)
		}
	}

	// A side that does not parse: one row, the text (shown as a line diff).
	c.Remote = map[string]any{"content": "openapi: [unclosed"}
	if out := expandTextDocs(c); len(out) != 1 || out[0].Field.Name != "spec" {
		t.Errorf("an unparsable side: %+v", out)
	}
	// A sensitive field is never expanded.
	s := Conflict{Field: Field{Name: "content", TextDoc: true, Sensitive: true}, Base: specJSON, Remote: specYAML + "x: 1\n", Desired: specJSON, Sensitive: true}
	if out := expandTextDocs(s); len(out) != 1 || out[0].Field.Name != "content" {
		t.Errorf("a sensitive field expanded: %+v", out)
	}
}

func TestParseTextDoc(t *testing.T) {
	for text, ok := range map[string]bool{specJSON: true, specYAML: true, "- a\n- b\n": false, "plain": false, "{": false, "": false} {
		if _, got := ParseTextDoc(text); got != ok {
			t.Errorf("ParseTextDoc(%q) ok = %v, want %v", text, got, ok)
		}
	}
	if _, ok := ParseTextDoc(42); ok {
		t.Error("a number parsed as a document")
	}
}
