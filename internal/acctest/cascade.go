package acctest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// Matching the cascade guard's diagnostics, however the CLI wraps them.

// UUIDPattern matches an id Konnect chose (the test cannot know it before the step runs).
const UUIDPattern = `[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`

// cascadeFailSummary is the summary of the cascade guard's refusal.
const cascadeFailSummary = "Deleting this object would delete objects that Terraform does not manage"

// Words matches a sentence of the diagnostic, however the CLI wraps it.
func Words(s string) string {
	var out []string
	for _, w := range strings.Fields(s) {
		out = append(out, regexp.QuoteMeta(w))
	}
	return strings.Join(out, `\s+`)
}

// ImportBlock matches the import block a cascade diagnostic gives for one object; an id
// given as "" leaves the pattern open after `id = "`, to be followed by the caller's.
func ImportBlock(typeName, id string) string {
	s := `import \{\s+to = ` + regexp.QuoteMeta(typeName) + `\.<name>\s+id = "`
	if id == "" {
		return s
	}
	return s + regexp.QuoteMeta(id) + `"\s+\}`
}

// AnImport matches the import block of a dependent whose import id is two ids.
func AnImport(typeName string) string {
	return ImportBlock(typeName, "") + UUIDPattern + "/" + UUIDPattern + `"`
}

// ImportOf is an import block as the diagnostic's detail holds it, for WantErrorNaming.
func ImportOf(typeName, id string) string {
	return fmt.Sprintf("  import {\n    to = %s.<name>\n    id = %q\n  }\n", typeName, id)
}

// PlatformLine matches the diagnostic's line for one dependent named by name; id is a
// pattern (the ids Konnect chooses are not known when the steps are declared; the next
// step checks them in the recorded diagnostic); created: with its created_at (a membership
// and a role grant have none of their own).
func PlatformLine(typeName, id, name string, created bool) string {
	s := regexp.QuoteMeta(typeName) + `\s+id ` + id + `\s+` + regexp.QuoteMeta(fmt.Sprintf("name %q", name))
	if created {
		s += `\s+created_at \d{4}-\d\d-\d\dT`
	}
	return s
}

// CascadeRefused matches the refusal of the delete of a parent of type parent, naming each
// dependent line, each note and then each import block, in order.
func CascadeRefused(parent string, lines, notes, imports []string) *regexp.Regexp {
	s := `(?s)` + Words(cascadeFailSummary) + `.*` +
		regexp.QuoteMeta(parent+" (id ") + UUIDPattern + `\)\s+` + Words(fmt.Sprintf("has %d %s in Konnect that Konnect deletes with it:", len(lines), plural(len(lines))))
	for _, l := range lines {
		s += `.*` + l
	}
	for _, n := range notes {
		s += `.*` + Words(n)
	}
	s += `.*` + Words("Nothing was deleted.")
	for _, i := range imports {
		s += `.*` + i
	}
	return regexp.MustCompile(s + `.*KONNECT_CONFLICT_POLICY=overwrite`)
}

func plural(n int) string {
	if n == 1 {
		return "object"
	}
	return "objects"
}

// WantErrorNaming fails the test unless rec recorded the cascade guard's refusal whose
// detail holds every one of details.
func WantErrorNaming(t *testing.T, rec *DiagRecorder, details ...string) {
	t.Helper()
	ds := rec.Diags()
	for _, d := range ds {
		ok := d.Summary == cascadeFailSummary
		for _, s := range details {
			ok = ok && strings.Contains(d.Detail, s)
		}
		if ok {
			return
		}
	}
	t.Errorf("no error %q naming %q; the provider said %s", cascadeFailSummary, details, ShowDiags(ds))
}
