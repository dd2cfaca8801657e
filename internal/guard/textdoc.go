package guard

import (
	"encoding/json"
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// Text documents. An API's specification is a document written as text (JSON or YAML):
// Konnect may hold it re-indented, with its keys in another order or in the other syntax,
// and two such texts are the same specification. Field.TextDoc says a field's
// value holds such text. The guard compares those texts as the documents they parse to (Equal), and shows
// a conflict on them as the paths of the document that changed (expand), not as two long
// strings. A text that does not parse as a JSON or YAML mapping stays text.
//
// Field.TextDoc marks such a field; Field.TextDocAt names the member of an object value that
// holds the text ("" for the value itself).

// docView is the value with each text document of the field replaced by the document it
// parses to, when it parses to a mapping.
func docView(f Field, v any) any {
	if !f.TextDoc {
		return v
	}
	v = canonjson.Normalize(v)
	if f.TextDocAt == "" {
		if d, ok := ParseTextDoc(v); ok {
			return d
		}
		return v
	}
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if d, ok := ParseTextDoc(m[f.TextDocAt]); ok {
		out := make(map[string]any, len(m))
		for k, x := range m {
			out[k] = x
		}
		out[f.TextDocAt] = d
		return out
	}
	return v
}

// allDocs reports whether the field's text document parses in v.
func allDocs(f Field, v any) bool {
	text := canonjson.Normalize(v)
	if f.TextDocAt != "" {
		m, ok := text.(map[string]any)
		if !ok {
			return false
		}
		text = m[f.TextDocAt]
	}
	_, ok := ParseTextDoc(text)
	return ok
}

// ParseTextDoc parses a JSON or YAML text (JSON is YAML) to a mapping, as decoded JSON
// (mapping keys as strings, numbers as json.Number); ok is false for anything else.
func ParseTextDoc(v any) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	var doc any
	if err := yaml.Unmarshal([]byte(s), &doc); err != nil {
		return nil, false
	}
	doc = stringKeys(doc)
	if _, ok := doc.(map[string]any); !ok {
		return nil, false
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, false
	}
	out, err := canonjson.ParseJSON(string(raw))
	if err != nil {
		return nil, false
	}
	return out, true
}

// stringKeys turns YAML mappings with keys of any type (a response code written 200) into
// JSON objects keyed by the key's text.
func stringKeys(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = stringKeys(x)
		}
		return t
	case map[any]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[fmt.Sprint(k)] = stringKeys(x)
		}
		return out
	case []any:
		for i, x := range t {
			t[i] = stringKeys(x)
		}
		return t
	}
	return v
}

// expandTextDocs shows a conflict on a field holding text documents per changed path of the
// documents, when every side parses; otherwise as it is (a line diff of the text).
func expandTextDocs(c Conflict) []Conflict {
	if c.Sensitive || c.Field.Sensitive {
		return []Conflict{c}
	}
	for _, v := range []any{c.Base, c.Remote, c.Desired} {
		if !allDocs(c.Field, v) {
			return []Conflict{c}
		}
	}
	d := c
	d.Base, d.Remote, d.Desired = docView(c.Field, c.Base), docView(c.Field, c.Remote), docView(c.Field, c.Desired)
	out := ExpandJSON(d, func([]string) bool { return false })
	for i := range out {
		out[i].Field.TextDoc, out[i].Field.TextDocAt = false, ""
	}
	return out
}
