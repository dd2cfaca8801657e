package pluginspec

import (
	"maps"
	"slices"
	"testing"
)

// Each nullable record names a record of the data, left optional, so a refresh of input/
// that moves or drops one fails here instead of filling the record.
func TestNullableRecordsAreRecords(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range slices.Sorted(maps.Keys(NullableRecords)) {
		p := set.Plugins[name]
		if p == nil {
			t.Errorf("%s: no such plugin", name)
			continue
		}
		for _, at := range NullableRecords[name] {
			n++
			if f := lookup(p.Config, "config."+at); f == nil || f.Type != "record" || f.Required {
				t.Errorf("%s config.%s: not an optional record (%+v)", name, at, f)
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d nullable records", n)
	}
}

// Kong fills a required record, even one whose required fields all have defaults or are
// required records themselves; a record not required, or needing a value, stays null.
func TestFilled(t *testing.T) {
	str := func(req bool, def string) *Field {
		f := &Field{Name: "s", Type: "string", Required: req}
		if def != "" {
			f.Default = []byte(def)
		}
		return f
	}
	rec := func(req bool, fields ...*Field) *Field {
		return &Field{Name: "r", Type: "record", Required: req, Fields: fields}
	}
	for _, tc := range []struct {
		what string
		f    *Field
		want bool
	}{
		{"required, fields optional", rec(true, str(false, "")), true},
		{"not required", rec(false, str(false, `"x"`)), false},
		{"required field with a default", rec(true, str(true, `"x"`)), true},
		{"required field without a default", rec(true, str(true, "")), false},
		{"required record inside", rec(true, rec(true, str(false, ""))), true},
		{"required record inside needing a value", rec(true, rec(true, str(true, ""))), false},
		{"not a record", str(true, ""), false},
	} {
		if got := Filled(tc.f); got != tc.want {
			t.Errorf("%s: Filled = %t", tc.what, got)
		}
	}
}
