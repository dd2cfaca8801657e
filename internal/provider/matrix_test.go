package provider

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// The acceptance matrix of make test selects by name (GNUmakefile: BOTH_CLIS_RUN,
// SHORTCUTS_OFF_RUN): a test renamed or moved must not silently leave the second CLI or the
// shortcut-off run. Every alternative of each list names at least one acceptance test
// somewhere under internal/, and every kind of acctest.KindsBothCLIs is a kind of a family
// whose package runs its row in TestAccKindsBothCLIs.
func TestAcceptanceMatrix(t *testing.T) {
	makefile, err := os.ReadFile("../../GNUmakefile")
	if err != nil {
		t.Fatal(err)
	}
	variable := func(name string) string {
		m := regexp.MustCompile(`(?m)^` + name + ` := (.+)$`).FindStringSubmatch(string(makefile))
		if m == nil {
			t.Fatalf("GNUmakefile has no %s", name)
		}
		return strings.TrimSpace(m[1])
	}
	tests := map[string]bool{}
	funcRE := regexp.MustCompile(`(?m)^func (TestAcc\w+)\(t \*testing\.T\)`)
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range funcRE.FindAllStringSubmatch(string(src), -1) {
			tests[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) < 100 {
		t.Fatalf("found %d acceptance tests under internal/: the walk is wrong", len(tests))
	}
	for _, name := range []string{"BOTH_CLIS_RUN", "SHORTCUTS_OFF_RUN"} {
		value := variable(name)
		m := regexp.MustCompile(`^\^TestAcc\(([\w|]+)\)$`).FindStringSubmatch(value)
		if m == nil {
			t.Fatalf("%s = %s: want ^TestAcc(A|B|...)", name, value)
		}
		for _, alt := range strings.Split(m[1], "|") {
			found := false
			for test := range tests {
				if strings.HasPrefix(test, "TestAcc"+alt) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s names TestAcc%s, which matches no acceptance test under internal/", name, alt)
			}
		}
	}
	rows := map[string]string{} // kind → the family package whose TestAccKinds runs it
	for _, fam := range kindFamilies {
		for _, k := range fam.kinds {
			rows[k.TypeName] = fam.pkg
		}
	}
	for _, k := range Kinds {
		if rows[k.TypeName] == "" {
			t.Errorf("%s is in no family's Kinds: no TestAccKinds runs it", k.TypeName)
		}
	}
	if !tests["TestAccKinds"] {
		t.Error("no TestAccKinds under internal/")
	}
	// The rows OpenTofu runs too: each kind's family runs them in its TestAccKindsBothCLIs
	// (TestAccKinds leaves them out), which BOTH_CLIS_RUN names.
	if !strings.Contains(variable("BOTH_CLIS_RUN"), "(KindsBothCLIs|") {
		t.Error("BOTH_CLIS_RUN does not name KindsBothCLIs: OpenTofu would run no guard row")
	}
	for _, typeName := range acctest.KindsBothCLIs {
		pkg := rows[typeName]
		if pkg == "" {
			t.Errorf("acctest.KindsBothCLIs names %s, which is no kind of any family", typeName)
			continue
		}
		files, _ := filepath.Glob(filepath.Join("..", pkg, "*_test.go"))
		found := false
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			found = found || regexp.MustCompile(`(?m)^func TestAccKindsBothCLIs\(t \*testing\.T\) \{\n\tacctest\.RunKindsBothCLIs\(`).Match(src)
		}
		if !found {
			t.Errorf("%s is in acctest.KindsBothCLIs, but internal/%s has no TestAccKindsBothCLIs calling acctest.RunKindsBothCLIs: its row would run nowhere", typeName, pkg)
		}
	}
}
