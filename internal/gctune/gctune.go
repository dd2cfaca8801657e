// Package gctune sets how often the provider's garbage collector runs. A plan of a few
// hundred objects keeps a small live heap (tens of MB) and allocates a lot while the
// framework decodes, walks and encodes every object; with Go's default (GOGC=100) the
// collector ran about 30% of the provider's CPU in a no-change plan. Collecting less often
// while the live heap is small trades a few tens of MB for that CPU; once it grows, the
// percentage falls back so the heap the collector lets grow stays near a fixed budget, and
// never below Go's default (so a large workspace never spends more time collecting than
// with Go's defaults: no memory limit, no spiral).
//
// GOGC or GOMEMLIMIT in the environment turn it off: the runtime reads them, and they win.
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

const (
	// Budget is the heap size the collector may let the heap grow to while the live heap
	// is small.
	Budget = 160 << 20
	// MaxPercent is the most GOGC is raised to (a live heap of at most Budget/5).
	MaxPercent = 400
	// MinPercent is Go's default, the least it is set to.
	MinPercent = 100
)

// Percent is the GOGC for a live heap of live bytes: as high as keeps the next heap goal,
// live × (1 + GOGC/100), within Budget, between MinPercent and MaxPercent.
func Percent(live uint64) int {
	if live == 0 {
		return MaxPercent
	}
	p := int64(Budget)*100/int64(live) - 100
	return int(max(MinPercent, min(MaxPercent, p)))
}

// Start sets GOGC from the live heap now and again after every collection, unless GOGC or
// GOMEMLIMIT is set in the environment. It returns whether it did.
func Start() bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetGCPercent(Percent(liveHeap()))
	arm()
	return true
}

// arm sets a finalizer on a new object that runs after the next collection: it sets the
// percentage from the live heap that collection left, then arms again.
func arm() {
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		debug.SetGCPercent(Percent(liveHeap()))
		arm()
	})
}

var liveSample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}

// liveHeap is the heap the last collection found live (0 before the first).
func liveHeap() uint64 {
	s := make([]metrics.Sample, len(liveSample))
	copy(s, liveSample)
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
