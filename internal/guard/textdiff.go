package guard

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// Multi-line text in diagnostics. A document someone edited in Konnect (a portal page, an
// API document, a specification) is too long to print twice, and a fingerprint says nothing
// of what changed. So a row whose values are text of several lines shows each side by its
// line count, followed by a short unified diff of what changed in Konnect since the base
// (and, in a plan that writes something else than the base, of what the plan writes over
// Konnect's text): a few lines of context around each change, long lines cut, and no more
// than a bounded number of lines per diff.

const (
	// diffContext is the number of unchanged lines shown around a change.
	diffContext = 3
	// diffLineWidth is the longest line a diff prints whole (in characters); a longer one is
	// cut and ends with "…".
	diffLineWidth = 100
	// diffMaxLines is the most lines of one diff (hunk headers included); the rest is
	// counted.
	diffMaxLines = 40
	// diffMaxCells bounds the line comparison (lines × lines after the common beginning and
	// end): beyond it the changed middle is shown as removed and added whole.
	diffMaxCells = 4_000_000
)

// textRow reports whether the values of one row are multi-line text, shown by line count
// and a diff: the field is neither sensitive nor a JSON document, every side is a string, a
// null or a stand-in (not set, Konnect's default), and one of them has several lines.
func textRow(f Field, vs ...any) bool {
	if f.Sensitive || f.Document || f.Set {
		return false
	}
	multi := false
	for _, v := range vs {
		switch t := canonjson.Normalize(v).(type) {
		case notSet, konnectDefault, nil:
		case string:
			multi = multi || strings.Contains(strings.TrimRight(t, "\n"), "\n")
		default:
			return false
		}
	}
	return multi
}

// showLines renders one side of a text row by its line count.
func showLines(v any) string {
	switch v.(type) {
	case notSet:
		return NotSetText
	case konnectDefault:
		return "(Konnect's default)"
	}
	s, _ := canonjson.Normalize(v).(string)
	switch n := len(splitLines(s)); n {
	case 0:
		return "(empty)"
	case 1:
		return "1 line"
	default:
		return fmt.Sprintf("%d lines", n)
	}
}

// textLines are the lines under a text row: the diff of what changed in Konnect since the
// base, and (plans) what the plan does to Konnect's text.
func textLines(b *strings.Builder, indent string, base, remote, planned any, plans bool) {
	fmt.Fprintf(b, "%schanged in Konnect:\n", indent)
	writeDiff(b, indent+"  ", "last applied", "in Konnect now", text(base), text(remote))
	if !plans {
		return
	}
	switch planned.(type) {
	case notSet:
		return
	case konnectDefault:
		fmt.Fprintf(b, "%sthe plan sets it back to Konnect's default.\n", indent)
		return
	}
	if text(planned) == text(base) {
		fmt.Fprintf(b, "%sthe plan writes back the text last applied (the reverse of this diff).\n", indent)
		return
	}
	fmt.Fprintf(b, "%sthe plan writes over it:\n", indent)
	writeDiff(b, indent+"  ", "in Konnect now", "planned", text(remote), text(planned))
}

func text(v any) string {
	s, _ := canonjson.Normalize(v).(string)
	return s
}

// splitLines splits text into lines; a final line break ends the last line, and an empty
// text has no line.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// UnifiedDiff returns a short unified diff of two texts, from and to named by the headers:
// diffContext lines of context, lines longer than diffLineWidth cut, at most diffMaxLines
// lines after the headers. Equal texts give "".
func UnifiedDiff(fromName, toName, from, to string) string {
	var b strings.Builder
	writeDiff(&b, "", fromName, toName, from, to)
	return b.String()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	text string
	a, b int // line numbers (0-based) in from and to
}

func writeDiff(b *strings.Builder, indent, fromName, toName, from, to string) {
	ops := diffLines(splitLines(from), splitLines(to))
	hunks := diffHunks(ops)
	if len(hunks) == 0 {
		if from != to {
			// Only a final line break differs.
			fmt.Fprintf(b, "%s(only the line break at the end differs)\n", indent)
		}
		return
	}
	fmt.Fprintf(b, "%s--- %s\n%s+++ %s\n", indent, fromName, indent, toName)
	var lines []string
	for _, h := range hunks {
		lines = append(lines, hunkHeader(ops[h[0]:h[1]]))
		for _, op := range ops[h[0]:h[1]] {
			lines = append(lines, string(op.kind)+cutLine(op.text))
		}
	}
	shown := lines
	if len(lines) > diffMaxLines {
		shown = lines[:diffMaxLines]
	}
	for _, l := range shown {
		fmt.Fprintf(b, "%s%s\n", indent, l)
	}
	if rest := len(lines) - len(shown); rest > 0 {
		changed := 0
		for _, l := range lines[len(shown):] {
			if l[0] == '-' || l[0] == '+' {
				changed++
			}
		}
		fmt.Fprintf(b, "%s… (%d more lines of this diff not shown, %d of them changed)\n", indent, rest, changed)
	}
}

// cutLine cuts a line longer than diffLineWidth characters.
func cutLine(s string) string {
	if utf8.RuneCountInString(s) <= diffLineWidth {
		return s
	}
	r := []rune(s)
	return string(r[:diffLineWidth-1]) + "…"
}

// hunkHeader renders "@@ -a,n +b,m @@" for the operations of one hunk.
func hunkHeader(ops []diffOp) string {
	var na, nb int
	startA, startB := -1, -1
	for _, op := range ops {
		if op.kind != '+' {
			if startA < 0 {
				startA = op.a
			}
			na++
		}
		if op.kind != '-' {
			if startB < 0 {
				startB = op.b
			}
			nb++
		}
	}
	return fmt.Sprintf("@@ -%s +%s @@", hunkRange(startA, na, ops[0].a), hunkRange(startB, nb, ops[0].b))
}

func hunkRange(start, n, at int) string {
	if n == 0 {
		// An empty range names the line before it, as diff -u does.
		return fmt.Sprintf("%d,0", at)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// diffHunks groups the operations into hunks ([start, end) indexes into ops): each change
// with diffContext lines of context, hunks whose context touches merged.
func diffHunks(ops []diffOp) [][2]int {
	var hunks [][2]int
	for i, op := range ops {
		if op.kind == ' ' {
			continue
		}
		start, end := max(0, i-diffContext), min(len(ops), i+1+diffContext)
		if n := len(hunks); n > 0 && start <= hunks[n-1][1] {
			hunks[n-1][1] = max(hunks[n-1][1], end)
			continue
		}
		hunks = append(hunks, [2]int{start, end})
	}
	return hunks
}

// diffLines compares two texts line by line (longest common subsequence, after the common
// beginning and end).
func diffLines(a, b []string) []diffOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []diffOp
	for i := 0; i < pre; i++ {
		ops = append(ops, diffOp{' ', a[i], i, i})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	ops = append(ops, diffMiddle(ma, mb, pre)...)
	for i := 0; i < suf; i++ {
		ia, ib := len(a)-suf+i, len(b)-suf+i
		ops = append(ops, diffOp{' ', a[ia], ia, ib})
	}
	return ops
}

func diffMiddle(a, b []string, off int) []diffOp {
	var ops []diffOp
	if len(a)*len(b) > diffMaxCells {
		for i, s := range a {
			ops = append(ops, diffOp{'-', s, off + i, off})
		}
		for j, s := range b {
			ops = append(ops, diffOp{'+', s, off + len(a), off + j})
		}
		return ops
	}
	// lcs[i][j]: the longest common subsequence of a[i:] and b[j:].
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, diffOp{' ', a[i], off + i, off + j})
			i, j = i+1, j+1
		case j == len(b) || (i < len(a) && lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, diffOp{'-', a[i], off + i, off + j})
			i++
		default:
			ops = append(ops, diffOp{'+', b[j], off + i, off + j})
			j++
		}
	}
	return ops
}
