package konnect

import (
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// backoff returns the wait before the retry that follows attempt number
// attempt (1-based). A server-requested wait (Retry-After) is honoured as a
// minimum, with up to 10% (at most 1s) of jitter added so that clients that
// were throttled together do not all come back at the same instant. Without
// one, the wait is exponential from RetryWaitMin, capped at RetryWaitMax,
// with "equal jitter": a random value in [d/2, d], never below RetryWaitMin.
func (c *Client) backoff(attempt int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		j := retryAfter / 10
		if j > time.Second {
			j = time.Second
		}
		if j > 0 {
			return retryAfter + rand.N(j+1)
		}
		return retryAfter
	}
	if attempt < 1 {
		attempt = 1
	}
	d := c.retryWaitMax
	if exp := attempt - 1; exp < 62 {
		if m := float64(c.retryWaitMin) * math.Pow(2, float64(exp)); m < float64(c.retryWaitMax) {
			d = time.Duration(m)
		}
	}
	half := d / 2
	w := half
	if half > 0 {
		w += rand.N(d - half + 1)
	}
	if w < c.retryWaitMin {
		w = c.retryWaitMin
	}
	return w
}

// parseRetryAfter interprets a Retry-After header: delay-seconds (a fraction
// is accepted too) or an HTTP date. ok is false when the header is absent or
// unparseable. One second is c.retryAfterUnit (time.Second outside tests).
func (c *Client) parseRetryAfter(v string) (d time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs < 0 || math.IsNaN(secs) || math.IsInf(secs, 0) {
			return 0, false
		}
		// Bound absurd values instead of overflowing.
		if secs > 24*3600 {
			secs = 24 * 3600
		}
		return time.Duration(secs * float64(c.retryAfterUnit)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(c.now())
		if d < 0 {
			d = 0
		}
		if c.retryAfterUnit != time.Second {
			d = time.Duration(float64(d) / float64(time.Second) * float64(c.retryAfterUnit))
		}
		return d, true
	}
	return 0, false
}
