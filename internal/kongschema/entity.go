package kongschema

import (
	"fmt"
	"strings"
)

// Entity checks: the rules of a schema document's top-level `entity_checks` that span fields
// (Kong's Lua schemas: rate-limiting needs one of its limits, and config.redis.host with
// policy "redis"; acl takes allow or deny, not both). Known: at_least_one_of, only_one_of,
// mutually_exclusive, conditional (if_match and then_match of eq, one_of and required) and
// conditional_at_least_one_of. Others are left to Konnect. The messages are Kong's; no value
// the user gave is quoted.

// CheckEntity checks config (the plugin's `config`, paths `config.…` in the rules) against
// the schema document's entity checks. A rule on a path under Options.SkipRequiredUnder (a
// linked partial fills it) counts that path as given.
func CheckEntity(schema map[string]any, config map[string]any, opts Options) []Problem {
	checks, _ := schema["entity_checks"].([]any)
	doc := map[string]any{"config": config}
	if opts.Also != nil {
		doc = map[string]any{"config": overlay(config, opts.Also)}
	}
	given := func(p string) bool {
		for _, u := range opts.SkipRequiredUnder {
			if p == u || strings.HasPrefix(p, u+".") {
				return true
			}
		}
		return !empty(at(doc, p))
	}
	var out []Problem
	for _, raw := range checks {
		rule, _ := raw.(map[string]any)
		for name, arg := range rule {
			switch name {
			case "at_least_one_of":
				fields := strs(arg)
				if len(fields) > 0 && !anyOf(fields, given) && !opts.SkipRequired {
					out = append(out, Problem{Path: common(fields), Message: "at least one of these fields must be non-empty: " + quoted(fields)})
				}
			case "only_one_of", "mutually_exclusive":
				fields := strs(arg)
				n := 0
				for _, f := range fields {
					if given(f) {
						n++
					}
				}
				if n > 1 {
					verb := "only one of these fields must be non-empty: "
					if name == "mutually_exclusive" {
						verb = "these fields are mutually exclusive: "
					}
					out = append(out, Problem{Path: common(fields), Message: verb + quoted(fields)})
				}
			case "conditional", "conditional_at_least_one_of":
				c, _ := arg.(map[string]any)
				ifField, _ := c["if_field"].(string)
				ifMatch, _ := c["if_match"].(map[string]any)
				if ifField == "" || !matches(at(doc, ifField), ifMatch, given(ifField)) {
					continue
				}
				if name == "conditional_at_least_one_of" {
					fields := strs(c["then_at_least_one_of"])
					if len(fields) > 0 && !anyOf(fields, given) && !opts.SkipRequired {
						out = append(out, Problem{Path: common(fields), Message: fmt.Sprintf("at least one of these fields must be non-empty: %s (given value of field '%s')", quoted(fields), ifField)})
					}
					continue
				}
				thenField, _ := c["then_field"].(string)
				thenMatch, _ := c["then_match"].(map[string]any)
				if thenField == "" {
					continue
				}
				if thenMatch["required"] == true && opts.SkipRequired {
					continue // on an update, the key may be in what Konnect holds
				}
				if !matches(at(doc, thenField), thenMatch, given(thenField)) {
					out = append(out, Problem{Path: thenField, Message: fmt.Sprintf("failed conditional validation given value of field '%s'", ifField)})
				}
			}
		}
	}
	return out
}

// matches reports whether v (present: given) satisfies a Kong match: eq, one_of, required.
// A match with none of those is satisfied.
func matches(v any, m map[string]any, present bool) bool {
	if req, ok := m["required"].(bool); ok && req && !present {
		return false
	}
	if eq, ok := m["eq"]; ok && fmt.Sprint(v) != fmt.Sprint(eq) {
		return false
	}
	if one, ok := m["one_of"].([]any); ok {
		found := false
		for _, o := range one {
			found = found || fmt.Sprint(o) == fmt.Sprint(v)
		}
		if !found {
			return false
		}
	}
	return true
}

// at is the value at a dotted path of doc (nil when there is none).
func at(doc map[string]any, path string) any {
	var v any = doc
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func empty(v any) bool {
	switch t := v.(type) {
	case nil:
		return true
	case string:
		return t == ""
	case []any:
		return len(t) == 0
	case map[string]any:
		return len(t) == 0
	}
	return false
}

func strs(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, s := range list {
		if str, ok := s.(string); ok {
			out = append(out, str)
		}
	}
	return out
}

func anyOf(fields []string, given func(string) bool) bool {
	for _, f := range fields {
		if given(f) {
			return true
		}
	}
	return false
}

func quoted(fields []string) string {
	q := make([]string, len(fields))
	for i, f := range fields {
		q[i] = "'" + f + "'"
	}
	return strings.Join(q, ", ")
}

// common is the deepest path the fields share (`config`), where the problem is reported.
func common(fields []string) string {
	parts := strings.Split(fields[0], ".")
	n := len(parts) - 1
	for _, f := range fields[1:] {
		p := strings.Split(f, ".")
		i := 0
		for i < n && i < len(p)-1 && p[i] == parts[i] {
			i++
		}
		n = i
	}
	if n == 0 {
		return fields[0]
	}
	return strings.Join(parts[:n], ".")
}

// overlay lays b over a, recursively (secrets set apart count as given).
func overlay(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		am, ok1 := out[k].(map[string]any)
		bm, ok2 := v.(map[string]any)
		if ok1 && ok2 {
			out[k] = overlay(am, bm)
			continue
		}
		out[k] = v
	}
	return out
}
