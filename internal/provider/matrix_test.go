package provider

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The acceptance matrix of make test selects by name (GNUmakefile: BOTH_CLIS_RUN,
// SHORTCUTS_OFF_RUN, KINDS_BOTH, KINDS_SHORTCUTS_OFF): a test renamed or moved must not
// silently leave the second CLI or the shortcut-off run. Every alternative of each list
// names at least one acceptance test somewhere under internal/, and every kind in the
// KINDS_ lists is a row of TestAccKinds.
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
	rows := map[string]bool{}
	for _, k := range Kinds {
		rows[strings.TrimPrefix(k.TypeName, "konnect_gateway_")] = true
	}
	for _, name := range []string{"KINDS_BOTH", "KINDS_SHORTCUTS_OFF"} {
		for _, kind := range strings.Split(variable(name), "|") {
			if !rows[kind] {
				t.Errorf("%s names %q, which is no subtest of TestAccKinds", name, kind)
			}
		}
	}
}
