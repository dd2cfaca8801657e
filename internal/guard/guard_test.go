package guard

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParsePolicy(t *testing.T) {
	tests := []struct {
		in      string
		want    ConflictPolicy
		wantErr bool
	}{
		{"", PolicyFail, false},
		{"fail", PolicyFail, false},
		{"warn", PolicyWarn, false},
		{"overwrite", PolicyOverwrite, false},
		{"  warn\n", PolicyWarn, false},
		{"   ", PolicyFail, false},
		{"Fail", "", true},
		{"WARN", "", true},
		{"overwritee", "", true},
		{"ignore", "", true},
		{"fail,warn", "", true},
	}
	for _, tt := range tests {
		got, err := ParsePolicy(tt.in)
		if tt.wantErr {
			if err == nil {
				t.Errorf("ParsePolicy(%q) = %q, want an error", tt.in, got)
				continue
			}
			msg := err.Error()
			for _, p := range []string{"fail", "warn", "overwrite", "fail, warn, overwrite"} {
				if !strings.Contains(msg, p) {
					t.Errorf("ParsePolicy(%q) error %q does not name %q", tt.in, msg, p)
				}
			}
			if want := `"` + tt.in + `"`; !strings.Contains(msg, want) {
				t.Errorf("ParsePolicy(%q) error %q does not quote the value", tt.in, msg)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParsePolicy(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if want := []string{"fail", "warn", "overwrite"}; !reflect.DeepEqual(Policies, want) {
		t.Errorf("Policies = %v, want %v", Policies, want)
	}
}

func TestPolicyFromEnv(t *testing.T) {
	if PolicyEnv != "KONNECT_CONFLICT_POLICY" {
		t.Fatalf("PolicyEnv = %q", PolicyEnv)
	}
	tests := []struct {
		env     string
		want    ConflictPolicy
		wantErr bool
	}{
		{"", PolicyFail, false},
		{"fail", PolicyFail, false},
		{"warn", PolicyWarn, false},
		{"overwrite", PolicyOverwrite, false},
		{"yolo", "", true},
	}
	for _, tt := range tests {
		t.Run("env="+tt.env, func(t *testing.T) {
			t.Setenv(PolicyEnv, tt.env)
			got, err := PolicyFromEnv()
			if tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), "fail, warn, overwrite") || !strings.Contains(err.Error(), `"yolo"`) {
					t.Errorf("PolicyFromEnv() = %q, %v; want an error naming the value and the allowed values", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("PolicyFromEnv() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestObjectString(t *testing.T) {
	tests := []struct {
		obj  Object
		want string
	}{
		{Object{TypeName: "konnect_gateway_service", ID: "5b1c", ControlPlaneID: "9d2e"}, "konnect_gateway_service (id 5b1c, control plane 9d2e)"},
		{Object{TypeName: "konnect_gateway_control_plane", ID: "9d2e"}, "konnect_gateway_control_plane (id 9d2e)"},
	}
	for _, tt := range tests {
		if got := tt.obj.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestFormatUpdatedAt(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"nil", nil, ""},
		{"json.Number seconds", json.Number("1796203241"), "2026-12-02T09:20:41Z"},
		{"json.Number fractional seconds (targets)", json.Number("1796203241.987"), "2026-12-02T09:20:41Z"},
		{"json.Number exponent", json.Number("1.796203241e9"), "2026-12-02T09:20:41Z"},
		{"float64 seconds", float64(1796203241), "2026-12-02T09:20:41Z"},
		{"float64 fractional seconds", 1796203241.999, "2026-12-02T09:20:41Z"},
		{"int", 1796203241, "2026-12-02T09:20:41Z"},
		{"int64", int64(1700000000), "2023-11-14T22:13:20Z"},
		{"zero", 0, "1970-01-01T00:00:00Z"},
		{"before 1970, fractional: rounded down", -1.5, "1969-12-31T23:59:58Z"},
		{"RFC 3339 UTC", "2026-12-02T09:20:41Z", "2026-12-02T09:20:41Z"},
		{"RFC 3339 millis", "2026-12-02T09:20:41.123Z", "2026-12-02T09:20:41Z"},
		{"RFC 3339 nanos", "2026-12-02T09:20:41.123456789Z", "2026-12-02T09:20:41Z"},
		{"RFC 3339 offset", "2026-12-02T11:20:41.5+02:00", "2026-12-02T09:20:41Z"},
		{"RFC 3339 negative offset", "2026-12-01T23:20:41-10:00", "2026-12-02T09:20:41Z"},
		{"seconds as a string", "1796203241", "2026-12-02T09:20:41Z"},
		{"fractional seconds as a string", "1796203241.25", "2026-12-02T09:20:41Z"},
		{"unparseable string kept", "yesterday", "yesterday"},
		{"empty string", "", ""},
		{"beyond year 9999 kept as a number", json.Number("1e30"), "1e30"},
		{"bool", true, "true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatUpdatedAt(tt.in); got != tt.want {
				t.Errorf("FormatUpdatedAt(%#v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCheckStale(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_service", ID: "5b1c", ControlPlaneID: "9d2e"}
	plan := Version{Revision: "sha256:1f0c", UpdatedAt: "2026-12-02T09:14:03Z"}
	now := Version{Revision: "sha256:a83e", UpdatedAt: "2026-12-02T09:20:41Z"}

	tests := []struct {
		name       string
		atPlan     Version
		now        Version
		wantStale  bool
		wantDetail string
	}{
		{name: "same revision", atPlan: plan, now: Version{Revision: plan.Revision, UpdatedAt: "other"}},
		{name: "no planned revision (created in this plan, or unknown)", atPlan: Version{}, now: now},
		{name: "no planned revision, nothing now", atPlan: Version{}, now: Version{}},
		{name: "different revision", atPlan: plan, now: now, wantStale: true, wantDetail: "" +
			"  konnect_gateway_service (id 5b1c, control plane 9d2e)\n" +
			"  revision at plan:  sha256:1f0c   (updated_at 2026-12-02T09:14:03Z)\n" +
			"  revision now:      sha256:a83e   (updated_at 2026-12-02T09:20:41Z)\n" +
			"\n" +
			"Nothing was written: the planned update was made against an older version of this object. " +
			"Run `terraform plan` again to see the current state and re-decide."},
		{name: "different revision, updated_at unknown", atPlan: Version{Revision: "sha256:1f0c"}, now: Version{Revision: "sha256:a83e"}, wantStale: true, wantDetail: "" +
			"  konnect_gateway_service (id 5b1c, control plane 9d2e)\n" +
			"  revision at plan:  sha256:1f0c\n" +
			"  revision now:      sha256:a83e\n" +
			"\n" +
			"Nothing was written: the planned update was made against an older version of this object. " +
			"Run `terraform plan` again to see the current state and re-decide."},
		{name: "same updated_at, different revision", atPlan: plan, now: Version{Revision: "sha256:ffff", UpdatedAt: plan.UpdatedAt}, wantStale: true},
		{name: "revision now unknown", atPlan: plan, now: Version{}, wantStale: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := CheckStale(obj, "update", tt.atPlan, tt.now)
			if !tt.wantStale {
				if e != nil {
					t.Fatalf("CheckStale = %v, want nil", e)
				}
				return
			}
			if e == nil {
				t.Fatal("CheckStale = nil, want a StalePlanError")
			}
			if e.Gone || e.Object != obj || e.Operation != "update" || e.AtPlan != tt.atPlan || e.Now != tt.now {
				t.Errorf("CheckStale = %+v", e)
			}
			if got, want := e.Summary(), "Konnect object changed since this plan was made"; got != want {
				t.Errorf("Summary = %q, want %q", got, want)
			}
			if tt.wantDetail != "" && e.Detail() != tt.wantDetail {
				t.Errorf("Detail =\n%s\nwant\n%s", e.Detail(), tt.wantDetail)
			}
			if got, want := e.Error(), e.Summary()+": "+e.Detail(); got != want {
				t.Errorf("Error = %q, want %q", got, want)
			}
			assertPreformatted(t, e.Detail(), 3)
		})
	}
}

func TestStalePlanDetailContent(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_route", ID: "r-1", ControlPlaneID: "cp-1"}
	for _, op := range []Operation{OpUpdate, OpDelete, OpReplace} {
		e := CheckStale(obj, op, Version{Revision: "sha256:old", UpdatedAt: "2026-12-02T09:14:03Z"}, Version{Revision: "sha256:new", UpdatedAt: "2026-12-02T09:20:41Z"})
		d := e.Detail()
		for _, want := range []string{
			"konnect_gateway_route (id r-1, control plane cp-1)",
			"revision at plan:  sha256:old   (updated_at 2026-12-02T09:14:03Z)",
			"revision now:      sha256:new   (updated_at 2026-12-02T09:20:41Z)",
			"Nothing was written",
			"the planned " + string(op) + " was made against an older version",
			"Run `terraform plan` again",
		} {
			if !strings.Contains(d, want) {
				t.Errorf("%s: Detail does not contain %q:\n%s", op, want, d)
			}
		}
	}
}

func TestGone(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_service", ID: "5b1c", ControlPlaneID: "9d2e"}
	e := Gone(obj, "delete", Version{Revision: "sha256:1f0c", UpdatedAt: "2026-12-02T09:14:03Z"})
	if e == nil || !e.Gone || e.Object != obj || e.Operation != "delete" || e.AtPlan.Revision != "sha256:1f0c" || e.Now != (Version{}) {
		t.Fatalf("Gone = %+v", e)
	}
	if got, want := e.Summary(), "Konnect object deleted since this plan was made"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	want := "" +
		"  konnect_gateway_service (id 5b1c, control plane 9d2e)\n" +
		"  revision at plan:  sha256:1f0c   (updated_at 2026-12-02T09:14:03Z)\n" +
		"  revision now:      (object no longer exists in Konnect)\n" +
		"\n" +
		"Nothing was written: this plan would delete an object that someone deleted in Konnect, and it is not recreated blindly. " +
		"Run `terraform plan` again to see the current state and re-decide."
	if got := e.Detail(); got != want {
		t.Errorf("Detail =\n%s\nwant\n%s", got, want)
	}
	if got := e.Error(); got != e.Summary()+": "+want {
		t.Errorf("Error = %q", got)
	}
	assertPreformatted(t, e.Detail(), 3)

	upd := Gone(Object{TypeName: "konnect_gateway_control_plane", ID: "9d2e"}, "update", Version{Revision: "sha256:x"}).Detail()
	for _, s := range []string{"konnect_gateway_control_plane (id 9d2e)\n", "revision at plan:  sha256:x\n", "this plan would update an object that someone deleted in Konnect"} {
		if !strings.Contains(upd, s) {
			t.Errorf("Gone(update) Detail does not contain %q:\n%s", s, upd)
		}
	}
}

// assertPreformatted checks that the first n lines (shown by Terraform as they are) are
// indented by at least two spaces, and that prose lines are not.
func assertPreformatted(t *testing.T, detail string, n int) {
	t.Helper()
	lines := strings.Split(detail, "\n")
	if len(lines) < n {
		t.Fatalf("Detail has %d lines, want at least %d:\n%s", len(lines), n, detail)
	}
	for i, l := range lines[:n] {
		if !strings.HasPrefix(l, "  ") {
			t.Errorf("line %d %q is not indented by two spaces", i+1, l)
		}
	}
	for _, l := range lines[n:] {
		if slices.ContainsFunc([]string{"Nothing was written", "Keep the Konnect values", "Overwrite them", "Running terraform destroy",
			"Destroying it deletes", "Keep a record", "Delete anyway", "Applying this plan writes nothing"}, func(p string) bool { return strings.HasPrefix(l, p) }) {
			continue
		}
		if l != "" && !strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "conflict_policy") {
			t.Errorf("unexpected unindented line %q", l)
		}
	}
}

var (
	fName     = Field{Name: "name"}
	fTimeout  = Field{Name: "read_timeout"}
	fRetries  = Field{Name: "retries"}
	fEnabled  = Field{Name: "enabled"}
	fTags     = Field{Name: "tags", Set: true}
	fMethods  = Field{Name: "methods", Set: true}
	fHosts    = Field{Name: "hosts", Set: true}
	fProtos   = Field{Name: "protocols", Set: true}
	fPaths    = Field{Name: "paths"}
	fConfig   = Field{Name: "config"}
	fHeaders  = Field{Name: "headers"}
	fKey      = Field{Name: "key", Sensitive: true}
	allFields = []Field{fName, fTimeout, fRetries, fEnabled, fTags, fMethods, fHosts, fProtos, fPaths, fConfig, fHeaders, fKey}
)

func TestEqual(t *testing.T) {
	obj := func(s string) any { return mustParse(t, s) }
	tests := []struct {
		name string
		f    Field
		a, b any
		want bool
	}{
		{"same string", fName, "orders", "orders", true},
		{"different string", fName, "orders", "Orders", false},
		{"string vs number", fName, "1", json.Number("1"), false},
		{"number spellings", fTimeout, json.Number("60000"), 60000.0, true},
		{"number spellings 2", fTimeout, json.Number("6e4"), int64(60000), true},
		{"fraction float vs decimal", fTimeout, 0.1, json.Number("0.1"), true},
		{"numbers differ", fTimeout, json.Number("60000"), json.Number("60001"), false},
		{"large ints differ in last digit", fTimeout, json.Number("9007199254740993"), json.Number("9007199254740992"), false},
		{"bool", fEnabled, true, true, true},
		{"bool differ", fEnabled, true, false, false},
		{"null null", fName, nil, nil, true},
		{"null vs empty string", fName, nil, "", false},
		{"null vs zero", fTimeout, nil, json.Number("0"), false},
		{"null vs false", fEnabled, nil, false, false},
		{"object key order", fConfig, obj(`{"a":1,"b":{"c":[1,2],"d":"x"}}`), obj(`{"b":{"d":"x","c":[1.0,2]},"a":1}`), true},
		{"object nested value differs", fConfig, obj(`{"a":1,"b":{"c":[1,2]}}`), obj(`{"a":1,"b":{"c":[1,3]}}`), false},
		{"object extra key", fConfig, obj(`{"a":1}`), obj(`{"a":1,"b":null}`), false},
		{"list same", fPaths, []any{"/a", "/b"}, []any{"/a", "/b"}, true},
		{"list order matters", fPaths, []any{"/a", "/b"}, []any{"/b", "/a"}, false},
		{"list duplicates matter", fPaths, []any{"/a", "/a"}, []any{"/a"}, false},
		{"list []string vs []any", fPaths, []string{"/a", "/b"}, []any{"/a", "/b"}, true},
		{"set order ignored", fTags, []any{"a", "b", "c"}, []any{"c", "a", "b"}, true},
		{"set duplicates ignored", fTags, []any{"a", "b", "a"}, []any{"b", "a"}, true},
		{"set []string vs []any", fTags, []string{"b", "a"}, []any{"a", "b"}, true},
		{"set element differs", fTags, []any{"a", "b"}, []any{"a", "c"}, false},
		{"set subset", fMethods, []any{"GET"}, []any{"GET", "POST"}, false},
		{"set of numbers", fTags, []any{json.Number("2"), 1.0}, []any{1, json.Number("2.0")}, true},
		{"set of objects", fHosts, obj(`[{"a":1},{"b":2}]`), obj(`[{"b":2.0},{"a":1}]`), true},
		{"set case matters", fProtos, []any{"https"}, []any{"HTTPS"}, false},
		{"map same", fHeaders, obj(`{"x-a":["1"],"x-b":["2"]}`), obj(`{"x-b":["2"],"x-a":["1"]}`), true},
		{"map value differs", fHeaders, obj(`{"x-a":["1"]}`), obj(`{"x-a":["2"]}`), false},
		{"map value list order matters", fHeaders, obj(`{"x-a":["1","2"]}`), obj(`{"x-a":["2","1"]}`), false},
		{"null vs empty list", fPaths, nil, []any{}, true},
		{"null vs empty set", fTags, []any{}, nil, true},
		{"null vs empty []string", fTags, nil, []string{}, true},
		{"null vs empty map", fHeaders, nil, map[string]any{}, true},
		{"null vs non-empty list", fTags, nil, []any{"a"}, false},
		{"empty list vs empty map", fConfig, []any{}, map[string]any{}, true},
		{"sensitive compares by value", fKey, "s3cr3t", "s3cr3t", true},
		{"sensitive differs", fKey, "s3cr3t", "other", false},
		{"unsupported never equal", fConfig, struct{}{}, struct{}{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Equal(tt.f, tt.a, tt.b); got != tt.want {
				t.Errorf("Equal(%+v, %#v, %#v) = %v, want %v", tt.f, tt.a, tt.b, got, tt.want)
			}
			if got := Equal(tt.f, tt.b, tt.a); got != tt.want {
				t.Errorf("Equal is not symmetric for %#v, %#v", tt.a, tt.b)
			}
		})
	}
}

func TestShow(t *testing.T) {
	tests := []struct {
		name string
		f    Field
		v    any
		want string
	}{
		{"string quoted", fName, "orders", `"orders"`},
		{"string with quote", fName, `a"b`, `"a\"b"`},
		{"number canonical", fTimeout, json.Number("6e4"), `60000`},
		{"float", fTimeout, 1.5, `1.5`},
		{"bool", fEnabled, false, `false`},
		{"null", fName, nil, `null`},
		{"list in order", fPaths, []any{"/b", "/a"}, `["/b","/a"]`},
		{"set sorted and deduplicated", fTags, []any{"b", "a", "b"}, `["a","b"]`},
		{"set of []string", fTags, []string{"b", "a"}, `["a","b"]`},
		{"object sorted keys", fConfig, map[string]any{"b": 1, "a": []any{}}, `{"a":[],"b":1}`},
		{"unsupported printed", fConfig, struct{ A int }{7}, `{7}`},
		{"sensitive string", fKey, "s3cr3t", SensitiveText},
		{"sensitive null", fKey, nil, SensitiveText},
		{"sensitive object", Field{Name: "credentials", Sensitive: true}, map[string]any{"password": "s3cr3t"}, SensitiveText},
		{"sensitive set", Field{Name: "keys", Set: true, Sensitive: true}, []any{"s3cr3t"}, SensitiveText},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Show(tt.f, tt.v); got != tt.want {
				t.Errorf("Show(%+v, %#v) = %q, want %q", tt.f, tt.v, got, tt.want)
			}
		})
	}
	if SensitiveText != "(sensitive value changed)" {
		t.Errorf("SensitiveText = %q", SensitiveText)
	}
}

func TestCompare(t *testing.T) {
	type row struct {
		name                  string
		field                 Field
		base, remote, desired any
		conflict              bool
	}
	// Every row of the three-way table of guards.md, for every kind of field.
	kinds := []struct {
		field   Field
		x, y, z any // three values, pairwise different
		xAlt    any // x spelled differently (must compare equal to x)
	}{
		{fName, "orders", "orders-v2", "orders-v3", "orders"},
		{fTimeout, json.Number("60000"), json.Number("120000"), json.Number("30000"), 6e4},
		{fEnabled, true, false, nil, true},
		{fConfig, mustParse(t, `{"a":1,"b":{"c":"x"}}`), mustParse(t, `{"a":1,"b":{"c":"y"}}`), mustParse(t, `{"a":2}`), mustParse(t, `{"b":{"c":"x"},"a":1.0}`)},
		{fPaths, []any{"/a", "/b"}, []any{"/b", "/a"}, []any{"/a"}, []string{"/a", "/b"}},
		{fTags, []any{"a", "b"}, []any{"a", "c"}, []any{}, []any{"b", "a", "a"}},
		{fMethods, []any{"GET", "POST"}, []any{"GET"}, []any{"PUT"}, []any{"POST", "GET"}},
		{fHosts, []any{"a.example", "b.example"}, []any{"c.example"}, nil, []string{"b.example", "a.example"}},
		{fProtos, []any{"http", "https"}, []any{"https"}, []any{"grpc"}, []any{"https", "http"}},
		{fHeaders, mustParse(t, `{"x-a":["1"],"x-b":["2"]}`), mustParse(t, `{"x-a":["1"],"x-b":["3"]}`), mustParse(t, `{}`), mustParse(t, `{"x-b":["2"],"x-a":["1"]}`)},
		{fKey, "s3cr3t-1", "s3cr3t-2", "s3cr3t-3", "s3cr3t-1"},
	}
	var rows []row
	for _, k := range kinds {
		n := k.field.Name
		rows = append(rows,
			row{n + ": base==remote, desired==remote: nothing to do", k.field, k.x, k.x, k.x, false},
			row{n + ": same, spelled differently", k.field, k.xAlt, k.x, k.xAlt, false},
			row{n + ": base==remote, desired differs: ordinary update", k.field, k.x, k.x, k.y, false},
			row{n + ": base==remote (spelled differently), desired differs", k.field, k.xAlt, k.x, k.y, false},
			row{n + ": base differs, desired==remote: configuration agrees", k.field, k.x, k.y, k.y, false},
			row{n + ": base differs, desired==remote (spelled differently)", k.field, k.y, k.x, k.xAlt, false},
			row{n + ": base differs, desired==base: conflict (plan reverts Konnect)", k.field, k.x, k.y, k.x, true},
			row{n + ": base differs, desired is a third value: conflict", k.field, k.x, k.y, k.z, true},
		)
	}
	rows = append(rows,
		row{"null base, empty remote, empty desired", fTags, nil, []any{}, []any{}, false},
		row{"empty base, null remote, null desired", fTags, []any{}, nil, nil, false},
		row{"null base, [] remote, desired values: update", fTags, nil, []any{}, []any{"a"}, false},
		row{"null base, remote values, desired []: conflict", fTags, nil, []any{"a"}, []any{}, true},
		row{"remote emptied, desired as base: conflict", fTags, []any{"a"}, nil, []any{"a"}, true},
		row{"map emptied to null, desired empty: agrees", fHeaders, mustParse(t, `{"a":"1"}`), nil, map[string]any{}, false},
		row{"number spellings never conflict", fTimeout, 60000, json.Number("6e4"), 60000.0, false},
	)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			got := Compare([]Field{r.field},
				Values{r.field.Name: r.base}, Values{r.field.Name: r.remote}, Values{r.field.Name: r.desired})
			if !r.conflict {
				if len(got) != 0 {
					t.Fatalf("Compare = %+v, want no conflict", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("Compare = %+v, want one conflict", got)
			}
			c := got[0]
			if c.Field != r.field || c.Sensitive != r.field.Sensitive ||
				!reflect.DeepEqual(c.Base, r.base) || !reflect.DeepEqual(c.Remote, r.remote) || !reflect.DeepEqual(c.Desired, r.desired) {
				t.Errorf("Compare = %+v", c)
			}
		})
	}
}

func TestCompareUnknown(t *testing.T) {
	fields := []Field{fName, fTags}
	base := Values{"name": "orders", "tags": []any{"a"}}
	remote := Values{"name": "orders-edited", "tags": []any{"b"}}
	desired := Values{"name": "orders", "tags": []any{"a"}}
	if got := Compare(fields, base, remote, desired); len(got) != 2 {
		t.Fatalf("baseline: Compare = %+v, want two conflicts", got)
	}
	tests := []struct {
		name                  string
		base, remote, desired Values
	}{
		{"missing from base (never written by Terraform)", Values{}, remote, desired},
		{"missing from desired (unknown until apply, or left to Konnect)", base, remote, Values{}},
		{"nil base", nil, remote, desired},
		{"nil desired", base, remote, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Compare(fields, tt.base, tt.remote, tt.desired); len(got) != 0 {
				t.Errorf("Compare = %+v, want none", got)
			}
		})
	}
	// Only the missing field is skipped.
	got := Compare(fields, Values{"tags": []any{"a"}}, remote, desired)
	if len(got) != 1 || got[0].Field.Name != "tags" {
		t.Errorf("base without name: Compare = %+v, want only tags", got)
	}
	// A field that Konnect no longer returns while base and desired have a value is a
	// remote change like any other.
	got = Compare([]Field{fName}, Values{"name": "orders"}, Values{}, Values{"name": "orders"})
	if len(got) != 1 || got[0].Remote != nil {
		t.Errorf("missing from remote: Compare = %+v, want one conflict with a null remote", got)
	}
	// Fields not listed are not compared.
	if got := Compare(nil, base, remote, desired); got != nil {
		t.Errorf("Compare(no fields) = %+v", got)
	}
}

func TestCompareOrder(t *testing.T) {
	base := Values{}
	remote := Values{}
	desired := Values{}
	for _, f := range allFields {
		base[f.Name] = "old-" + f.Name
		remote[f.Name] = "edited-" + f.Name
		desired[f.Name] = "old-" + f.Name
	}
	// Unchanged in Konnect: no conflict for these.
	remote["retries"] = base["retries"]
	remote["hosts"] = base["hosts"]
	// Configuration already agrees.
	desired["paths"] = remote["paths"]

	var want []string
	for _, f := range allFields {
		if f.Name != "retries" && f.Name != "hosts" && f.Name != "paths" {
			want = append(want, f.Name)
		}
	}
	for i := 0; i < 20; i++ { // map iteration order must not leak into the result
		got := Compare(allFields, base, remote, desired)
		e := &RemoteEditError{Conflicts: got}
		if !reflect.DeepEqual(e.Fields(), want) {
			t.Fatalf("conflicts in order %v, want %v", e.Fields(), want)
		}
		for _, c := range got {
			if c.Sensitive != (c.Field.Name == "key") {
				t.Errorf("%s: Sensitive = %v", c.Field.Name, c.Sensitive)
			}
		}
	}
	// Reversing the field list reverses the result.
	rev := make([]Field, len(allFields))
	for i, f := range allFields {
		rev[len(allFields)-1-i] = f
	}
	got := (&RemoteEditError{Conflicts: Compare(rev, base, remote, desired)}).Fields()
	if got[0] != want[len(want)-1] || got[len(got)-1] != want[0] {
		t.Errorf("reversed fields: conflicts in order %v", got)
	}
}

func TestRemoteEditError(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_service", ID: "5b1c"}
	conflicts := Compare([]Field{fTimeout, fRetries, fName},
		Values{"read_timeout": json.Number("60000"), "retries": json.Number("5"), "name": "a"},
		Values{"read_timeout": json.Number("120000"), "retries": json.Number("2"), "name": "a"},
		Values{"read_timeout": 60000.0, "retries": json.Number("5"), "name": "b"})
	e := &RemoteEditError{Object: obj, ChangedAt: "2026-12-02T09:20:41Z", Conflicts: conflicts, Policy: PolicyFail}

	want := "" +
		"  konnect_gateway_service (id 5b1c) was changed outside Terraform at 2026-12-02T09:20:41Z.\n" +
		"    read_timeout   last applied: 60000   in Konnect now: 120000   planned: 60000\n" +
		"    retries        last applied: 5   in Konnect now: 2   planned: 5\n" +
		"\n" +
		"Keep the Konnect values: set them in configuration.\n" +
		"Overwrite them: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\")."
	destroyHint := "\nRunning terraform destroy? It plans the configuration first and stops here: destroying deletes these changes too. " +
		"To destroy anyway, run it with KONNECT_CONFLICT_POLICY=overwrite."
	if got := e.Detail(); got != want+destroyHint {
		t.Errorf("Detail =\n%s\nwant\n%s", got, want+destroyHint)
	}
	if got, want := e.Summary(), "Applying this plan would overwrite changes made in Konnect"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if got := e.Error(); got != e.Summary()+": "+e.Detail() {
		t.Errorf("Error = %q", got)
	}
	if got, want := e.Fields(), []string{"read_timeout", "retries"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Fields = %v, want %v", got, want)
	}
	assertPreformatted(t, e.Detail(), 3)

	// Every policy other than warn reads as a failure; warn adds what will happen.
	for _, p := range []ConflictPolicy{PolicyFail, PolicyOverwrite, ""} {
		e.Policy = p
		if strings.Contains(e.Detail(), "conflict_policy is") || e.Summary() != "Applying this plan would overwrite changes made in Konnect" {
			t.Errorf("policy %q: Summary %q, Detail\n%s", p, e.Summary(), e.Detail())
		}
	}
	e.Policy = PolicyWarn
	if got, want := e.Summary(), "This plan overwrites changes made in Konnect"; got != want {
		t.Errorf("warn: Summary = %q, want %q", got, want)
	}
	wantWarn := strings.Replace(want, "\n\nKeep", "\n\nconflict_policy is \"warn\": applying this plan overwrites the values in Konnect.\nKeep", 1)
	if got := e.Detail(); got != wantWarn {
		t.Errorf("warn: Detail =\n%s\nwant\n%s", got, wantWarn)
	}

	// Without a change time, the header still names the object.
	e = &RemoteEditError{Object: Object{TypeName: "konnect_gateway_route", ID: "r", ControlPlaneID: "cp"}, Conflicts: conflicts[:1]}
	if got, want := strings.SplitN(e.Detail(), "\n", 2)[0], "  konnect_gateway_route (id r, control plane cp) was changed outside Terraform."; got != want {
		t.Errorf("header = %q, want %q", got, want)
	}
	if e.Fields() == nil || len((&RemoteEditError{}).Fields()) != 0 {
		t.Errorf("Fields of no conflicts = %v", (&RemoteEditError{}).Fields())
	}
}

func TestRemoteEditErrorValues(t *testing.T) {
	conflicts := Compare([]Field{fName, fTags, fConfig, fPaths, fEnabled},
		Values{"name": "orders", "tags": []any{"b", "a"}, "config": mustParse(t, `{"x":1}`), "paths": []any{"/a"}, "enabled": true},
		Values{"name": "orders-edited", "tags": []any{"c"}, "config": mustParse(t, `{"x":2,"y":"z"}`), "paths": nil, "enabled": false},
		Values{"name": "orders", "tags": []any{"a", "b", "a"}, "config": mustParse(t, `{"x":1.0}`), "paths": []string{"/a"}, "enabled": true})
	e := &RemoteEditError{Object: Object{TypeName: "konnect_gateway_service", ID: "s"}, Conflicts: conflicts}
	lines := strings.Split(e.Detail(), "\n")
	want := []string{
		`    name      last applied: "orders"   in Konnect now: "orders-edited"   planned: "orders"`,
		`    tags      last applied: ["a","b"]   in Konnect now: ["c"]   planned: ["a","b"]`,
		`    config    last applied: {"x":1}   in Konnect now: {"x":2,"y":"z"}   planned: {"x":1}`,
		`    paths     last applied: ["/a"]   in Konnect now: null   planned: ["/a"]`,
		`    enabled   last applied: true   in Konnect now: false   planned: true`,
	}
	if len(lines) < 1+len(want) || !reflect.DeepEqual(lines[1:1+len(want)], want) {
		t.Errorf("Detail =\n%s\nwant conflict lines\n%s", e.Detail(), strings.Join(want, "\n"))
	}
}

func TestRemoteEditErrorSensitive(t *testing.T) {
	const (
		oldSecret = "s3cr3t-last-applied"
		newSecret = "s3cr3t-set-in-konnect"
	)
	fields := []Field{fName, fKey, {Name: "credentials", Sensitive: true}, {Name: "keys", Set: true, Sensitive: true}}
	base := Values{"name": "a", "key": oldSecret, "credentials": map[string]any{"password": oldSecret}, "keys": []any{oldSecret}}
	remote := Values{"name": "b", "key": newSecret, "credentials": map[string]any{"password": newSecret}, "keys": []any{newSecret}}
	desired := Values{"name": "a", "key": oldSecret, "credentials": map[string]any{"password": oldSecret}, "keys": []any{oldSecret}}
	conflicts := Compare(fields, base, remote, desired)
	if len(conflicts) != 4 {
		t.Fatalf("Compare = %+v, want four conflicts", conflicts)
	}
	// A conflict flagged sensitive only on the Conflict is not printed either.
	conflicts = append(conflicts, Conflict{Field: Field{Name: "private_key"}, Base: oldSecret, Remote: newSecret, Desired: oldSecret, Sensitive: true})

	for _, p := range []ConflictPolicy{PolicyFail, PolicyWarn, PolicyOverwrite} {
		e := &RemoteEditError{Object: Object{TypeName: "konnect_gateway_key", ID: "k"}, ChangedAt: "2026-12-02T09:20:41Z", Conflicts: conflicts, Policy: p}
		for _, text := range []string{e.Detail(), e.Error(), e.Summary()} {
			if strings.Contains(text, "s3cr3t") {
				t.Fatalf("policy %s: a secret is printed:\n%s", p, text)
			}
		}
		d := e.Detail()
		for _, text := range []string{SecretText, SecretChangedText, SecretSameText} {
			if got := strings.Count(d, text); got != 4 {
				t.Errorf("policy %s: %q appears %d times, want 4 (once per secret):\n%s", p, text, got, d)
			}
		}
		want := "    key           last applied: (a secret)   in Konnect now: (a different secret)   planned: (the same secret as before)"
		if !strings.Contains(d, want+"\n") {
			t.Errorf("policy %s: no line\n%s\nin\n%s", p, want, d)
		}
		if !strings.Contains(d, `last applied: "a"   in Konnect now: "b"   planned: "a"`) {
			t.Errorf("policy %s: non-sensitive field not shown:\n%s", p, d)
		}
	}
}

func TestNameExistsError(t *testing.T) {
	e := &NameExistsError{
		TypeName:   "konnect_gateway_service",
		NameField:  "name",
		Name:       "orders",
		ExistingID: "5b1c",
		CreatedAt:  "2026-12-02T09:14:03Z",
		ImportID:   "9d2e/5b1c",
	}
	want := "" +
		"konnect_gateway_service with name \"orders\" already exists in Konnect: id 5b1c, created_at 2026-12-02T09:14:03Z.\n" +
		"Nothing was written and it was not adopted. Terraform has no record of creating it, but an interrupted apply (Ctrl-C, a lost connection) may have created it before it could record it in state.\n" +
		"\n" +
		"To manage the existing object with this configuration, add an import block and plan again:\n" +
		"\n" +
		"  import {\n" +
		"    to = konnect_gateway_service.<name>\n" +
		"    id = \"9d2e/5b1c\"\n" +
		"  }\n" +
		"\n" +
		"Or choose another name."
	if got := e.Detail(); got != want {
		t.Errorf("Detail =\n%s\nwant\n%s", got, want)
	}
	if got, want := e.Summary(), "A Konnect object with this name already exists"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if got := e.Error(); got != e.Summary()+": "+e.Detail() {
		t.Errorf("Error = %q", got)
	}
	// Every line of the import block is preformatted.
	block := want[strings.Index(want, "  import {"):strings.Index(want, "\n\nOr choose")]
	for _, l := range strings.Split(block, "\n") {
		if !strings.HasPrefix(l, "  ") {
			t.Errorf("import block line %q is not indented", l)
		}
	}

	// Control planes: no parent in the import id, no created_at known.
	e = &NameExistsError{TypeName: "konnect_gateway_control_plane", NameField: "name", Name: `we "quote"`, ExistingID: "9d2e", ImportID: "9d2e"}
	d := e.Detail()
	for _, s := range []string{
		`konnect_gateway_control_plane with name "we \"quote\"" already exists in Konnect: id 9d2e.` + "\n",
		"    to = konnect_gateway_control_plane.<name>\n",
		`    id = "9d2e"` + "\n",
	} {
		if !strings.Contains(d, s) {
			t.Errorf("Detail does not contain %q:\n%s", s, d)
		}
	}
	if strings.Contains(d, "created_at") {
		t.Errorf("Detail mentions an unknown created_at:\n%s", d)
	}
}

// Guard 2 end to end on decoded JSON as the provider produces it: state from Konnect
// (json.Number), configuration from Terraform (big.Float numbers rendered as decimals).
func TestCompareDecodedJSON(t *testing.T) {
	remoteObj := mustObject(t, `{"name":"orders","read_timeout":120000,"retries":5,"tags":["b","a"],"weight":0.1}`)
	base := Values{"name": "orders", "read_timeout": json.Number("60000"), "retries": json.Number("5"), "tags": []any{"a", "b"}, "weight": json.Number("0.1")}
	desired := Values{"name": "orders", "read_timeout": json.Number(mustBigFloat("60000").Text('g', -1)), "retries": int64(5), "tags": []string{"a", "b"}, "weight": 0.1}
	fields := []Field{fName, fTimeout, fRetries, fTags, {Name: "weight"}}
	got := Compare(fields, base, Values(remoteObj), desired)
	if len(got) != 1 || got[0].Field.Name != "read_timeout" {
		t.Fatalf("Compare = %+v, want only read_timeout", got)
	}
	if Show(got[0].Field, got[0].Desired) != "60000" {
		t.Errorf("planned shown as %s", Show(got[0].Field, got[0].Desired))
	}
}

// A nested object (Tree) is compared member by member: a member someone changed in Konnect
// that the plan follows (the theme's colors) is no conflict while the plan changes another
// (mode); a member the plan sets back is, reported at its path with its values, not the
// whole object as a hash; a sensitive member is reported without its values.
func TestCompareTree(t *testing.T) {
	theme := Field{Name: "theme", Tree: true}
	base := Values{"theme": map[string]any{"name": "mint_rocket", "mode": "light"}}
	remote := Values{"theme": map[string]any{"name": "mint_rocket", "mode": "light", "colors": map[string]any{"primary": "#ff0000"}}}
	desired := Values{"theme": map[string]any{"name": "mint_rocket", "mode": "dark", "colors": map[string]any{"primary": "#ff0000"}}}
	if got := Compare([]Field{theme}, base, remote, desired); len(got) != 0 {
		t.Errorf("a member edit the plan follows: %d conflicts, want none: %+v", len(got), got)
	}
	if got := Compare([]Field{{Name: "theme"}}, base, remote, desired); len(got) != 1 {
		t.Errorf("the same values compared whole: %d conflicts, want 1 (the case Tree is for)", len(got))
	}
	remote["theme"].(map[string]any)["name"] = "other"
	got := Compare([]Field{theme}, base, remote, desired)
	if len(got) != 1 {
		t.Fatalf("a member the plan sets back: %d conflicts, want 1", len(got))
	}
	in := PlanInput{Attributes: []Attribute{{Field: theme}}}
	exp := in.expand(got, false)
	if len(exp) != 1 || exp[0].Field.Name != "theme.name" || exp[0].Remote != "other" || exp[0].Desired != "mint_rocket" || exp[0].Sensitive {
		t.Errorf("reported as %+v, want one conflict on theme.name: mint_rocket -> other in Konnect", exp)
	}

	oidc := Field{Name: "config", Tree: true, SecretLeaves: "client_secret,signing.private"}
	for _, p := range [][]string{{"client_secret"}, {"signing", "private", "pem"}, {"password"}} {
		if !oidc.IsSecretLeaf(p) {
			t.Errorf("%v: not a secret leaf", p)
		}
	}
	if oidc.IsSecretLeaf([]string{"issuer"}) || oidc.IsSecretLeaf([]string{"signing", "privately"}) {
		t.Error("issuer or signing.privately taken for a secret")
	}
	base = Values{"config": map[string]any{"issuer": "https://a", "client_secret": "sha256:aa"}}
	remote = Values{"config": map[string]any{"issuer": "https://a", "client_secret": "sha256:bb"}}
	in = PlanInput{Attributes: []Attribute{{Field: oidc}}}
	exp = in.expand(Compare([]Field{oidc}, base, remote, base), false)
	if len(exp) != 1 || exp[0].Field.Name != "config.client_secret" || !exp[0].Sensitive {
		t.Errorf("a secret member changed in Konnect: %+v, want config.client_secret, sensitive", exp)
	}
}
