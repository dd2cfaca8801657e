package guard

import (
	"fmt"
	"strings"
)

// SplitDestroyEdits separates what a delete would take with it (DestroyEdits) into the
// changes Guard 2 decides, to attributes configuration set or adopted and to secrets
// Terraform wrote, and the changes to attributes configuration never set, which follow
// Konnect (guards.md): those never block a destroy and are only named in a notice, since
// Terraform never wrote the value a "last applied" would show. A base that does not say
// what configuration set (after an import, or written by an older version) keeps every
// change guarded.
func SplitDestroyEdits(base *Base, conflicts []Conflict) (guarded, followed []Conflict) {
	for _, c := range conflicts {
		if base == nil || base.Configured == nil || c.Sensitive || c.Field.Sensitive || base.Configures(c.Field.Name) {
			guarded = append(guarded, c)
		} else {
			followed = append(followed, c)
		}
	}
	return guarded, followed
}

// DestroyNotice names the changes made in Konnect to attributes configuration never set,
// which a destroy deletes with the object: a warning, never a refusal.
type DestroyNotice struct {
	Object    Object
	ChangedAt string
	Followed  []Conflict
}

func (n *DestroyNotice) Summary() string { return "Destroying an object that was changed in Konnect" }

func (n *DestroyNotice) Detail() string {
	var b strings.Builder
	when := ""
	if n.ChangedAt != "" {
		when = " at " + n.ChangedAt
	}
	fmt.Fprintf(&b, "  %s was changed outside Terraform%s, in attributes this configuration does not set:\n", n.Object, when)
	width := 0
	for _, c := range n.Followed {
		width = max(width, len(c.Field.Name))
	}
	for _, c := range n.Followed {
		fmt.Fprintf(&b, "    %-*s   in Konnect now: %s\n", width, c.Field.Name, Show(c.Field, c.Remote))
	}
	b.WriteString("\nThey follow Konnect, so they do not stop the destroy: the object is deleted with them.\n")
	b.WriteString("To keep a record of them, set them in configuration and apply before destroying.")
	return b.String()
}
