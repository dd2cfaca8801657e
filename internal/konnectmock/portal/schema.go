package portal

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strconv"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// schema is the part of an OpenAPI schema the mock checks documents against:
// the nested settings objects (customization, strategy configs) whose arrays of
// objects mockcore.Body does not reach. Problems name the field by its path
// ("menu.main[0].title").
type schema struct {
	typ       string // object, array, string, boolean, integer
	props     map[string]*schema
	required  []string
	open      bool // additionalProperties: true
	items     *schema
	enum      []string
	pattern   *regexp.Regexp
	minLen    int
	maxLen    int // 0: none
	minItems  int
	maxItems  int // 0: none
	unique    bool
	minimum   *int
	nullable  bool
	url       bool // format url: an absolute http(s) URL
	byDefault any  // the spec's default, filled by fill
}

func obj(props map[string]*schema, required ...string) *schema {
	return &schema{typ: "object", props: props, required: required}
}

func str(maxLen int) *schema { return &schema{typ: "string", maxLen: maxLen} }

func boolean(def any) *schema { return &schema{typ: "boolean", byDefault: def} }

func arrayOf(items *schema, minItems, maxItems int) *schema {
	return &schema{typ: "array", items: items, minItems: minItems, maxItems: maxItems}
}

func enum(choices ...string) *schema { return &schema{typ: "string", enum: choices} }

// check appends the problems of v (at path) to bad. With patch, null stands for
// "remove this member" (a JSON merge patch) and required members may be left
// out of objects, though not of the array items a patch replaces whole.
func (s *schema) check(path string, v any, patch bool, bad *[]mockcore.InvalidParam) {
	fail := func(rule, reason string) {
		*bad = append(*bad, mockcore.InvalidParam{Field: path, Rule: rule, Reason: reason})
	}
	if v == nil {
		if !s.nullable && !patch {
			fail(typeRule(s.typ), "must not be null")
		}
		return
	}
	switch s.typ {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			fail("is_object", "")
			return
		}
		if !patch {
			for _, k := range s.required {
				if _, has := m[k]; !has {
					*bad = append(*bad, mockcore.InvalidParam{Field: join(path, k), Rule: "required"})
				}
			}
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			sub, known := s.props[k]
			if known && patch && m[k] == nil {
				continue // a merge patch removes the member
			}
			if !known {
				if !s.open {
					*bad = append(*bad, mockcore.InvalidParam{Field: join(path, k), Rule: "unknown_property"})
				}
				continue
			}
			sub.check(join(path, k), m[k], patch && sub.typ == "object", bad)
		}
	case "array":
		arr, ok := v.([]any)
		if !ok {
			fail("is_array", "")
			return
		}
		switch {
		case len(arr) < s.minItems:
			*bad = append(*bad, mockcore.InvalidParam{Field: path, Rule: "min_items", Minimum: mockcore.IntPtr(s.minItems), Reason: fmt.Sprintf("must have at least %d items", s.minItems)})
		case s.maxItems > 0 && len(arr) > s.maxItems:
			*bad = append(*bad, mockcore.InvalidParam{Field: path, Rule: "max_items", Maximum: mockcore.IntPtr(s.maxItems), Reason: fmt.Sprintf("must have at most %d items", s.maxItems)})
		}
		seen := map[string]bool{}
		for i, it := range arr {
			s.items.check(fmt.Sprintf("%s[%d]", path, i), it, false, bad)
			if key := string(mockcore.Marshal(it)); s.unique && seen[key] {
				*bad = append(*bad, mockcore.InvalidParam{Field: fmt.Sprintf("%s[%d]", path, i), Rule: "invalid", Reason: "must not repeat an earlier item"})
			} else {
				seen[key] = true
			}
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			fail("is_string", "")
			return
		}
		n := len([]rune(str))
		switch {
		case s.enum != nil && !slices.Contains(s.enum, str):
			*bad = append(*bad, mockcore.InvalidParam{Field: path, Rule: "enum", Choices: s.enum})
		case n < s.minLen:
			*bad = append(*bad, mockcore.InvalidParam{Field: path, Rule: "min_length", Minimum: mockcore.IntPtr(s.minLen)})
		case s.maxLen > 0 && n > s.maxLen:
			*bad = append(*bad, mockcore.InvalidParam{Field: path, Rule: "max_length", Maximum: mockcore.IntPtr(s.maxLen)})
		case s.pattern != nil && !s.pattern.MatchString(str):
			fail("matches_regex", "must match "+s.pattern.String())
		case s.url && !isURL(str):
			fail("invalid", "must be an absolute http or https URL")
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			fail("is_boolean", "")
		}
	case "integer":
		num, ok := v.(json.Number)
		n, err := strconv.ParseInt(string(num), 10, 64)
		if !ok || err != nil {
			fail("is_integer", "")
			return
		}
		if s.minimum != nil && n < int64(*s.minimum) {
			*bad = append(*bad, mockcore.InvalidParam{Field: path, Rule: "min", Minimum: s.minimum})
		}
	}
}

func typeRule(typ string) string {
	switch typ {
	case "object":
		return "is_object"
	case "array":
		return "is_array"
	case "boolean":
		return "is_boolean"
	case "integer":
		return "is_integer"
	}
	return "is_string"
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// fill sets the spec's defaults of the members an object leaves out, in place,
// recursing into the objects it holds.
func (s *schema) fill(m map[string]any) {
	for k, sub := range s.props {
		v, has := m[k]
		if !has && sub.byDefault != nil {
			v = deepCopy(sub.byDefault)
			m[k] = v
		}
		if mm, ok := v.(map[string]any); ok && sub.typ == "object" {
			sub.fill(mm)
		}
	}
}

// mergePatch applies a JSON merge patch (RFC 7386) to dst: objects merge
// member by member, null removes a member, anything else replaces it.
func mergePatch(dst, patch map[string]any) {
	for k, v := range patch {
		switch pv := v.(type) {
		case nil:
			delete(dst, k)
		case map[string]any:
			cur, ok := dst[k].(map[string]any)
			if !ok {
				cur = map[string]any{}
			}
			mergePatch(cur, pv)
			dst[k] = cur
		default:
			dst[k] = v
		}
	}
}

// deepCopy copies a decoded JSON document.
func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[k] = deepCopy(x)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = deepCopy(x)
		}
		return out
	}
	return v
}

// deepCopyMap is deepCopy of a document.
func deepCopyMap(m map[string]any) map[string]any {
	out, _ := deepCopy(m).(map[string]any)
	return out
}
