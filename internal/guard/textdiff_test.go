package guard

import (
	"strings"
	"testing"
)

// page is a document of n numbered lines.
func page(n int, edit map[int]string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if s, ok := edit[i]; ok {
			if s != "" {
				b.WriteString(s + "\n")
			}
			continue
		}
		b.WriteString("line " + string(rune('a'+i%26)) + "\n")
	}
	return b.String()
}

// A multi-line text edited in Konnect is a row by line count and a short unified diff of the
// edit, with three lines of context; a revert is said in words, not shown twice.
func TestRemoteEditTextDiff(t *testing.T) {
	base := "# Orders\n\nThe orders API.\n\n## Usage\n\nCall the API.\n\n## Limits\n\n100 requests a minute.\n"
	remote := "# Orders\n\nThe orders API.\n\n## Usage\n\nCall the API with a token.\nTokens are issued by the team.\n\n## Limits\n\n100 requests a minute.\n"
	e := &RemoteEditError{Object: Object{TypeName: "konnect_portal_page", ID: "p1"}, ChangedAt: "2026-12-04T08:00:00Z", Policy: PolicyFail,
		Conflicts: []Conflict{
			{Field: Field{Name: "content"}, Base: base, Remote: remote, Desired: base},
			{Field: Field{Name: "visibility"}, Base: "public", Remote: "private", Desired: "public"},
		}}
	want := `  konnect_portal_page (id p1) was changed outside Terraform at 2026-12-04T08:00:00Z.
    content      last applied: 11 lines   in Konnect now: 12 lines   planned: 11 lines
      changed in Konnect:
        --- last applied
        +++ in Konnect now
        @@ -4,7 +4,8 @@
         
         ## Usage
         
        -Call the API.
        +Call the API with a token.
        +Tokens are issued by the team.
         
         ## Limits
         
      the plan writes back the text last applied (the reverse of this diff).
    visibility   last applied: "public"   in Konnect now: "private"   planned: "public"

Keep the Konnect values: set them in configuration.
`
	if got := e.Detail(); !strings.HasPrefix(got, want) {
		t.Errorf("detail:\n%s\nwant it to start with:\n%s", got, want)
	}
	// Under warn: the same rows, as a warning.
	e.Policy = PolicyWarn
	if got := e.Detail(); !strings.Contains(got, strings.SplitN(want, "\n\n", 2)[0]) {
		t.Errorf("warn detail:\n%s", got)
	}
}

// A plan that writes a third text shows what it writes over Konnect's; long lines are cut,
// and far apart changes are separate hunks.
func TestRemoteEditTextDiffThirdText(t *testing.T) {
	long := strings.Repeat("x", 150)
	base := page(20, nil)
	remote := page(20, map[int]string{2: long, 18: ""})
	desired := page(20, map[int]string{19: "new"})
	e := &RemoteEditError{Object: Object{TypeName: "konnect_portal_snippet", ID: "s1"}, Policy: PolicyFail,
		Conflicts: []Conflict{{Field: Field{Name: "content"}, Base: base, Remote: remote, Desired: desired}}}
	want := `  konnect_portal_snippet (id s1) was changed outside Terraform.
    content   last applied: 20 lines   in Konnect now: 19 lines   planned: 20 lines
      changed in Konnect:
        --- last applied
        +++ in Konnect now
        @@ -1,5 +1,5 @@
         line b
        -line c
        +` + strings.Repeat("x", 99) + `…
         line d
         line e
         line f
        @@ -15,6 +15,5 @@
         line p
         line q
         line r
        -line s
         line t
         line u
      the plan writes over it:
        --- in Konnect now
        +++ planned
        @@ -1,5 +1,5 @@
         line b
        -` + strings.Repeat("x", 99) + `…
        +line c
         line d
         line e
         line f
        @@ -15,5 +15,6 @@
         line p
         line q
         line r
        -line t
        +line s
        +new
         line u

`
	if got := e.Detail(); !strings.HasPrefix(got, want) {
		t.Errorf("detail:\n%s\nwant it to start with:\n%s", got, want)
	}
}

// A long diff is cut after diffMaxLines lines, and what is left is counted; the document is
// never printed whole.
func TestUnifiedDiffBounded(t *testing.T) {
	edits := map[int]string{}
	for i := 1; i <= 200; i += 2 {
		edits[i] = "changed"
	}
	got := UnifiedDiff("a", "b", page(200, nil), page(200, edits))
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 2+diffMaxLines+1 {
		t.Fatalf("%d lines:\n%s", len(lines), got)
	}
	if want := "… (261 more lines of this diff not shown, 174 of them changed)"; lines[len(lines)-1] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], want)
	}
	if UnifiedDiff("a", "b", "x\ny\n", "x\ny\n") != "" {
		t.Error("equal texts have a diff")
	}
	if got := UnifiedDiff("a", "b", "x\ny", "x\ny\n"); got != "(only the line break at the end differs)\n" {
		t.Errorf("final line break: %q", got)
	}
}

// One-line values and secrets are not text rows: a sensitive multi-line value is never
// shown, and a one-line string keeps its quoted form.
func TestTextRowOnlyForMultiLineText(t *testing.T) {
	if textRow(Field{Name: "key", Sensitive: true}, "a\nb\n", "a\nc\n") {
		t.Error("a sensitive value is a text row")
	}
	if textRow(Field{Name: "title"}, "a", "b") {
		t.Error("one-line strings are a text row")
	}
	if textRow(Field{Name: "config", Document: true}, "a\nb", "a\nc") {
		t.Error("a JSON document is a text row")
	}
	if !textRow(Field{Name: "content"}, nil, "a\nb\n") {
		t.Error("text from null is not a text row")
	}
	e := &AdoptionNotice{Object: Object{TypeName: "konnect_portal_page", ID: "p1"},
		Adopted: []Adopted{{Field: Field{Name: "content"}, Base: "a\nb\nc\n", Value: "a\nB\nc\n"}}}
	want := `  konnect_portal_page (id p1) was changed outside Terraform, and the configuration now agrees:
    content   last applied: 3 lines   in Konnect and configuration: 3 lines
      changed in Konnect:
        --- last applied
        +++ in Konnect now
        @@ -1,3 +1,3 @@
         a
        -b
        +B
         c
`
	if got := e.Detail(); !strings.HasPrefix(got, want) {
		t.Errorf("adoption:\n%s\nwant it to start with:\n%s", got, want)
	}
}
