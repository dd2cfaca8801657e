package export

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Resource names: from Konnect's names, made valid Terraform identifiers, unique per
// resource type across the whole export, and stable (the same organization gives the same
// names, whatever order Konnect lists it in).

// identifier turns a Konnect name into a Terraform identifier: lower case letters, digits and
// underscores, starting with a letter ("" when nothing of it is left). A name that starts
// with a digit is prefixed with fallback.
func identifier(name, fallback string) string {
	var b strings.Builder
	under := false
	for _, r := range norm.NFD.String(strings.ToLower(name)) { // é: e and its accent, which goes
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(r)
			continue
		}
		under = true // anything else (spaces, dots, dashes, letters outside a-z) separates words
	}
	s := b.String()
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		s = fallback + "_" + s
	}
	return s
}

// candidate is one object waiting for its resource name.
type candidate struct {
	typeName string
	base     string // identifier from the object's own names (and its parent's)
	scope    string // identifier of its control plane ("" outside one): qualifies a clash
	key      string // a stable tie-break: the object's id
}

// uniqueNames gives each candidate its name: its base where no other object of its type
// has the same; where several do and they are in different control planes, each is
// qualified by its control plane's name; any clash left is numbered (_2, _3, …) in the
// order of the objects' ids. The result is in the candidates' order.
func uniqueNames(cands []candidate) []string {
	out := make([]string, len(cands))
	groups := map[string][]int{}
	for i, c := range cands {
		out[i] = c.base
		groups[c.typeName+"."+c.base] = append(groups[c.typeName+"."+c.base], i)
	}
	for _, idx := range groups {
		if len(idx) < 2 {
			continue
		}
		scopes := map[string]bool{}
		for _, i := range idx {
			scopes[cands[i].scope] = true
		}
		if len(scopes) > 1 {
			for _, i := range idx {
				if cands[i].scope != "" {
					out[i] = cands[i].scope + "_" + cands[i].base
				}
			}
		}
	}
	groups = map[string][]int{}
	taken := map[string]bool{}
	for i, c := range cands {
		groups[c.typeName+"."+out[i]] = append(groups[c.typeName+"."+out[i]], i)
		taken[c.typeName+"."+out[i]] = true
	}
	for _, k := range slices.Sorted(maps.Keys(groups)) {
		idx := groups[k]
		if len(idx) < 2 {
			continue
		}
		sort.Slice(idx, func(a, b int) bool { return cands[idx[a]].key < cands[idx[b]].key })
		n := 2
		for _, i := range idx[1:] {
			for {
				name := fmt.Sprintf("%s_%d", out[i], n)
				n++
				if !taken[cands[i].typeName+"."+name] {
					taken[cands[i].typeName+"."+name] = true
					out[i] = name
					break
				}
			}
		}
	}
	return out
}
