package provider

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// Every import id the docs show (examples/resources/<type>/import.sh, rendered into each
// resource's page) is one the kind's parser takes: a documented form that the provider
// refuses, or that reads as another object, fails here. TestAccKinds imports each kind by
// its first documented form and by its name through the CLI (by Kong's JSON form where
// neither compares every attribute).
func TestDocumentedImportFormsParse(t *testing.T) {
	line := regexp.MustCompile(`^terraform import (konnect_[a-z_]+)\.[a-z_0-9]+ (?:'([^']*)'|"([^"]*)"|([^ '"]+))$`)
	byType := map[string]engine.EntityKind{}
	for _, k := range Kinds {
		byType[k.TypeName] = k
	}
	seen := 0
	files, _ := filepath.Glob("../../examples/resources/*/import.sh")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			m := line.FindStringSubmatch(l)
			if m == nil {
				t.Errorf("%s: %q is no `terraform import <type>.<name> <id>` line", f, l)
				continue
			}
			k, ok := byType[m[1]]
			if !ok {
				t.Errorf("%s: no kind %s", f, m[1])
				continue
			}
			id := m[2] + m[3] + m[4]
			addr, err := engine.NewEntityResource(k).ParseImportID(id)
			if err != nil {
				t.Errorf("%s: the documented id %s is refused: %v", f, id, err)
				continue
			}
			if addr.ID == "" {
				t.Errorf("%s: the documented id %s names no object", f, id)
			}
			for p, v := range addr.Parents {
				if v == "" {
					t.Errorf("%s: the documented id %s leaves %s empty", f, id, p)
				}
			}
			seen++
		}
	}
	if len(files) < len(Kinds) || seen < len(Kinds) {
		t.Errorf("%d import.sh files with %d forms for %d kinds: a kind without its documented import", len(files), seen, len(Kinds))
	}
}

// Kong's JSON form of every kind's import id ({"<parent>": …, "id": …}) and the form its docs
// give first read as the same object: TestAccKinds imports each kind through the CLI by the
// documented form and by name, and the JSON form differs from those only here, in parsing.
func TestJSONImportFormMatchesTheDocumentedForm(t *testing.T) {
	for _, k := range Kinds {
		r := engine.NewEntityResource(k)
		values := map[string]string{"id": "5b1c0a2e-8f3d-4c6b-9e1a-7d2f0c4b8a6e"}
		for i, p := range r.Parents() {
			values[p] = fmt.Sprintf("9d2e4f1a-7c3b-4e8d-a1f0-%012d", i+1)
		}
		format, _, _ := strings.Cut(r.ImportFormat(), " or ")
		documented := format
		for name, v := range values {
			documented = strings.ReplaceAll(documented, "<"+name+">", v)
		}
		if strings.Contains(documented, "<") {
			t.Errorf("%s: the documented form %s names a part that is neither a parent nor the id", k.TypeName, format)
			continue
		}
		fromDocs, err := r.ParseImportID(documented)
		if err != nil {
			t.Errorf("%s: the documented form %s: %v", k.TypeName, documented, err)
			continue
		}
		// The JSON form as Kong's provider reads it: the object's id and its parents (an
		// object keyed by its parent has the parent's id as its own).
		m := map[string]string{"id": fromDocs.ID}
		for _, p := range r.Parents() {
			m[p] = values[p]
		}
		b, _ := json.Marshal(m)
		fromJSON, err := r.ParseImportID(string(b))
		if err != nil {
			t.Errorf("%s: the JSON form %s: %v", k.TypeName, b, err)
			continue
		}
		if fromJSON.ID != fromDocs.ID || !maps.Equal(fromJSON.Parents, fromDocs.Parents) {
			t.Errorf("%s: the JSON form %s reads as %+v, the documented form %s as %+v", k.TypeName, b, fromJSON, documented, fromDocs)
		}
		for _, p := range r.Parents() {
			if fromDocs.Parents[p] != values[p] {
				t.Errorf("%s: the documented form %s gives %s = %q, want %q", k.TypeName, documented, p, fromDocs.Parents[p], values[p])
			}
		}
	}
}
