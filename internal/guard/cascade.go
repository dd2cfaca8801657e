package guard

import (
	"fmt"
	"strings"
)

// Dependent is one object that Konnect deletes together with the object it belongs to
// (a cascading reference in Kong's data model): a plugin scoped to a service, a
// consumer's credential, an upstream's target.
type Dependent struct {
	TypeName  string // the resource type that manages such objects, e.g. konnect_gateway_plugin
	ID        string
	Name      string // "" when the kind has no name, or its only name is a secret
	CreatedAt string // as rendered by FormatUpdatedAt; "" when unknown
	ImportID  string // the id to put in an import block
}

// MaxDependentsShown caps how many dependents a diagnostic names; the rest are counted.
const MaxDependentsShown = 20

// CascadeError is the cascade guard: deleting an object (a destroy, or the delete half of
// a replacement) would make Konnect delete objects with it that are still there when
// Terraform gets to the object. Terraform deletes the objects it manages before the
// object they belong to, so these were created outside this configuration.
type CascadeError struct {
	Object     Object
	Dependents []Dependent
	// Truncated: a listing had more objects than its one page; Dependents is a lower bound.
	Truncated bool
	Policy    ConflictPolicy
}

// CheckCascade returns the cascade conflict for the dependents found, nil when none.
func CheckCascade(obj Object, found []Dependent, truncated bool, policy ConflictPolicy) *CascadeError {
	if len(found) == 0 {
		return nil
	}
	return &CascadeError{Object: obj, Dependents: found, Truncated: truncated, Policy: policy}
}

func (e *CascadeError) Error() string { return e.Summary() + ": " + e.Detail() }

func (e *CascadeError) Summary() string {
	if e.Policy == PolicyWarn {
		return "Deleting this object also deletes objects that Terraform does not manage"
	}
	return "Deleting this object would delete objects that Terraform does not manage"
}

// IDs lists the dependents' ids, for logs.
func (e *CascadeError) IDs() []string {
	ids := make([]string, len(e.Dependents))
	for i, d := range e.Dependents {
		ids[i] = d.ID
	}
	return ids
}

func (e *CascadeError) Detail() string {
	var b strings.Builder
	n := len(e.Dependents)
	count := fmt.Sprintf("%d %s", n, plural(n, "object", "objects"))
	if e.Truncated {
		count = "at least " + count
	}
	fmt.Fprintf(&b, "  %s has %s in Konnect that Konnect deletes with it:\n", e.Object, count)
	shown := e.Dependents[:min(n, MaxDependentsShown)]
	wType, wID, wName := 0, 0, 0
	for _, d := range shown {
		wType, wID, wName = max(wType, len(d.TypeName)), max(wID, len(d.ID)), max(wName, len(nameText(d)))
	}
	for _, d := range shown {
		line := fmt.Sprintf("    %-*s   id %-*s", wType, d.TypeName, wID, d.ID)
		if wName > 0 { // a name column only when something has a name
			line += fmt.Sprintf("   %-*s", wName, nameText(d))
		}
		if d.CreatedAt != "" {
			line += "   created_at " + d.CreatedAt
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	if rest := n - len(shown); rest > 0 || e.Truncated {
		more := fmt.Sprintf("%d more", rest)
		switch {
		case e.Truncated && rest == 0:
			more = "more"
		case e.Truncated:
			more = "at least " + more
		}
		fmt.Fprintf(&b, "    … and %s\n", more)
	}
	b.WriteString("\nTerraform deletes the objects it manages before the object they belong to, so these were created outside this configuration (in Konnect, or by another configuration).\n\n")
	if e.Policy == PolicyWarn {
		b.WriteString("conflict_policy is \"warn\": Konnect deletes them together with this object.")
		return b.String()
	}
	b.WriteString("Nothing was deleted. Choose what happens to them:\n")
	first := e.Dependents[0]
	fmt.Fprintf(&b, "Keep them: import them into this configuration, for example\n\n  import {\n    to = %s.<name>\n    id = %q\n  }\n\n", first.TypeName, first.ImportID)
	b.WriteString("and plan again.\n")
	b.WriteString("Remove them yourself: delete them in Konnect, then apply again.\n")
	b.WriteString("Let Konnect delete them with this object: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\").")
	return b.String()
}

func nameText(d Dependent) string {
	if d.Name == "" {
		return ""
	}
	return fmt.Sprintf("name %q", d.Name)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
