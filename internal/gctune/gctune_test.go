package gctune

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, MaxPercent},
		{8 << 20, MaxPercent},   // 8 MB live: goal 40 MB
		{32 << 20, MaxPercent},  // 32 MB: goal 160 MB, the budget
		{40 << 20, 300},         // goal 160 MB
		{64 << 20, 150},         // goal 160 MB
		{80 << 20, MinPercent},  // goal 160 MB
		{500 << 20, MinPercent}, // past the budget: Go's default, never less
	} {
		if got := Percent(c.live); got != c.want {
			t.Errorf("Percent(%d MB) = %d, want %d", c.live>>20, got, c.want)
		}
		if goal := c.live * uint64(100+Percent(c.live)) / 100; c.live > 0 && c.live <= Budget/2 && goal > Budget {
			t.Errorf("live %d MB: heap goal %d MB is over the budget", c.live>>20, goal>>20)
		}
	}
}

// After each collection the percentage follows the live heap: with 60 MB live it falls
// below the maximum, and back to it once that memory is released.
func TestFollowsLiveHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	if !Start() {
		t.Fatal("Start did nothing with GOGC and GOMEMLIMIT unset")
	}
	hold := make([][]byte, 60)
	for i := range hold {
		hold[i] = make([]byte, 1<<20)
	}
	if got, ok := collectUntil(func(p int) bool { return p < MaxPercent }); !ok {
		t.Errorf("GOGC with 60 MB live = %d, want below %d", got, MaxPercent)
	}
	runtime.KeepAlive(hold)
	if got, ok := collectUntil(func(p int) bool { return p == MaxPercent }); !ok {
		t.Errorf("GOGC once released = %d, want %d", got, MaxPercent)
	}
}

func TestEnvironmentWins(t *testing.T) {
	t.Setenv("GOGC", "50")
	if Start() {
		t.Error("Start changed the collector with GOGC set")
	}
}

// collectUntil runs collections until the percentage set meets ok (the finalizer that sets
// it runs on the finalizer goroutine, after a collection), at most 200; it returns the last
// percentage seen.
func collectUntil(ok func(int) bool) (int, bool) {
	var p int
	for range 200 {
		runtime.GC()
		runtime.Gosched()
		p = debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		if ok(p) {
			return p, true
		}
	}
	return p, false
}
