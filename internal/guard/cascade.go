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
	// Refuses: Konnect refuses to delete the object while this one references it (a
	// service's route) instead of deleting it too; no policy lets the delete through.
	Refuses bool
	// Dangles, with Refuses: Konnect would delete the object and leave this one pointing at
	// nothing (an API implementation of a deleted service); the guard refuses, not Konnect.
	Dangles bool
	// Link, for a link (a membership), says what it links and that it survives the delete,
	// losing only the link: "a membership: the user stays in Konnect, …". "" for objects.
	Link string
	// Forced, on an object Konnect refuses to delete the parent for, says what setting on
	// the parent would have Konnect delete it too ("force_destroy = \"true\" …").
	Forced string
}

// MaxDependentsShown caps how many dependents a diagnostic names; the rest are counted.
const MaxDependentsShown = 20

// CascadeError is the cascade guard: deleting an object (a destroy, or the delete half of
// a replacement) would make Konnect delete objects with it that are still there when
// Terraform gets to the object, or Konnect refuses the delete because such objects
// reference it (Refused). Terraform deletes the objects it manages before the object they
// belong to, so these were created outside this configuration.
type CascadeError struct {
	Object     Object
	Dependents []Dependent
	// Truncated: a listing had more objects than its one page; Dependents is a lower bound.
	Truncated bool
	Policy    ConflictPolicy
	// AtPlan: decided when the destroy was planned, less what the same plan destroys first.
	AtPlan bool
}

// CheckCascade returns the cascade conflict for the dependents found, nil when none.
func CheckCascade(obj Object, found []Dependent, truncated bool, policy ConflictPolicy) *CascadeError {
	if len(found) == 0 {
		return nil
	}
	return &CascadeError{Object: obj, Dependents: found, Truncated: truncated, Policy: policy}
}

func (e *CascadeError) Error() string { return e.Summary() + ": " + e.Detail() }

// Refused reports whether Konnect refuses this delete whatever the policy: a dependent
// references the object instead of going with it.
func (e *CascadeError) Refused() bool {
	for _, d := range e.Dependents {
		if d.Refuses {
			return true
		}
	}
	return false
}

// dangling reports whether every refusing dependent is one Konnect would leave broken (the
// guard's refusal, not Konnect's).
func (e *CascadeError) dangling() bool {
	refusing, _ := e.split()
	for _, d := range refusing {
		if !d.Dangles {
			return false
		}
	}
	return len(refusing) > 0
}

func (e *CascadeError) Summary() string {
	if e.dangling() {
		return "Deleting this object would break objects that Terraform does not manage"
	}
	if e.Refused() {
		return "Konnect refuses to delete this object while objects that Terraform does not manage reference it"
	}
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
	refusing, going := e.split()
	if len(refusing) > 0 && e.dangling() {
		fmt.Fprintf(&b, "  %s is referenced by %s in Konnect, which the delete would leave pointing at nothing:\n", e.Object, e.count(len(refusing)))
		e.list(&b, refusing)
		if len(going) > 0 {
			fmt.Fprintf(&b, "  It also has %s in Konnect that Konnect deletes with it:\n", e.count(len(going)))
			e.list(&b, going)
		}
	} else if len(refusing) > 0 {
		fmt.Fprintf(&b, "  %s is referenced by %s in Konnect, and Konnect refuses to delete it while they exist:\n", e.Object, e.count(len(refusing)))
		e.list(&b, refusing)
		if len(going) > 0 {
			fmt.Fprintf(&b, "  It also has %s in Konnect that Konnect deletes with it:\n", e.count(len(going)))
			e.list(&b, going)
		}
	} else {
		fmt.Fprintf(&b, "  %s has %s in Konnect that Konnect deletes with it:\n", e.Object, e.count(len(going)))
		e.list(&b, going)
	}
	links(&b, e.Dependents)
	if e.AtPlan {
		b.WriteString("\nThis plan destroys the objects this configuration manages under it first; these are not among them, so they were created outside this configuration (in Konnect, or by another configuration). " +
			"(One that this configuration does manage but whose configuration names this object by a literal id instead of a reference is destroyed in no set order: refer to this object's id attribute instead.)\n\n")
	} else {
		b.WriteString("\nTerraform deletes the objects it manages before the object they belong to, so these were created outside this configuration (in Konnect, or by another configuration).\n\n")
	}
	if e.Policy == PolicyWarn && len(refusing) == 0 {
		b.WriteString("conflict_policy is \"warn\": Konnect deletes them together with this object.")
		return b.String()
	}
	b.WriteString("Nothing was deleted. Choose what happens to them:\n")
	b.WriteString("Keep them: import them into this configuration, for example\n\n")
	seen := map[string]bool{}
	for _, d := range e.Dependents[:min(len(e.Dependents), MaxDependentsShown)] {
		if seen[d.TypeName] {
			continue // one example per resource type
		}
		seen[d.TypeName] = true
		fmt.Fprintf(&b, "  import {\n    to = %s.<name>\n    id = %q\n  }\n\n", d.TypeName, d.ImportID)
	}
	b.WriteString("and plan again.\n")
	b.WriteString("Remove them yourself: delete them in Konnect, then apply again.\n")
	if len(refusing) > 0 && e.dangling() {
		b.WriteString("No conflict_policy lets this delete through: the objects that reference it would be left broken.")
		return b.String()
	}
	if len(refusing) > 0 {
		b.WriteString("No conflict_policy lets this delete through: Konnect itself refuses it while they reference the object.")
		if f := forced(refusing); f != "" {
			b.WriteString("\nLet Konnect delete them with this object: " + f)
		}
		return b.String()
	}
	b.WriteString("Let Konnect delete them with this object: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\").")
	return b.String()
}

// split separates the dependents that make Konnect refuse the delete from those it
// deletes with the object, keeping their order.
func (e *CascadeError) split() (refusing, going []Dependent) {
	for _, d := range e.Dependents {
		if d.Refuses {
			refusing = append(refusing, d)
		} else {
			going = append(going, d)
		}
	}
	return refusing, going
}

// count is "2 objects", "at least 2 objects" when a listing was cut at its page.
func (e *CascadeError) count(n int) string {
	s := fmt.Sprintf("%d %s", n, plural(n, "object", "objects"))
	if e.Truncated {
		s = "at least " + s
	}
	return s
}

// list writes one line per dependent, at most MaxDependentsShown, and counts the rest.
func (e *CascadeError) list(b *strings.Builder, ds []Dependent) {
	n := len(ds)
	shown := ds[:min(n, MaxDependentsShown)]
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
		fmt.Fprintf(b, "    … and %s\n", more)
	}
}

// links says, once per resource type that is a link, what survives the delete: the linked
// object stays, only the link goes.
func links(b *strings.Builder, ds []Dependent) {
	seen := map[string]bool{}
	for _, d := range ds {
		if d.Link == "" || seen[d.TypeName] {
			continue
		}
		seen[d.TypeName] = true
		fmt.Fprintf(b, "  Each %s is %s.\n", d.TypeName, d.Link)
	}
}

// forced is what a setting on the parent would do to the dependents that refuse its
// delete ("" when none says).
func forced(ds []Dependent) string {
	for _, d := range ds {
		if d.Forced != "" {
			return d.Forced
		}
	}
	return ""
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
