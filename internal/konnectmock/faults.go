package konnectmock

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Faults make the mock hostile. They apply to authenticated requests under /v2/
// and /v3/ only, never to /_mock/ or the legacy /konnect-api/ listing. The zero value
// injects nothing.
//
// Every such request first waits Latency plus a uniform random share of
// LatencyJitter, then meets at most one fault: the shares are the probabilities
// of each kind and must add up to at most 1 (RateLimitShare 1 is a sustained 429
// storm).
type Faults struct {
	// Latency is added to every request; LatencyJitter adds a uniform random [0, LatencyJitter).
	Latency       time.Duration
	LatencyJitter time.Duration
	// RateLimitShare of requests are answered 429 {"message":"API rate limit exceeded"}
	// with Retry-After and RateLimit-Reset set to RetryAfter seconds (0 means 1),
	// RateLimit-Limit and RateLimit-Remaining: 0. Nothing is applied.
	RateLimitShare float64
	RetryAfter     int
	// RateLimitRPS, when above 0, is a rate limit as Konnect enforces one: at most this many
	// requests a second (a bucket of one second's requests, refilled as time passes); a
	// request beyond it is answered 429 as above, with Retry-After 1.
	RateLimitRPS float64
	// ErrorShare of requests are answered 500, 502 or 503 (equally likely) with the
	// body Konnect's gateway or API would send. Nothing is applied.
	ErrorShare float64
	// DropBeforeShare of requests have their connection reset before anything is applied.
	DropBeforeShare float64
	// DropAfterShare of requests are applied (and saved to the state file) and then
	// have their connection reset instead of receiving the response.
	DropAfterShare float64
	// SlowShare of requests wait Slow (0 means 90s) before being handled. When the
	// client gives up first, the handler returns at once and nothing is applied.
	SlowShare float64
	Slow      time.Duration
	// Seed seeds the one random source behind every decision above; 0 picks a seed
	// from the clock. The seed in use is reported by GET /_mock/faults. Decisions
	// consume the source in request-arrival order, three draws per request, so they
	// are reproducible for a client that sends one request at a time.
	Seed int64
}

const defaultSlow = 90 * time.Second

// faultsJSON is the wire form used by /_mock/faults: durations as Go duration strings.
type faultsJSON struct {
	Latency         string  `json:"latency"`
	LatencyJitter   string  `json:"latency_jitter"`
	RateLimitShare  float64 `json:"rate_limit_share"`
	RetryAfter      int     `json:"retry_after"`
	RateLimitRPS    float64 `json:"rate_limit_rps"`
	ErrorShare      float64 `json:"error_share"`
	DropBeforeShare float64 `json:"drop_before_share"`
	DropAfterShare  float64 `json:"drop_after_share"`
	SlowShare       float64 `json:"slow_share"`
	Slow            string  `json:"slow"`
	Seed            int64   `json:"seed"`
}

// MarshalJSON renders the settings as /_mock/faults shows them, durations as "50ms".
func (f Faults) MarshalJSON() ([]byte, error) {
	return json.Marshal(faultsJSON{
		Latency: f.Latency.String(), LatencyJitter: f.LatencyJitter.String(),
		RateLimitShare: f.RateLimitShare, RetryAfter: f.RetryAfter, RateLimitRPS: f.RateLimitRPS, ErrorShare: f.ErrorShare,
		DropBeforeShare: f.DropBeforeShare, DropAfterShare: f.DropAfterShare,
		SlowShare: f.SlowShare, Slow: f.Slow.String(), Seed: f.Seed,
	})
}

// UnmarshalJSON reads the /_mock/faults form. Fields absent from the document keep
// their current value; unknown fields and malformed durations are errors.
func (f *Faults) UnmarshalJSON(data []byte) error {
	var w faultsJSON
	if err := json.Unmarshal(mustMarshal(*f), &w); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON object")
	}
	out := Faults{
		RateLimitShare: w.RateLimitShare, RetryAfter: w.RetryAfter, RateLimitRPS: w.RateLimitRPS, ErrorShare: w.ErrorShare,
		DropBeforeShare: w.DropBeforeShare, DropAfterShare: w.DropAfterShare, SlowShare: w.SlowShare, Seed: w.Seed,
	}
	for _, d := range []struct {
		name string
		raw  string
		dst  *time.Duration
	}{{"latency", w.Latency, &out.Latency}, {"latency_jitter", w.LatencyJitter, &out.LatencyJitter}, {"slow", w.Slow, &out.Slow}} {
		if d.raw == "" {
			continue
		}
		v, err := time.ParseDuration(d.raw)
		if err != nil {
			return fmt.Errorf("%s: %q is not a duration like \"50ms\"", d.name, d.raw)
		}
		*d.dst = v
	}
	*f = out
	return nil
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// normalized checks the settings and fills the documented defaults (RetryAfter 1, Slow 90s).
func (f Faults) normalized() (Faults, error) {
	shares := []struct {
		name string
		v    float64
	}{
		{"rate limit share", f.RateLimitShare}, {"error share", f.ErrorShare}, {"drop-before share", f.DropBeforeShare},
		{"drop-after share", f.DropAfterShare}, {"slow share", f.SlowShare},
	}
	sum := 0.0
	for _, s := range shares {
		if math.IsNaN(s.v) || s.v < 0 || s.v > 1 {
			return f, fmt.Errorf("%s %v is not between 0 and 1", s.name, s.v)
		}
		sum += s.v
	}
	if sum > 1+1e-9 {
		return f, fmt.Errorf("the fault shares add up to %v, more than 1", sum)
	}
	if f.Latency < 0 || f.LatencyJitter < 0 || f.Slow < 0 {
		return f, errors.New("latency, latency jitter and slow must not be negative")
	}
	if f.RetryAfter < 0 {
		return f, errors.New("retry-after must not be negative")
	}
	if math.IsNaN(f.RateLimitRPS) || f.RateLimitRPS < 0 {
		return f, errors.New("the rate limit must not be negative")
	}
	if f.RetryAfter == 0 {
		f.RetryAfter = 1
	}
	if f.Slow == 0 {
		f.Slow = defaultSlow
	}
	return f, nil
}

type faultKind int

const (
	faultNone faultKind = iota
	faultRateLimit
	faultServerError
	faultDropBefore
	faultDropAfter
	faultSlow
)

// faultPlan is what happens to one request.
type faultPlan struct {
	kind       faultKind
	delay      time.Duration // latency plus jitter, before anything else
	code       int           // faultServerError
	retryAfter int           // faultRateLimit
	slow       time.Duration // faultSlow
}

// faultInjector owns the settings and the one random source, behind one mutex.
type faultInjector struct {
	mu  sync.Mutex
	f   Faults
	rng *rand.Rand
	// The RateLimitRPS bucket: requests left, as of when.
	tokens float64
	filled time.Time
}

func newFaultInjector(f Faults) *faultInjector {
	fi := &faultInjector{}
	fi.set(f)
	return fi
}

func seededRand(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), uint64(seed)^0x9e3779b97f4a7c15))
}

// set installs normalized settings. A non-zero seed restarts the random sequence
// from that seed; 0 keeps the current sequence (or, at start, picks a seed).
func (fi *faultInjector) set(f Faults) {
	fi.mu.Lock()
	defer fi.mu.Unlock()
	switch {
	case f.Seed != 0:
		fi.rng = seededRand(f.Seed)
	case fi.rng == nil:
		f.Seed = time.Now().UnixNano()&math.MaxInt64 | 1
		fi.rng = seededRand(f.Seed)
	default:
		f.Seed = fi.f.Seed
	}
	fi.f = f
	fi.tokens, fi.filled = f.RateLimitRPS, time.Now()
}

// overLimit takes one request from the RateLimitRPS bucket, and reports whether there was
// none left; the lock is held.
func (fi *faultInjector) overLimit(now time.Time) bool {
	rps := fi.f.RateLimitRPS
	if rps <= 0 {
		return false
	}
	fi.tokens = min(rps, fi.tokens+now.Sub(fi.filled).Seconds()*rps)
	fi.filled = now
	if fi.tokens < 1 {
		return true
	}
	fi.tokens--
	return false
}

func (fi *faultInjector) get() Faults {
	fi.mu.Lock()
	defer fi.mu.Unlock()
	return fi.f
}

// plan draws exactly three numbers per request, whatever the settings, so the
// sequence of decisions depends only on the seed and the order of arrival.
func (fi *faultInjector) plan() faultPlan {
	fi.mu.Lock()
	which, code, jitter := fi.rng.Float64(), fi.rng.Float64(), fi.rng.Float64()
	f := fi.f
	limited := fi.overLimit(time.Now())
	fi.mu.Unlock()

	p := faultPlan{delay: f.Latency + time.Duration(jitter*float64(f.LatencyJitter))}
	for _, c := range []struct {
		share float64
		kind  faultKind
	}{
		{f.RateLimitShare, faultRateLimit}, {f.ErrorShare, faultServerError}, {f.DropBeforeShare, faultDropBefore},
		{f.DropAfterShare, faultDropAfter}, {f.SlowShare, faultSlow},
	} {
		if which < c.share {
			p.kind = c.kind
			break
		}
		which -= c.share
	}
	if limited && p.kind == faultNone {
		p.kind, p.retryAfter = faultRateLimit, 1
		return p
	}
	switch p.kind {
	case faultRateLimit:
		p.retryAfter = f.RetryAfter
	case faultServerError:
		p.code = []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable}[min(int(code*3), 2)]
	case faultSlow:
		p.slow = f.Slow
	}
	return p
}

// sleepCtx waits d, or less when ctx ends first; it reports whether the wait completed.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// rateLimitPerMinute is what RateLimit-Limit advertises.
const rateLimitPerMinute = 100

func rateLimited(retryAfter int) response {
	secs := strconv.Itoa(retryAfter)
	return coreJSON(http.StatusTooManyRequests, map[string]any{"message": "API rate limit exceeded"}).
		With("Retry-After", secs).
		With("RateLimit-Limit", strconv.Itoa(rateLimitPerMinute)).
		With("RateLimit-Remaining", "0").
		With("RateLimit-Reset", secs)
}

// serverError is what Konnect sends for each 5xx: for 500 the answer of the
// family's API (problem+json, or the core-entities API's Kong-style message);
// the gateway in front of them all answers 502 and 503 with Kong's default messages.
func (s *Server) serverError(mf mockcore.Family, segs []string, code int) response {
	switch code {
	case http.StatusBadGateway:
		return coreJSON(code, map[string]any{"message": "An invalid response was received from the upstream server"})
	case http.StatusServiceUnavailable:
		return coreJSON(code, map[string]any{"message": "Service unavailable"}).With("Retry-After", "1")
	}
	return s.failure(mf, segs, code, "An unexpected error occurred")
}

// dropConnection resets the client's connection without a response: the
// connection is hijacked and closed with SO_LINGER 0 (a TCP RST). Where hijacking
// is impossible (HTTP/2, recorders) the handler aborts, which net/http turns into
// a closed connection or a reset stream.
func dropConnection(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			raw := conn
			if nc, ok := conn.(interface{ NetConn() net.Conn }); ok { // TLS
				raw = nc.NetConn()
			}
			if tc, ok := raw.(*net.TCPConn); ok {
				_ = tc.SetLinger(0)
			}
			_ = raw.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}
