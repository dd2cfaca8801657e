package main

import (
	"strings"
	"testing"
)

// A run of two packages as go test -json writes it: one passes, one has a failing test
// beside a passing one.
const sample = `{"Action":"start","Package":"x/a"}
{"Action":"run","Package":"x/a","Test":"TestOne"}
{"Action":"output","Package":"x/a","Test":"TestOne","Output":"=== RUN   TestOne\n"}
{"Action":"output","Package":"x/a","Test":"TestOne","Output":"--- PASS: TestOne (3.50s)\n"}
{"Action":"pass","Package":"x/a","Test":"TestOne","Elapsed":3.5}
{"Action":"output","Package":"x/a","Output":"PASS\n"}
{"Action":"output","Package":"x/a","Output":"ok  \tx/a\t3.6s\n"}
{"Action":"pass","Package":"x/a","Elapsed":3.6}
{"Action":"run","Package":"x/b","Test":"TestKinds"}
{"Action":"run","Package":"x/b","Test":"TestKinds/service"}
{"Action":"output","Package":"x/b","Test":"TestKinds/service","Output":"    kinds.go:9: Step 2/9 error: no match\n"}
{"Action":"output","Package":"x/b","Test":"TestKinds/service","Output":"--- FAIL: TestKinds/service (12.00s)\n"}
{"Action":"fail","Package":"x/b","Test":"TestKinds/service","Elapsed":12}
{"Action":"output","Package":"x/b","Test":"TestKinds","Output":"--- FAIL: TestKinds (12.10s)\n"}
{"Action":"fail","Package":"x/b","Test":"TestKinds","Elapsed":12.1}
{"Action":"pass","Package":"x/b","Test":"TestQuick","Elapsed":0.2}
{"Action":"output","Package":"x/b","Output":"FAIL\n"}
{"Action":"output","Package":"x/b","Output":"FAIL\tx/b\t12.2s\n"}
{"Action":"fail","Package":"x/b","Elapsed":12.2}
`

func TestRunPrintsWhatGoTestWouldAndTheSlowest(t *testing.T) {
	var out strings.Builder
	results, err := run(strings.NewReader(sample), &out)
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"ok  \tx/a\t3.6s\n", "Step 2/9 error: no match", "--- FAIL: TestKinds (12.10s)", "FAIL\tx/b\t12.2s"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "--- PASS: TestOne") {
		t.Errorf("a passing test's output is printed:\n%s", got)
	}
	if strings.Count(got, "Step 2/9 error") != 1 {
		t.Errorf("a failing subtest's output is printed %d times, want once:\n%s", strings.Count(got, "Step 2/9 error"), got)
	}
	var slow strings.Builder
	printSlowest(&slow, results, 2)
	want := "slowest 2 of 4 tests:\n    12.1 s  b TestKinds\n    12.0 s  b TestKinds/service\n"
	if slow.String() != want {
		t.Errorf("slowest:\n%s\nwant:\n%s", slow.String(), want)
	}
}

func TestRunPassesOtherLinesThrough(t *testing.T) {
	var out strings.Builder
	if _, err := run(strings.NewReader("# x/c\nc.go:3:1: syntax error\n"), &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != "# x/c\nc.go:3:1: syntax error\n" {
		t.Errorf("got %q", out.String())
	}
}

func TestRunPrintsWhatNeverEnded(t *testing.T) {
	in := `{"Action":"run","Package":"x/d","Test":"TestStuck"}
{"Action":"output","Package":"x/d","Test":"TestStuck","Output":"    stuck.go:7: step 3 waiting\n"}
{"ImportPath":"x/e","Action":"build-output","Output":"e.go:1:1: expected 'package'\n"}
{"ImportPath":"x/e","Action":"build-fail"}
`
	var out strings.Builder
	if _, err := run(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"step 3 waiting", "expected 'package'"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
