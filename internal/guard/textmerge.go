package guard

import "github.com/konnectguard/terraform-provider-konnect/internal/canonjson"

// Text merged by lines. A page's content (or a snippet's, an API document's) that someone
// edited in the portal editor conflicts with the plan only where writing the planned text
// would lose that edit: a configuration that already holds the editor's lines and adds its
// own elsewhere (or right beside them) overwrites nothing. This is a three-way merge over
// the base (what Terraform last wrote): the edits made in Konnect since are grouped with the
// planned edits of the same lines, and each group must show Konnect's version kept in the
// planned one, with lines only added around it, never a line Konnect removed put back.

// textHunk is one run of changed lines: base[start:end] replaced by lines.
type textHunk struct {
	start, end int
	lines      []string
}

// hunksOf lists the edits that turn base into other, in order.
func hunksOf(base, other []string) []textHunk {
	var out []textHunk
	var cur *textHunk
	for _, op := range diffLines(base, other) {
		if op.kind == ' ' {
			if cur != nil {
				out = append(out, *cur)
				cur = nil
			}
			continue
		}
		if cur == nil {
			cur = &textHunk{start: op.a, end: op.a}
		}
		if op.kind == '-' {
			cur.end = op.a + 1
		} else {
			cur.lines = append(cur.lines, op.text)
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

// touches reports that two hunks change overlapping or adjacent lines of the base (two
// insertions at the same place included).
func (h textHunk) touches(start, end int) bool { return h.start <= end && start <= h.end }

// LinesKept reports that writing desired keeps every edit made in Konnect since base
// (remote): true when all three are text and no edit of Konnect's is lost or changed.
func LinesKept(base, remote, desired any) bool {
	b, ok1 := canonjson.Normalize(base).(string)
	r, ok2 := canonjson.Normalize(remote).(string)
	d, ok3 := canonjson.Normalize(desired).(string)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	bl, rl, dl := splitLines(b), splitLines(r), splitLines(d)
	rh, dh := hunksOf(bl, rl), hunksOf(bl, dl)
	for _, h := range rh {
		// the region of the base Konnect's edit and the planned edits beside it cover
		start, end := h.start, h.end
		for grown := true; grown; {
			grown = false
			for _, x := range append(append([]textHunk(nil), rh...), dh...) {
				if x.touches(start, end) && (x.start < start || x.end > end) {
					start, end, grown = min(start, x.start), max(end, x.end), true
				}
			}
		}
		planned := applyHunks(bl, dh, start, end)
		if sameLines(planned, bl[start:end]) {
			return false // the plan leaves these lines as they were: Konnect's edit is undone
		}
		if !keptIn(applyHunks(bl, rh, start, end), planned, bl[start:end]) {
			return false
		}
	}
	return true
}

// applyHunks is base[start:end] with the hunks inside that region applied.
func applyHunks(base []string, hunks []textHunk, start, end int) []string {
	var out []string
	at := start
	for _, h := range hunks {
		if h.start < start || h.end > end {
			continue
		}
		out = append(out, base[at:h.start]...)
		out = append(out, h.lines...)
		at = h.end
	}
	return append(out, base[at:end]...)
}

// keptIn reports that planned holds konnect's version of a region, lines only added to it,
// none of them a line of the base region that Konnect's version no longer has.
func keptIn(konnect, planned, base []string) bool {
	removed := map[string]int{}
	for _, l := range base {
		removed[l]++
	}
	for _, l := range konnect {
		if removed[l] > 0 {
			removed[l]--
		}
	}
	for _, op := range diffLines(konnect, planned) {
		switch op.kind {
		case '-':
			return false // a line of Konnect's version the plan drops or changes
		case '+':
			if removed[op.text] > 0 {
				return false // a line Konnect removed, put back
			}
		}
	}
	return true
}

func sameLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
