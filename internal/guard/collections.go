package guard

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// Collections in diagnostics. A list or set (a control plane group's members, a plugin's
// partials, tags) can be too long to print whole; a fingerprint says nothing to a reader,
// and a fingerprint on one side next to JSON on the other cannot be compared at all. So
// the sides of one row are rendered alike: all whole when every side fits, otherwise all as
// counts ("2 items"), followed by the elements someone added and removed in Konnect (and,
// in a plan, what the plan adds and removes), each named by its id (and name) when it is an
// object that has one. Elements are matched by id, so a partial that configuration links by
// id is the same element as the one Konnect fills in with its name and path.

// elements returns v as a collection (null is an empty one).
func elements(v any) ([]any, bool) {
	switch t := canonjson.Normalize(v).(type) {
	case nil:
		return nil, true
	case []any:
		return t, true
	}
	return nil, false
}

// elementKey identifies an element: an object by its id when it has one, anything else by
// its canonical JSON.
func elementKey(e any) string {
	if m, ok := e.(map[string]any); ok {
		if id, ok := m["id"].(string); ok && id != "" {
			return "id:" + id
		}
	}
	c, _ := canonjson.Canonical(e)
	return string(c)
}

// elementText names an element: an object with an id by its id and name, anything else by
// its JSON (fingerprinted when long).
func elementText(e any) string {
	if m, ok := e.(map[string]any); ok {
		if id, ok := m["id"].(string); ok && id != "" {
			if n, ok := m["name"].(string); ok && n != "" {
				return fmt.Sprintf("%s (%q)", id, n)
			}
			return id
		}
	}
	if s, ok := e.(string); ok {
		return shorten(fmt.Sprintf("%q", s), s)
	}
	c, err := canonjson.Canonical(e)
	if err != nil {
		return fmt.Sprint(e)
	}
	return shorten(string(c), e)
}

// collectionRow reports whether the values of one row are collections shown alike by count:
// the field is not sensitive, every side is a collection (or a stand-in: not set, Konnect's
// default), and one of them is too long to print whole.
func collectionRow(f Field, vs ...any) bool {
	if f.Sensitive || f.Document {
		return false
	}
	long := false
	for _, v := range vs {
		switch v.(type) {
		case notSet, konnectDefault:
			continue
		}
		if _, ok := elements(v); !ok {
			return false
		}
		n := canonjson.Normalize(v)
		if f.Set {
			n = sortedSet(n)
		}
		c, err := canonjson.Canonical(n)
		if err != nil {
			return false
		}
		long = long || utf8.RuneCount(c) > maxShown
	}
	return long
}

// showCount renders a collection by its count.
func showCount(v any) string {
	switch v.(type) {
	case notSet:
		return NotSetText
	case konnectDefault:
		return "(Konnect's default)"
	}
	es, _ := elements(v)
	switch len(es) {
	case 0:
		return "(none)"
	case 1:
		return "1 item"
	}
	return fmt.Sprintf("%d items", len(es))
}

// ShowSides renders the values of one row (last applied, in Konnect now, planned) alike.
func ShowSides(f Field, vs ...any) []string {
	out := make([]string, len(vs))
	counts := collectionRow(f, vs...)
	lines := textRow(f, vs...)
	for i, v := range vs {
		if lines {
			out[i] = showLines(v)
		} else if counts {
			out[i] = showCount(v)
		} else {
			out[i] = Show(f, v)
		}
	}
	return out
}

// ElementChanges names the elements that to has and from has not (added), and the other
// way round (removed), matched by id where they have one.
func ElementChanges(from, to any) (added, removed []string) {
	a, _ := elements(from)
	b, _ := elements(to)
	count := func(es []any) map[string]int {
		m := map[string]int{}
		for _, e := range es {
			m[elementKey(e)]++
		}
		return m
	}
	ca, cb := count(a), count(b)
	for _, e := range b {
		if k := elementKey(e); ca[k] > 0 {
			ca[k]--
		} else {
			added = append(added, elementText(e))
		}
	}
	for _, e := range a {
		if k := elementKey(e); cb[k] > 0 {
			cb[k]--
		} else {
			removed = append(removed, elementText(e))
		}
	}
	return added, removed
}

// elementLines are the lines under a row shown by counts: what changed in Konnect since
// the base, and (planned non-nil) what the plan changes in what Konnect holds now.
func elementLines(b *strings.Builder, indent string, base, remote, planned any, plans bool) {
	var lines [][2]string
	add := func(label string, names []string) {
		if len(names) > 0 {
			lines = append(lines, [2]string{label, strings.Join(names, ", ")})
		}
	}
	added, removed := ElementChanges(base, remote)
	add("added in Konnect:", added)
	add("removed in Konnect:", removed)
	if plans {
		switch planned.(type) {
		case notSet, konnectDefault:
		default:
			added, removed := ElementChanges(remote, planned)
			add("the plan adds:", added)
			add("the plan removes:", removed)
		}
	}
	w := 0
	for _, l := range lines {
		w = max(w, len(l[0]))
	}
	for _, l := range lines {
		fmt.Fprintf(b, "%s%-*s %s\n", indent, w, l[0], l[1])
	}
}
