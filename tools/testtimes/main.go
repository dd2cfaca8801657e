// Command testtimes reads `go test -json` on stdin and prints what `go test` without -v
// would (each package's ok/FAIL line, and the whole output of every test that failed), then
// the slowest tests of the run with their times: the acceptance matrix's own profile, so a
// slow test is found from CI's log, not guessed. Its exit status is go test's (the pipe's
// pipefail) unless stdin cannot be read.
//
//	go test -json ./... | go run ./tools/testtimes -top 20
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

type result struct {
	pkg, test string
	elapsed   float64
}

func main() {
	top := flag.Int("top", 20, "how many of the slowest tests to list (0: none)")
	flag.Parse()
	results, err := run(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testtimes:", err)
		os.Exit(1)
	}
	printSlowest(os.Stdout, results, *top)
}

// run copies the run's outcome to out as go test prints it without -v, and returns the
// time of every test that passed or failed.
func run(in io.Reader, out io.Writer) ([]result, error) {
	output := map[string]*strings.Builder{} // by package and test, until the test ends
	var results []result
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintln(out, string(line)) // not an event (a build error): as it came
			continue
		}
		key := e.Package + "\x00" + e.Test
		switch e.Action {
		case "output", "build-output":
			b := output[key]
			if b == nil {
				b = &strings.Builder{}
				output[key] = b
			}
			b.WriteString(e.Output)
		case "pass", "fail", "skip":
			b := output[key]
			delete(output, key)
			if e.Test == "" {
				// The package's end: go test's own summary line (ok, FAIL, no test files),
				// and all of its output when it failed (a panic, a build failure).
				if e.Action == "fail" && b != nil {
					fmt.Fprint(out, b.String())
				} else if b != nil {
					fmt.Fprint(out, lastLines(b.String()))
				}
				continue
			}
			if e.Action != "skip" {
				results = append(results, result{pkg: e.Package, test: e.Test, elapsed: e.Elapsed})
			}
			if e.Action == "fail" && b != nil {
				fmt.Fprint(out, b.String()) // (a subtest's lines are its own, not its parent's)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return results, err
	}
	// What never ended (a build failure, the tests a timeout's panic cut short): all of it,
	// in a stable order.
	keys := make([]string, 0, len(output))
	for key := range output {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		fmt.Fprint(out, output[key].String())
	}
	return results, nil
}

// lastLines keeps a passing package's summary line (ok  pkg  12.3s), which -json puts in
// the package's output after its tests' lines.
func lastLines(s string) string {
	var keep []string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if strings.HasPrefix(l, "ok ") || strings.HasPrefix(l, "ok\t") || strings.HasPrefix(l, "?") || strings.HasPrefix(l, "FAIL") {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		return ""
	}
	return strings.Join(keep, "\n") + "\n"
}

// printSlowest lists the n slowest tests, subtests included (a TestAccKinds row is a
// subtest), each with its package's last element.
func printSlowest(out io.Writer, results []result, n int) {
	if n <= 0 || len(results) == 0 {
		return
	}
	sort.SliceStable(results, func(i, j int) bool { return results[i].elapsed > results[j].elapsed })
	if n > len(results) {
		n = len(results)
	}
	fmt.Fprintf(out, "slowest %d of %d tests:\n", n, len(results))
	for _, r := range results[:n] {
		pkg := r.pkg[strings.LastIndex(r.pkg, "/")+1:]
		fmt.Fprintf(out, "%8.1f s  %s %s\n", r.elapsed, pkg, r.test)
	}
}
