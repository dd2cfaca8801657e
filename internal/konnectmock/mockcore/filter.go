package mockcore

import (
	"maps"
	"net/url"
	"slices"
	"strings"
)

// FilterSpec names, per field, the operators a list accepts in
// filter[field][op]=value. The operator "bool" marks a boolean field, compared
// for equality (filter[active]=true or filter[active][eq]=true). A field
// "labels.*" accepts any filter[labels.<key>][op].
type FilterSpec map[string][]string

// Filter is one parsed filter. filter[field]=value is shorthand for [eq].
type Filter struct {
	Field, Op, Value string
}

// ParseFilters reads every filter[…] parameter of q against spec. Unknown fields
// and operators are 400s worded as Konnect words them.
func ParseFilters(q url.Values, spec FilterSpec) ([]Filter, []InvalidParam) {
	var out []Filter
	var bad []InvalidParam
	for _, key := range slices.Sorted(maps.Keys(q)) {
		if !strings.HasPrefix(key, "filter[") {
			continue
		}
		rest := strings.TrimPrefix(key, "filter[")
		field, tail, ok := strings.Cut(rest, "]")
		op := ""
		switch {
		case !ok || field == "":
			bad = append(bad, InvalidParam{Field: key, Rule: "invalid", Reason: "is not a valid filter"})
			continue
		case tail == "":
		case strings.HasPrefix(tail, "[") && strings.HasSuffix(tail, "]") && len(tail) > 2 && !strings.ContainsAny(tail[1:len(tail)-1], "[]"):
			op = tail[1 : len(tail)-1]
		default:
			bad = append(bad, InvalidParam{Field: key, Rule: "invalid", Reason: "is not a valid filter"})
			continue
		}
		ops, known := spec[field]
		if !known {
			if dot := strings.IndexByte(field, '.'); dot > 0 && dot < len(field)-1 {
				ops, known = spec[field[:dot]+".*"]
			}
		}
		if !known {
			bad = append(bad, InvalidParam{Field: "[filter][" + field + "]", Rule: "invalid", Reason: "[" + field + "] is not a supported filter field"})
			continue
		}
		isBool := slices.Contains(ops, "bool")
		if op == "" {
			op = "eq"
		}
		if (isBool && op != "eq") || (!isBool && !slices.Contains(ops, op)) {
			bad = append(bad, InvalidParam{Field: "[filter][" + field + "][" + op + "]", Rule: "invalid", Reason: "[" + op + "] is not a supported filter operation"})
			continue
		}
		val := q.Get(key)
		if isBool || op == "exists" {
			if val != "true" && val != "false" {
				bad = append(bad, InvalidParam{Field: "[filter][" + field + "]", Rule: "is_boolean", Reason: "must be true or false"})
				continue
			}
		}
		out = append(out, Filter{Field: field, Op: op, Value: val})
	}
	return out, bad
}

// Match applies the filter to a value; present says whether the object has the
// field at all (a label, a nullable string).
func (f Filter) Match(v string, present bool) bool {
	switch f.Op {
	case "eq":
		return present && v == f.Value
	case "neq":
		return !present || v != f.Value
	case "contains":
		return present && strings.Contains(v, f.Value)
	case "oeq":
		return present && slices.Contains(strings.Split(f.Value, ","), v)
	case "ocontains":
		return present && slices.ContainsFunc(strings.Split(f.Value, ","), func(s string) bool { return strings.Contains(v, s) })
	case "exists":
		return present == (f.Value == "true")
	}
	return false
}

// MatchAll keeps the items every filter accepts; get returns an item's value of a field.
func MatchAll[T any](items []T, filters []Filter, get func(item T, field string) (string, bool)) []T {
	out := []T{}
	for _, it := range items {
		if !slices.ContainsFunc(filters, func(f Filter) bool { v, ok := get(it, f.Field); return !f.Match(v, ok) }) {
			out = append(out, it)
		}
	}
	return out
}
