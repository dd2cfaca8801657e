//go:build !profile

package main

import (
	"os"
	"testing"
)

// Without -tags profile the hook is absent: nothing is written, even with the variable set.
func TestNoProfilingByDefault(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KONNECT_PROFILE_DIR", dir)
	stop := startProfiling()
	stop()
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Fatalf("profiles written without -tags profile: %v %v", entries, err)
	}
}
