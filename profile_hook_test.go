//go:build profile

package main

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// go test -tags profile .: the hook writes its profiles and stops without exiting.
func TestProfileHookStopsAndFlushes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KONNECT_PROFILE_DIR", dir)
	before := runtime.NumGoroutine()
	stop := startProfiling()
	deadline := time.Now().Add(1200 * time.Millisecond) // two ticks of the sampler
	for x := 0; time.Now().Before(deadline); x++ {
		_ = make([]byte, 1<<10)
	}
	stop()
	stop() // a second stop is harmless
	for _, name := range []string{"cpu-*-001.pprof", "heap-*.tsv", "heap-*.pprof"} {
		m, _ := filepath.Glob(filepath.Join(dir, name))
		if len(m) != 1 {
			t.Fatalf("%s: %v", name, m)
		}
		if fi, err := os.Stat(m[0]); err != nil || fi.Size() == 0 {
			t.Errorf("%s is empty or missing: %v", m[0], err)
		}
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines after stop, %d before", after, before)
	}
}
