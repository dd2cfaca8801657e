package konnect

import (
	"context"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// The retry policy, in one place. Each Client holds one retryablehttp.Client, built by
// newRetryClient, whose CheckRetry is (*Client).checkRetry and whose Backoff is
// (*Client).backoff.
//
//	outcome of an attempt                  GET HEAD PUT DELETE OPTIONS   POST PATCH
//	2xx, 3xx, 4xx except 429, 501          no retry                      no retry
//	429 Too Many Requests                  retry                         retry (the server did not process it)
//	5xx except 501                         retry                         no retry (it may have been processed)
//	no answer within RequestTimeout        retry                         no retry
//	no connection (refused, DNS, dial)     retry                         retry (never sent)
//	connection reset/EOF after it was made retry                         no retry
//	certificate, TLS or redirect refused   no retry                      no retry
//	the caller's context ended             no retry                      no retry
//
// (transport errors are classified by type in transport_errors.go.)
//
// A retry happens only while all of these hold:
//   - fewer than Config.MaxAttempts attempts were made (stop reason max_attempts);
//   - the sum of the waits of this call, counting each at its longest, stays within
//     Config.MaxTotalWait (max_total_wait): a Retry-After beyond the budget is not waited for;
//   - the context's deadline, if any, is later than the longest next wait (context_deadline).
//
// The wait before retry n (after attempt n) is:
//   - with a Retry-After header (429 or 5xx; delay-seconds or an HTTP date, read up to 24 h):
//     that wait plus a jitter of up to 10% of it, at most 1 s;
//   - without: exponential from RetryWaitMin (RetryWaitMin·2^(n-1), capped at RetryWaitMax)
//     with "equal jitter": uniform in [d/2, d], never below RetryWaitMin.
//
// Every attempt is bounded by Config.RequestTimeout (the http.Client's Timeout), and the
// context is honoured during waits.

// callState is the state of one call (one Do) across its attempts. Do puts it in the
// request's context, where retryablehttp's hooks find it.
type callState struct {
	method     string
	path       string // escaped and redacted, for logs and errors
	idempotent bool
	logCtx     context.Context // ctx with the token masked, for tflog

	attempts     int
	attemptStart time.Time
	totalWait    time.Duration // the waits granted so far, each at its longest
	stopReason   string        // why retrying stopped although the failure was retryable
}

type callStateKey struct{}

func withCallState(ctx context.Context, st *callState) context.Context {
	return context.WithValue(ctx, callStateKey{}, st)
}

func callStateFrom(ctx context.Context) *callState {
	if st, ok := ctx.Value(callStateKey{}).(*callState); ok {
		return st
	}
	return &callState{logCtx: ctx} // a request not sent by Do: counted, not attributed
}

const (
	stopMaxAttempts  = "max_attempts"
	stopMaxTotalWait = "max_total_wait"
	stopDeadline     = "context_deadline"
)

// newRetryClient builds the Client's one retryablehttp.Client.
func (c *Client) newRetryClient() *retryablehttp.Client {
	return &retryablehttp.Client{
		HTTPClient:   c.httpClient,
		Logger:       nil, // the attempt line is written by checkRetry, through tflog
		RetryWaitMin: c.retryWaitMin,
		RetryWaitMax: c.retryWaitMax,
		RetryMax:     c.maxAttempts - 1,
		RequestLogHook: func(_ retryablehttp.Logger, req *http.Request, retry int) {
			st := callStateFrom(req.Context())
			st.attempts = retry + 1
			st.attemptStart = time.Now()
		},
		CheckRetry: c.checkRetry,
		Backoff:    c.backoff,
		// Do turns the last response into an *APIError, or the last transport error into
		// its own message: the library's wrapping ("giving up after …") is not wanted.
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
	}
}

// retryable is the table above for one attempt: whether its failure may be retried.
func retryable(method string, resp *http.Response, err error) bool {
	if err != nil {
		f := classifyTransportError(err)
		return f.retryable() && (isIdempotent(method) || f == failNotSent)
	}
	switch {
	case resp == nil:
		return false
	case resp.StatusCode == http.StatusTooManyRequests:
		return true
	case resp.StatusCode >= 500 && resp.StatusCode != http.StatusNotImplemented:
		return isIdempotent(method)
	}
	return false
}

func isIdempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// checkRetry is the retryablehttp CheckRetry: it applies the policy above and writes the
// attempt's DEBUG line (retryablehttp passes transport errors to no other hook, and its
// Logger has no request context for tflog). It never returns an error: the last response
// or transport error is what the caller sees.
func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	st := callStateFrom(ctx)
	fields := map[string]any{
		"method":      st.method,
		"path":        st.path,
		"attempt":     st.attempts,
		"duration_ms": time.Since(st.attemptStart).Milliseconds(),
	}
	if resp != nil {
		fields["status"] = resp.StatusCode
	}
	if err != nil {
		fields["error"] = c.redact(err.Error())
	}

	retry := ctx.Err() == nil && retryable(st.method, resp, err)
	if retry {
		_, longest := waitBounds(c.retryWaitMin, c.retryWaitMax, st.attempts, c.retryAfter(resp))
		switch {
		case st.attempts >= c.maxAttempts:
			st.stopReason = stopMaxAttempts
		case st.totalWait+longest > c.maxTotalWait:
			st.stopReason = stopMaxTotalWait
		default:
			if dl, ok := ctx.Deadline(); ok && time.Until(dl) < longest {
				st.stopReason = stopDeadline
			}
		}
		if st.stopReason == "" {
			st.totalWait += longest
			fields["retry_in_ms"] = longest.Milliseconds() // at most; backoff picks the jitter
		} else {
			retry = false
			fields["retry_stopped"] = st.stopReason
		}
	}
	tflog.Debug(st.logCtx, "Konnect API request", fields)
	return retry, nil
}

// backoff is the retryablehttp Backoff: the wait before the retry that follows attempt
// attemptNum+1, drawn from waitBounds.
func (c *Client) backoff(minWait, maxWait time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return jittered(waitBounds(minWait, maxWait, attemptNum+1, c.retryAfter(resp)))
}

// waitBounds returns the range [lo, hi] of the wait before the retry that follows attempt
// number attempt (1-based); see the policy above.
func waitBounds(minWait, maxWait time.Duration, attempt int, retryAfter time.Duration) (lo, hi time.Duration) {
	if retryAfter > 0 {
		return retryAfter, retryAfter + min(retryAfter/10, time.Second)
	}
	d := maxWait
	if exp := max(attempt, 1) - 1; exp < 62 {
		if m := float64(minWait) * math.Pow(2, float64(exp)); m < float64(maxWait) {
			d = time.Duration(m)
		}
	}
	return min(max(d/2, minWait), d), d
}

func jittered(lo, hi time.Duration) time.Duration {
	if hi <= lo {
		return lo
	}
	return lo + rand.N(hi-lo+1)
}

// retryAfter is the Retry-After of a 429 or 5xx response (0 when absent or unusable).
func (c *Client) retryAfter(resp *http.Response) time.Duration {
	if resp == nil || (resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500) {
		return 0
	}
	d, _ := c.parseRetryAfter(resp.Header.Get("Retry-After"))
	return d
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
		d := max(t.Sub(c.now()), 0)
		if c.retryAfterUnit != time.Second {
			d = time.Duration(float64(d) / float64(time.Second) * float64(c.retryAfterUnit))
		}
		return d, true
	}
	return 0, false
}
