package mockcore

import (
	"crypto/rand"
	"strings"
	"time"

	"github.com/google/uuid"
)

// IsUUID reports a canonical 36-character UUID (any case).
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	_, err := uuid.Parse(s)
	return err == nil
}

// NormalizeUUID lower-cases a UUID and leaves anything else alone.
func NormalizeUUID(s string) string {
	if IsUUID(s) {
		return strings.ToLower(s)
	}
	return s
}

// NewUUID returns a random (v4) UUID.
func NewUUID() string { return uuid.NewString() }

// TimeFormat is Konnect's platform timestamp: RFC 3339, UTC, milliseconds.
const TimeFormat = "2006-01-02T15:04:05.000Z"

// FormatTime renders t in TimeFormat.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeFormat) }

// Millis truncates t to what FormatTime shows, so stored and shown times agree.
func Millis(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// Later is the updated_at of a write at now to an object last written at prev: now, or a
// millisecond after prev when the clock has not moved past it. Every write moves an
// object's updated_at (refresh takes an unchanged one in a listing as an unwritten object).
func Later(prev, now time.Time) time.Time {
	if !now.After(prev) {
		return prev.Add(time.Millisecond)
	}
	return now
}

const tokenAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// NewSecret returns prefix followed by n random letters and digits (a token value).
func NewSecret(prefix string, n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = tokenAlphabet[int(b[i])%len(tokenAlphabet)]
	}
	return prefix + string(b)
}
