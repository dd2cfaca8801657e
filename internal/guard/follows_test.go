package guard

import (
	"fmt"
	"strings"
	"testing"
)

// An attribute configuration never set follows Konnect (guards.md): its value in the base is
// what Konnect held at Terraform's last write, never something Terraform wrote, and no
// diagnostic shows it as "last applied".
func TestRemoteEditsOverFieldsConfigurationNeverSet(t *testing.T) {
	fields := []Field{{Name: "read_timeout"}, {Name: "retries"}, {Name: "password", Sensitive: true}}
	base := &Base{Values: Values{"read_timeout": 60000, "retries": 5, "password": "x"}, Configured: []string{"read_timeout", "password"}}
	remote := Values{"read_timeout": 60000, "retries": 2, "password": "x"}
	names := func(cs []Conflict) string {
		var n []string
		for _, c := range cs {
			n = append(n, c.Field.Name)
		}
		return strings.Join(n, ",")
	}

	// Not set at all: follows Konnect (desired is Konnect's value), nothing to decide.
	if got := RemoteEdits(fields, base, nil, remote, Values{"read_timeout": 60000, "retries": 2}, nil); len(got) != 0 {
		t.Errorf("never set: conflicts %s, want none", names(got))
	}
	// Configuration sets retries for the first time over a change made in Konnect since the
	// last write: a conflict, shown as what Konnect held, not as last applied.
	for _, planned := range []int{5, 3} {
		got := RemoteEdits(fields, base, nil, remote, Values{"read_timeout": 60000, "retries": planned}, nil)
		if len(got) != 1 || !got[0].FirstSet {
			t.Fatalf("first set to %d: conflicts %+v, want retries marked FirstSet", planned, got)
		}
		d := (&RemoteEditError{Object: Object{TypeName: "konnect_gateway_service", ID: "s1"}, Conflicts: got}).Detail()
		if !strings.Contains(d, fmt.Sprintf("retries   Konnect held: 5   in Konnect now: 2   planned: %d", planned)) || strings.Contains(d, "last applied") {
			t.Errorf("the conflict shows a value Terraform never wrote as last applied:\n%s", d)
		}
	}
	// A configured field, and a secret Terraform wrote, keep conflicting as before.
	got := RemoteEdits(fields, base, nil, Values{"read_timeout": 90000, "retries": 5, "password": "y"}, Values{"read_timeout": 60000, "retries": 5, "password": "x"}, nil)
	if names(got) != "read_timeout,password" || got[0].FirstSet {
		t.Errorf("configured field and secret: conflicts %+v, want read_timeout and password as last applied", got)
	}
	// A base that does not say what configuration set (an import, an older record): every
	// field as last applied, as before.
	imported := &Base{Values: base.Values}
	if got := RemoteEdits(fields, imported, nil, remote, Values{"retries": 3}, nil); names(got) != "retries" || got[0].FirstSet {
		t.Errorf("after an import: conflicts %+v, want retries as last applied", got)
	}
}

// An adoption of a field configuration never set says so, instead of a "last applied" value
// Terraform never wrote.
func TestAdoptionNoticeFirstSet(t *testing.T) {
	f := Field{Name: "retries"}
	n := &AdoptionNotice{Object: Object{TypeName: "konnect_gateway_service", ID: "s1"}, Adopted: []Adopted{
		{Field: f, Base: 5, Value: 2, FirstSet: true},
		{Field: Field{Name: "read_timeout"}, Base: 60000, Value: 90000},
	}}
	d := n.Detail()
	for _, want := range []string{"retries        not set by configuration before   in Konnect and configuration: 2", "read_timeout   last applied: 60000   in Konnect and configuration: 90000"} {
		if !strings.Contains(d, want) {
			t.Errorf("notice lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "last applied: 5") {
		t.Errorf("the notice shows a value Terraform never wrote:\n%s", d)
	}
}
