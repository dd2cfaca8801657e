package catalog

import (
	"cmp"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- paging: page[size] and page[number]

// page reads page[size] (default 10) and page[number] (default 1). An empty
// value is the default (the spec's allowEmptyValue); anything else must be a
// whole number of at least 1. The spec sets no largest page size, nor does the mock.
func (c *call) page() (mockcore.Page, *mockcore.Response) {
	p := mockcore.Page{Number: 1, Size: 10}
	var bad []mockcore.InvalidParam
	for _, k := range []string{"page[size]", "page[number]"} {
		raw := c.q.Get(k)
		if raw == "" {
			continue
		}
		p.Given = true
		n, err := strconv.Atoi(raw)
		switch {
		case err != nil:
			bad = append(bad, mockcore.InvalidParam{Field: k, Rule: "is_number"})
		case n < 1:
			bad = append(bad, mockcore.InvalidParam{Field: k, Rule: "min", Minimum: mockcore.IntPtr(1)})
		case k == "page[size]":
			p.Size = n
		default:
			p.Number = n
		}
	}
	if len(bad) > 0 {
		resp := c.invalidRequest(bad...)
		return p, &resp
	}
	return p, nil
}

// --- filters: filter[field][op]=value

type fieldKind int

const (
	textField     fieldKind = iota // eq, oeq, neq, contains, ocontains (StringFieldFilter)
	uuidField                      // eq, oeq, neq (UuidFieldFilter)
	boolField                      // filter[field]=true|false (BooleanFieldFilter)
	timeField                      // eq, lt, lte, gt, gte on RFC 3339 times (DateTimeFieldFilter)
	eqField                        // eq only
	containsField                  // eq, contains
)

var kindOps = map[fieldKind][]string{
	textField:     {"eq", "oeq", "neq", "contains", "ocontains"},
	uuidField:     {"eq", "oeq", "neq"},
	boolField:     {"bool"},
	timeField:     {"eq", "lt", "lte", "gt", "gte"},
	eqField:       {"eq"},
	containsField: {"eq", "contains"},
}

// filterSpec names the filterable fields of a list and their kinds.
type filterSpec map[string]fieldKind

type filter struct {
	mockcore.Filter
	kind fieldKind
	at   time.Time // the value of a time filter
}

// filters reads every filter[…] parameter against spec. A field or operator
// the list does not have is the spec's unknown_property on the parameter as
// sent ("filter[my_attribute]"); a boolean or time that is not one is a 400 too.
func (c *call) filters(spec filterSpec) ([]filter, *mockcore.Response) {
	ms := mockcore.FilterSpec{}
	for name, kind := range spec {
		ms[name] = kindOps[kind]
	}
	var out []filter
	var bad []mockcore.InvalidParam
	for _, key := range slices.Sorted(maps.Keys(c.q)) {
		if !strings.HasPrefix(key, "filter[") {
			continue
		}
		fs, problems := mockcore.ParseFilters(url.Values{key: c.q[key]}, ms)
		if len(problems) > 0 {
			if problems[0].Rule == "is_boolean" {
				bad = append(bad, mockcore.InvalidParam{Field: key, Rule: "is_boolean"})
			} else {
				bad = append(bad, mockcore.InvalidParam{Field: key, Rule: "unknown_property"})
			}
			continue
		}
		kind, ok := spec[fs[0].Field]
		if !ok { // filter[labels.<key>]: the spec's "labels.*"
			kind = spec[fs[0].Field[:strings.IndexByte(fs[0].Field, '.')]+".*"]
		}
		f := filter{Filter: fs[0], kind: kind}
		if f.kind == timeField {
			t, err := time.Parse(time.RFC3339Nano, f.Value)
			if err != nil {
				bad = append(bad, mockcore.InvalidParam{Field: key, Rule: "is_date_time", Reason: "must be an RFC 3339 date-time"})
				continue
			}
			f.at = t
		}
		out = append(out, f)
	}
	if len(bad) > 0 {
		resp := c.invalidRequest(bad...)
		return nil, &resp
	}
	return out, nil
}

// accepts applies the filter to a value (a time field's value is a formatted time).
func (f filter) accepts(v string, present bool) bool {
	if f.kind != timeField {
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

// keep returns the items every filter accepts; get gives an item's value of a field.
func keep[T any](items []T, fs []filter, get func(T, string) (string, bool)) []T {
	out := []T{}
	for _, it := range items {
		if !slices.ContainsFunc(fs, func(f filter) bool { v, ok := get(it, f.Field); return !f.accepts(v, ok) }) {
			out = append(out, it)
		}
	}
	return out
}

// --- sort: sort=field, sort=-field, sort=field desc; several separated by commas

type sortKey struct {
	field string
	desc  bool
}

// sorting reads the sort parameter against the fields a list sorts by; a field
// it does not sort by is the spec's enum 400 naming them.
func (c *call) sorting(fields ...string) ([]sortKey, *mockcore.Response) {
	raw := strings.TrimSpace(c.q.Get("sort"))
	if raw == "" {
		return nil, nil
	}
	var keys []sortKey
	for _, part := range strings.Split(raw, ",") {
		part = strings.TrimSpace(part)
		k := sortKey{}
		if name, ok := strings.CutPrefix(part, "-"); ok {
			part, k.desc = name, true
		}
		name, dir, _ := strings.Cut(part, " ")
		switch strings.ToLower(strings.TrimSpace(dir)) {
		case "desc":
			k.desc = true
		case "", "asc":
		default:
			name = ""
		}
		k.field = strings.TrimSpace(name)
		if !slices.Contains(fields, k.field) {
			resp := c.invalidRequest(mockcore.InvalidParam{Field: "sort", Rule: "enum", Choices: fields})
			return nil, &resp
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// sortBy orders items by the keys (stable: equal items keep their order);
// get gives an item's value of a field as a string that sorts as the value does
// (formatted times, "false" before "true").
func sortBy[T any](items []T, keys []sortKey, get func(T, string) (string, bool)) {
	if len(keys) == 0 {
		return
	}
	slices.SortStableFunc(items, func(a, b T) int {
		for _, k := range keys {
			va, _ := get(a, k.field)
			vb, _ := get(b, k.field)
			if n := cmp.Compare(va, vb); n != 0 {
				if k.desc {
					return -n
				}
				return n
			}
		}
		return 0
	})
}

// list answers a paged list: the paging, filter and sort parameters are
// checked in that order (sorts nil: the list has no sort parameter); view
// shows each item of the page.
func list[T, V any](c *call, items []T, spec filterSpec, sorts []string, get func(T, string) (string, bool), view func(T) V) mockcore.Response {
	p, bad := c.page()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(spec)
	if bad != nil {
		return *bad
	}
	var keys []sortKey
	if sorts != nil { // a list the spec gives no sort parameter ignores one
		if keys, bad = c.sorting(sorts...); bad != nil {
			return *bad
		}
	}
	kept := keep(items, fs, get)
	sortBy(kept, keys, get)
	views := make([]V, 0, len(kept))
	for _, it := range kept {
		views = append(views, view(it))
	}
	return mockcore.List(views, p)
}

func optString(s *string) (string, bool) {
	if s == nil {
		return "", false
	}
	return *s, true
}
