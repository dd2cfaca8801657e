package mockcore

import (
	"testing"
	"time"
)

// Every write moves updated_at, even when the clock has not moved since the last one.
func TestLater(t *testing.T) {
	prev := time.Date(2026, 3, 4, 5, 6, 7, 123e6, time.UTC)
	if got := Later(prev, prev); !got.Equal(prev.Add(time.Millisecond)) {
		t.Errorf("a write in the same millisecond: %v, want %v", got, prev.Add(time.Millisecond))
	}
	if got := Later(prev, prev.Add(-time.Second)); !got.Equal(prev.Add(time.Millisecond)) {
		t.Errorf("a clock behind the last write: %v", got)
	}
	if now := prev.Add(time.Second); !Later(prev, now).Equal(now) {
		t.Errorf("a later write takes the clock's time")
	}
}
