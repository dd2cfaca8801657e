package guard

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// Adoption and removal: the two ways configuration changes what Terraform manages without
// asking Konnect to change anything it would not otherwise.
//
//   - Adoption: someone changed a field in Konnect and configuration now says the same. No
//     write is needed, but the guard's memory (the base) must learn that the value is now
//     the user's, or a later change back in Konnect would look like "Konnect equals what
//     Terraform wrote" and be silently reverted. Terraform only keeps private state through
//     an apply, so adoption is planned as an update that writes nothing to Konnect.
//   - Removal: a field configuration set before (it is in the base) and no longer sets goes
//     back to Konnect's default. A field configuration never set follows Konnect.

// Adopted is one field whose Konnect value configuration now agrees with.
type Adopted struct {
	Field Field
	Base  any // what Terraform last wrote or adopted
	Value any // what Konnect holds, and configuration says
	// FirstSet: configuration never set the field before (Base.Follows), so Base is only
	// what Konnect held at the last write, never shown as "last applied".
	FirstSet bool
}

// Adoptions lists the fields, among those configuration sets, where Konnect differs from the
// base and configuration agrees with Konnect: values the user has taken over as their own.
func Adoptions(fields []Field, configured func(name string) bool, base, remote, desired Values) []Adopted {
	var out []Adopted
	for _, f := range fields {
		b, hasBase := base[f.Name]
		d, hasDesired := desired[f.Name]
		if !hasBase || !hasDesired || !configured(f.Name) {
			continue
		}
		r := remote[f.Name]
		if !Equal(f, b, r) && Equal(f, d, r) {
			out = append(out, Adopted{Field: f, Base: b, Value: r})
		}
	}
	return out
}

// AdoptionNotice is the warning shown with a plan that adopts values changed in Konnect.
type AdoptionNotice struct {
	Object  Object
	Adopted []Adopted
	// WithUpdate: the plan writes other changes too, and the same write adopts these.
	WithUpdate bool
}

func (n *AdoptionNotice) Summary() string { return "Adopting changes made in Konnect" }

func (n *AdoptionNotice) Detail() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %s was changed outside Terraform, and the configuration now agrees:\n", n.Object)
	width := 0
	for _, a := range n.Adopted {
		width = max(width, len(a.Field.Name))
	}
	for _, a := range n.Adopted {
		s := ShowSides(a.Field, a.Base, a.Value) // collections.go: alike, by count when long
		was := "last applied: " + s[0]
		if a.FirstSet {
			was = "not set by configuration before"
		}
		fmt.Fprintf(&b, "    %-*s   %s   in Konnect and configuration: %s\n", width, a.Field.Name, was, s[1])
		if !a.FirstSet && collectionRow(a.Field, a.Base, a.Value) {
			elementLines(&b, "      ", a.Base, a.Value, nil, false)
		}
		if !a.FirstSet && textRow(a.Field, a.Base, a.Value) {
			textLines(&b, "      ", a.Base, a.Value, nil, false)
		}
	}
	if n.WithUpdate {
		b.WriteString("\nApplying this plan writes the other changes and records these values as managed by this configuration, ")
		b.WriteString("so that a later change of them in Konnect is reported instead of silently reverted.")
		return b.String()
	}
	b.WriteString("\nApplying this plan writes nothing to Konnect: it re-reads the object and records these values as managed by this configuration, ")
	b.WriteString("so that a later change of them in Konnect is reported instead of silently reverted.")
	return b.String()
}

// Names lists the adopted field names, for logs.
func (n *AdoptionNotice) Names() []string {
	out := make([]string, len(n.Adopted))
	for i, a := range n.Adopted {
		out[i] = a.Field.Name
	}
	return out
}

// konnectDefault stands for a value Konnect chooses when a write leaves the field out, when
// it is not known here. It equals nothing, and shows as "(Konnect's default)".
type konnectDefault struct{}

// KonnectDefault is the desired value of a field that configuration stopped setting and whose
// default is not known before the write.
var KonnectDefault any = konnectDefault{}

// RemovedPaths lists the object key paths of a JSON document (a plugin's config) that base
// has and desired no longer has, at any depth, in sorted order. A key removed whole is one
// path; its children are not listed.
func RemovedPaths(base, desired any) [][]string {
	var out [][]string
	var walk func(b, d any, at []string)
	walk = func(b, d any, at []string) {
		bm, ok1 := canonjson.Normalize(b).(map[string]any)
		dm, ok2 := canonjson.Normalize(d).(map[string]any)
		if !ok1 || !ok2 {
			return
		}
		for _, k := range slices.Sorted(maps.Keys(bm)) {
			p := append(slices.Clone(at), k)
			dv, ok := dm[k]
			if !ok {
				out = append(out, p)
				continue
			}
			walk(bm[k], dv, p)
		}
	}
	walk(base, desired, nil)
	return out
}

// WithNulls returns a copy of doc with every path set to null: in a plugin's config, null
// asks Konnect for the field's default. Missing parent objects are created.
func WithNulls(doc map[string]any, paths [][]string) map[string]any {
	out := cloneMap(doc)
	for _, p := range paths {
		cur := out
		for i, k := range p {
			if i == len(p)-1 {
				cur[k] = nil
				break
			}
			next, ok := cur[k].(map[string]any)
			if !ok {
				next = map[string]any{}
			} else {
				next = cloneMap(next)
			}
			cur[k] = next
			cur = next
		}
	}
	return out
}

func cloneMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
