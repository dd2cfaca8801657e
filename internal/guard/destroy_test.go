package guard

import (
	"strings"
	"testing"
)

func TestSplitDestroyEdits(t *testing.T) {
	fields := []Field{{Name: "read_timeout"}, {Name: "retries"}, {Name: "password", Sensitive: true}}
	base := &Base{Values: Values{"read_timeout": 60000, "retries": 5, "password": "x"}, Configured: []string{"read_timeout"}}
	remote := Values{"read_timeout": 61000, "retries": 2, "password": "y"}
	all := DestroyEdits(fields, base, remote, nil)
	if len(all) != 3 {
		t.Fatalf("DestroyEdits found %d changes, want 3", len(all))
	}
	guarded, followed := SplitDestroyEdits(base, all)
	names := func(cs []Conflict) string {
		var n []string
		for _, c := range cs {
			n = append(n, c.Field.Name)
		}
		return strings.Join(n, ",")
	}
	if got := names(guarded); got != "read_timeout,password" {
		t.Errorf("guarded = %s, want the configured attribute and the secret", got)
	}
	if got := names(followed); got != "retries" {
		t.Errorf("followed = %s, want the attribute configuration never set", got)
	}
	// A base that does not say what configuration set (an import, an older record) keeps
	// every change guarded.
	imported := &Base{Values: base.Values}
	if g, f := SplitDestroyEdits(imported, all); len(g) != 3 || len(f) != 0 {
		t.Errorf("after an import: %d guarded, %d followed; want 3, 0", len(g), len(f))
	}

	n := &DestroyNotice{Object: Object{TypeName: "konnect_gateway_service", ID: "s1"}, ChangedAt: "2026-12-04T10:00:00Z", Followed: followed}
	d := n.Detail()
	for _, want := range []string{"changed outside Terraform at 2026-12-04T10:00:00Z, in attributes this configuration does not set", "retries   in Konnect now: 2", "do not stop the destroy"} {
		if !strings.Contains(d, want) {
			t.Errorf("notice lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "last applied") || strings.Contains(d, "5") {
		t.Errorf("the notice shows a value Terraform never wrote:\n%s", d)
	}
}
