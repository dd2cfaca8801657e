package mockcore

import (
	"cmp"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The query of a platform list (the /v3 APIs: portals, the API catalog): page[size] and
// page[number], filter[field][op]=value and sort, read in that order, each refusal in the
// family's style through Query.Invalid.

// Query reads a list's query parameters; Invalid answers a parameter it refuses (a 400 in
// the family's style, its source the query).
type Query struct {
	Values  url.Values
	Invalid func(params ...InvalidParam) Response
}

// --- paging: page[size] and page[number]

// Page reads page[size] (default 10) and page[number] (default 1). An empty value is the
// default (the spec's allowEmptyValue); anything else must be a whole number of at least 1.
// The spec sets no largest page size, nor does the mock.
func (q Query) Page() (Page, *Response) {
	p := Page{Number: 1, Size: 10}
	var bad []InvalidParam
	for _, k := range []string{"page[size]", "page[number]"} {
		raw := q.Values.Get(k)
		if raw == "" {
			continue
		}
		p.Given = true
		n, err := strconv.Atoi(raw)
		switch {
		case err != nil:
			bad = append(bad, InvalidParam{Field: k, Rule: "is_number"})
		case n < 1:
			bad = append(bad, InvalidParam{Field: k, Rule: "min", Minimum: IntPtr(1)})
		case k == "page[size]":
			p.Size = n
		default:
			p.Number = n
		}
	}
	if len(bad) > 0 {
		resp := q.Invalid(bad...)
		return p, &resp
	}
	return p, nil
}

// --- filters: filter[field][op]=value

// FieldKind is how a field filters.
type FieldKind int

const (
	TextField     FieldKind = iota // eq, oeq, neq, contains, ocontains (StringFieldFilter)
	UUIDField                      // eq, oeq, neq (UuidFieldFilter)
	BoolField                      // filter[field]=true|false (BooleanFieldFilter)
	TimeField                      // eq, lt, lte, gt, gte on RFC 3339 times (DateTimeFieldFilter)
	EqField                        // eq only
	ContainsField                  // eq, contains
)

var kindOps = map[FieldKind][]string{
	TextField:     {"eq", "oeq", "neq", "contains", "ocontains"},
	UUIDField:     {"eq", "oeq", "neq"},
	BoolField:     {"bool"},
	TimeField:     {"eq", "lt", "lte", "gt", "gte"},
	EqField:       {"eq"},
	ContainsField: {"eq", "contains"},
}

// QuerySpec names the filterable fields of a list and their kinds; "labels.*" is a filter on
// each key of a map field (the spec's LabelsFieldFilter: filter[labels.<key>][op]).
type QuerySpec map[string]FieldKind

// QueryFilter is one filter[…] parameter, read against a QuerySpec.
type QueryFilter struct {
	Filter
	Kind FieldKind
	at   time.Time // the value of a time filter
}

// Filters reads every filter[…] parameter against spec. A field or operator the list does
// not have is the spec's unknown_property on the parameter as sent ("filter[my_attribute]");
// a boolean or time that is not one is a 400 too.
func (q Query) Filters(spec QuerySpec) ([]QueryFilter, *Response) {
	ms := FilterSpec{}
	for name, kind := range spec {
		ms[name] = kindOps[kind]
	}
	var out []QueryFilter
	var bad []InvalidParam
	for _, key := range slices.Sorted(maps.Keys(q.Values)) {
		if !strings.HasPrefix(key, "filter[") {
			continue
		}
		fs, problems := ParseFilters(url.Values{key: q.Values[key]}, ms)
		if len(problems) > 0 {
			if problems[0].Rule == "is_boolean" {
				bad = append(bad, InvalidParam{Field: key, Rule: "is_boolean"})
			} else {
				bad = append(bad, InvalidParam{Field: key, Rule: "unknown_property"})
			}
			continue
		}
		kind, ok := spec[fs[0].Field]
		if i := strings.IndexByte(fs[0].Field, '.'); !ok && i > 0 { // filter[labels.<key>]: the spec's "labels.*"
			kind = spec[fs[0].Field[:i]+".*"]
		}
		f := QueryFilter{Filter: fs[0], Kind: kind}
		if f.Kind == TimeField {
			t, err := time.Parse(time.RFC3339Nano, f.Value)
			if err != nil {
				bad = append(bad, InvalidParam{Field: key, Rule: "is_date_time", Reason: "must be an RFC 3339 date-time"})
				continue
			}
			f.at = t
		}
		out = append(out, f)
	}
	if len(bad) > 0 {
		resp := q.Invalid(bad...)
		return nil, &resp
	}
	return out, nil
}

// Accepts applies the filter to a value (a time field's value is a formatted time).
func (f QueryFilter) Accepts(v string, present bool) bool {
	if f.Kind != TimeField {
		return f.Match(v, present)
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if !present || err != nil {
		return false
	}
	switch f.Op {
	case "lt":
		return t.Before(f.at)
	case "lte":
		return !t.After(f.at)
	case "gt":
		return t.After(f.at)
	case "gte":
		return !t.Before(f.at)
	}
	return t.Equal(f.at)
}

// Keep returns the items every filter accepts; get gives an item's value of a field.
func Keep[T any](items []T, fs []QueryFilter, get func(T, string) (string, bool)) []T {
	out := []T{}
	for _, it := range items {
		if !slices.ContainsFunc(fs, func(f QueryFilter) bool { v, ok := get(it, f.Field); return !f.Accepts(v, ok) }) {
			out = append(out, it)
		}
	}
	return out
}

// --- sort: sort=field, sort=-field, sort=field desc; several separated by commas

// SortKey is one field of a sort parameter.
type SortKey struct {
	Field string
	Desc  bool
}

// Sorting reads the sort parameter against the fields a list sorts by; a field it does not
// sort by is the spec's enum 400 naming them.
func (q Query) Sorting(fields ...string) ([]SortKey, *Response) {
	raw := strings.TrimSpace(q.Values.Get("sort"))
	if raw == "" {
		return nil, nil
	}
	var keys []SortKey
	for _, part := range strings.Split(raw, ",") {
		part = strings.TrimSpace(part)
		k := SortKey{}
		if name, ok := strings.CutPrefix(part, "-"); ok {
			part, k.Desc = name, true
		}
		name, dir, _ := strings.Cut(part, " ")
		switch strings.ToLower(strings.TrimSpace(dir)) {
		case "desc":
			k.Desc = true
		case "", "asc":
		default:
			name = ""
		}
		k.Field = strings.TrimSpace(name)
		if !slices.Contains(fields, k.Field) {
			resp := q.Invalid(InvalidParam{Field: "sort", Rule: "enum", Choices: fields})
			return nil, &resp
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// SortBy orders items by the keys (stable: equal items keep their order); get gives an
// item's value of a field as a string that sorts as the value does (formatted times,
// "false" before "true").
func SortBy[T any](items []T, keys []SortKey, get func(T, string) (string, bool)) {
	if len(keys) == 0 {
		return
	}
	slices.SortStableFunc(items, func(a, b T) int {
		for _, k := range keys {
			va, _ := get(a, k.Field)
			vb, _ := get(b, k.Field)
			if n := cmp.Compare(va, vb); n != 0 {
				if k.Desc {
					return -n
				}
				return n
			}
		}
		return 0
	})
}

// ListQuery answers a paged list: the paging, filter and sort parameters are checked in that
// order (sorts nil: the list has no sort parameter, and ignores one); view shows each item of
// the page.
func ListQuery[T, V any](q Query, items []T, spec QuerySpec, sorts []string, get func(T, string) (string, bool), view func(T) V) Response {
	p, bad := q.Page()
	if bad != nil {
		return *bad
	}
	fs, bad := q.Filters(spec)
	if bad != nil {
		return *bad
	}
	var keys []SortKey
	if sorts != nil {
		if keys, bad = q.Sorting(sorts...); bad != nil {
			return *bad
		}
	}
	kept := Keep(items, fs, get)
	SortBy(kept, keys, get)
	views := make([]V, 0, len(kept))
	for _, it := range kept {
		views = append(views, view(it))
	}
	return List(views, p)
}

// OptString is a nullable field's value for filters and sorts (absent when null).
func OptString(s *string) (string, bool) {
	if s == nil {
		return "", false
	}
	return *s, true
}
