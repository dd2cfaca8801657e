package provider

import (
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
// its JSON form, its first documented form and its name through the CLI.
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
