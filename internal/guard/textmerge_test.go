package guard

import (
	"strings"
	"testing"
)

func TestLinesKept(t *testing.T) {
	base := "# Guide\n\nStep one.\nStep two.\nStep three.\n\nThanks.\n"
	editor := strings.Replace(base, "Step two.\n", "Step two, carefully.\n", 1) // the portal editor's edit
	for _, c := range []struct {
		name    string
		desired string
		want    bool
	}{
		{"the configuration holds the editor's line and adds its own elsewhere",
			strings.Replace(editor, "Thanks.\n", "Thanks for reading.\n", 1), true},
		{"the editor's line and a line of ours right after it",
			strings.Replace(editor, "Step two, carefully.\n", "Step two, carefully.\nStep two and a half.\n", 1), true},
		{"exactly the editor's text", editor, true},
		{"our edit elsewhere only: the editor's line would be undone",
			strings.Replace(base, "Thanks.\n", "Thanks for reading.\n", 1), false},
		{"the same line changed another way",
			strings.Replace(base, "Step two.\n", "Step two, quickly.\n", 1), false},
		{"the base unchanged", base, false},
	} {
		if got := LinesKept(base, editor, c.desired); got != c.want {
			t.Errorf("%s: kept %v, want %v", c.name, got, c.want)
		}
	}
	// The editor deleted a line: a configuration that keeps it (and adds one beside it) puts
	// it back; one without it keeps the deletion.
	deleted := strings.Replace(base, "Step three.\n", "", 1)
	if LinesKept(base, deleted, strings.Replace(base, "Step three.\n", "Step three.\nStep four.\n", 1)) {
		t.Error("a line the editor deleted, put back with one of ours beside it: kept, want a conflict")
	}
	if !LinesKept(base, deleted, strings.Replace(deleted, "# Guide\n", "# The guide\n", 1)) {
		t.Error("the deletion kept and a heading of ours: a conflict, want none")
	}
	if LinesKept(base, nil, base) || LinesKept(base, editor, 3) {
		t.Error("values that are not all text: kept, want a conflict decided elsewhere")
	}
}
