package reliability

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// row is one scenario run: one line of the chaos table.
type row struct {
	property   string
	seed       int64
	etags      bool
	policy     string
	objects    int
	ops        int64 // protocol calls (read, plan, apply, import)
	requests   int   // API requests the mock served
	faults     int   // injected by the mock (its counts), plus responses the recorder held back
	faultKinds map[string]int
	retries    int // client attempts beyond the first of their call (client DEBUG log)
	conflicts  int // conflict diagnostics reported (stale plan, remote edit)
	duplicates int
	silent     int // out-of-band values overwritten without a conflict diagnostic
	notes      string
	elapsed    time.Duration
}

var (
	tableMu sync.Mutex
	table   []row
)

func record(t testing.TB, r row) {
	t.Helper()
	t.Logf("%s seed=%d etags=%v policy=%s: objects=%d ops=%d requests=%d faults=%d %v retries=%d conflicts=%d duplicates=%d silent=%d %s (%s)",
		r.property, r.seed, r.etags, r.policy, r.objects, r.ops, r.requests, r.faults, r.faultKinds, r.retries, r.conflicts,
		r.duplicates, r.silent, r.notes, r.elapsed.Round(time.Millisecond))
	tableMu.Lock()
	table = append(table, r)
	tableMu.Unlock()
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// printTable writes the chaos table: one line per run, then totals per property and ETags.
func printTable() {
	tableMu.Lock()
	rows := append([]row(nil), table...)
	tableMu.Unlock()
	if len(rows) == 0 {
		return
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.property != b.property {
			return a.property < b.property
		}
		if a.etags != b.etags {
			return a.etags
		}
		if a.policy != b.policy {
			return a.policy < b.policy
		}
		return a.seed < b.seed
	})
	var b strings.Builder
	head := fmt.Sprintf("%-16s %5s %-9s %4s %7s %6s %8s %7s %7s %9s %6s %6s  %s\n",
		"property", "etags", "policy", "seed", "objects", "ops", "requests", "faults", "retries", "conflicts", "dups", "silent", "notes")
	b.WriteString("\n=== reliability chaos table ===\n")
	b.WriteString(head)
	b.WriteString(strings.Repeat("-", len(head)+20) + "\n")
	type key struct {
		p, pol string
		e      bool
	}
	tot := map[key]*row{}
	var order []key
	for _, r := range rows {
		fmt.Fprintf(&b, "%-16s %5s %-9s %4d %7d %6d %8d %7d %7d %9d %6d %6d  %s\n", r.property, onOff(r.etags), r.policy, r.seed,
			r.objects, r.ops, r.requests, r.faults, r.retries, r.conflicts, r.duplicates, r.silent, r.notes)
		k := key{r.property, r.policy, r.etags}
		t := tot[k]
		if t == nil {
			t = &row{property: r.property, policy: r.policy, etags: r.etags}
			tot[k] = t
			order = append(order, k)
		}
		t.objects += r.objects
		t.ops += r.ops
		t.requests += r.requests
		t.faults += r.faults
		t.retries += r.retries
		t.conflicts += r.conflicts
		t.duplicates += r.duplicates
		t.silent += r.silent
		t.seed++
	}
	b.WriteString("\ntotals\n")
	b.WriteString(head)
	for _, k := range order {
		r := tot[k]
		fmt.Fprintf(&b, "%-16s %5s %-9s %4s %7d %6d %8d %7d %7d %9d %6d %6d  %d run(s)\n", r.property, onOff(r.etags), r.policy, "all",
			r.objects, r.ops, r.requests, r.faults, r.retries, r.conflicts, r.duplicates, r.silent, r.seed)
	}
	fmt.Fprint(os.Stdout, b.String())
}

func TestMain(m *testing.M) {
	code := m.Run()
	if long() {
		printTable()
	}
	os.Exit(code)
}
