package konnect

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	c := newTestClient(t, "https://global.api.konghq.com")
	c.retryAfterUnit = time.Second
	now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	tests := []struct {
		in     string
		want   time.Duration
		wantOK bool
	}{
		{"", 0, false},
		{"3", 3 * time.Second, true},
		{" 0 ", 0, true},
		{"0.25", 250 * time.Millisecond, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{now.Add(7 * time.Second).Format(http.TimeFormat), 7 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
	}
	for _, tt := range tests {
		got, ok := c.parseRetryAfter(tt.in)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
	c.retryAfterUnit = testUnit
	if got, _ := c.parseRetryAfter("3"); got != 3*testUnit {
		t.Errorf("scaled Retry-After = %v", got)
	}
}

func TestBackoffComputation(t *testing.T) {
	c := newTestClient(t, "https://global.api.konghq.com", func(cfg *Config) {
		cfg.RetryWaitMin = 500 * time.Millisecond
		cfg.RetryWaitMax = 30 * time.Second
	})
	c.retryAfterUnit = time.Second
	resp := func(status int, retryAfter string) *http.Response {
		h := http.Header{}
		if retryAfter != "" {
			h.Set("Retry-After", retryAfter)
		}
		return &http.Response{StatusCode: status, Header: h}
	}
	for i := 0; i < 200; i++ {
		// Retry-After is a floor, with at most 10% (capped at 1s) jitter, on a 429 or a 5xx.
		for _, status := range []int{429, 503} {
			if w := c.backoff(c.retryWaitMin, c.retryWaitMax, 0, resp(status, "3")); w < 3*time.Second || w > 3300*time.Millisecond {
				t.Fatalf("backoff with Retry-After 3s = %v", w)
			}
		}
		if w := c.backoff(c.retryWaitMin, c.retryWaitMax, 0, resp(429, "60")); w < 60*time.Second || w > 61*time.Second {
			t.Fatalf("backoff with Retry-After 60s = %v", w)
		}
		// Exponential with equal jitter: retry n (attemptNum n-1) waits within [d/2, d],
		// d = min*2^(n-1) capped, never below min. A transport error has no response.
		for n, d := range map[int]time.Duration{1: 500 * time.Millisecond, 2: time.Second, 3: 2 * time.Second, 5: 8 * time.Second, 7: 30 * time.Second, 100: 30 * time.Second} {
			lo := max(d/2, c.retryWaitMin)
			if w := c.backoff(c.retryWaitMin, c.retryWaitMax, n-1, nil); w < lo || w > d {
				t.Fatalf("backoff(%d) = %v, want in [%v, %v]", n, w, lo, d)
			}
			if gotLo, gotHi := waitBounds(c.retryWaitMin, c.retryWaitMax, n, 0); gotLo != lo || gotHi != d {
				t.Fatalf("waitBounds(%d) = [%v, %v], want [%v, %v]", n, gotLo, gotHi, lo, d)
			}
		}
	}
	// A Retry-After on another status is not a server-requested wait.
	if lo, _ := waitBounds(c.retryWaitMin, c.retryWaitMax, 1, c.retryAfter(resp(400, "9"))); lo != 500*time.Millisecond {
		t.Fatalf("Retry-After on a 400 was used: %v", lo)
	}
}

func TestRetryAfterHonoured(t *testing.T) {
	var n atomic.Int32
	var mu sync.Mutex
	var bodies []string
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, string(b))
		mu.Unlock()
		if n.Add(1) <= 2 {
			w.Header().Set("Retry-After", "3") // 3 test units = 30ms
			writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
			return
		}
		writeJSON(w, 201, "", `{"id":"cp1","name":"x"}`)
	})
	c := newTestClient(t, srv.URL)
	start := time.Now()
	// POST is retried on 429: the server did not process it.
	obj, resp, err := c.CreateControlPlane(context.Background(), Object{"name": "x"})
	elapsed := time.Since(start)
	if err != nil || resp.StatusCode != 201 || obj["id"] != "cp1" {
		t.Fatalf("obj=%v resp=%+v err=%v", obj, resp, err)
	}
	if count.Load() != 3 {
		t.Fatalf("requests = %d, want 3", count.Load())
	}
	if want := 2 * 3 * testUnit; elapsed < want {
		t.Fatalf("elapsed %v < Retry-After total %v", elapsed, want)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, b := range bodies {
		if b != `{"name":"x"}` {
			t.Errorf("attempt %d body = %q", i+1, b)
		}
	}
}

func TestRetryAfterOn503ForGet(t *testing.T) {
	var n atomic.Int32
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "4") // 40ms
			writeJSON(w, 503, "", `{"message":"maintenance"}`)
			return
		}
		writeJSON(w, 200, "", `{"id":"s"}`)
	})
	start := time.Now()
	_, _, err := newTestClient(t, srv.URL).GetService(context.Background(), "cp", "s")
	if err != nil || count.Load() != 2 || time.Since(start) < 4*testUnit {
		t.Fatalf("err=%v requests=%d elapsed=%v", err, count.Load(), time.Since(start))
	}
}

func TestRetryOn5xxOnlyForIdempotentMethods(t *testing.T) {
	tests := []struct {
		method    string
		wantCalls int32
		wantOK    bool
	}{
		{http.MethodGet, 3, true},
		{http.MethodPut, 3, true},
		{http.MethodDelete, 3, true},
		{http.MethodHead, 3, true},
		{http.MethodPost, 1, false},
		{http.MethodPatch, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			var n atomic.Int32
			srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				if n.Add(1) <= 2 {
					writeJSON(w, 503, "", `{"message":"upstream unavailable"}`)
					return
				}
				writeJSON(w, 200, "", `{}`)
			})
			c := newTestClient(t, srv.URL)
			var body any
			if tt.method == http.MethodPost || tt.method == http.MethodPatch || tt.method == http.MethodPut {
				body = Object{"name": "x"}
			}
			_, err := c.Do(context.Background(), tt.method, "/v2/control-planes/x", nil, body, nil)
			if count.Load() != tt.wantCalls {
				t.Fatalf("requests = %d, want %d", count.Load(), tt.wantCalls)
			}
			if tt.wantOK != (err == nil) {
				t.Fatalf("err = %v", err)
			}
			if !tt.wantOK {
				var apiErr *APIError
				if !errors.As(err, &apiErr) || apiErr.StatusCode != 503 || apiErr.Attempts != 1 {
					t.Fatalf("want a 503 APIError after 1 attempt, got %#v", err)
				}
				if !strings.Contains(err.Error(), tt.method+" is not retried automatically") {
					t.Fatalf("Error() = %q", err)
				}
			}
		})
	}
}

func TestConnectionResetRetriedOnlyForIdempotent(t *testing.T) {
	for _, tt := range []struct {
		method    string
		wantCalls int32
	}{
		{http.MethodGet, 2},
		{http.MethodPut, 2},
		{http.MethodPost, 1},
		{http.MethodPatch, 1},
	} {
		t.Run(tt.method, func(t *testing.T) {
			var n atomic.Int32
			srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				if n.Add(1) == 1 {
					hangUp(t, w)
					return
				}
				writeJSON(w, 200, "", `{"ok":true}`)
			})
			c := newTestClient(t, srv.URL)
			var out Object
			_, err := c.Do(context.Background(), tt.method, "/v2/control-planes", nil, Object{"name": "x"}, &out)
			if count.Load() != tt.wantCalls {
				t.Fatalf("requests = %d, want %d (err %v)", count.Load(), tt.wantCalls, err)
			}
			if tt.wantCalls == 2 {
				if err != nil || out["ok"] != true {
					t.Fatalf("out=%v err=%v", out, err)
				}
				return
			}
			if err == nil {
				t.Fatal("want an error")
			}
			var apiErr *APIError
			if errors.As(err, &apiErr) {
				t.Fatalf("connection error must not be an APIError: %v", err)
			}
			if !strings.Contains(err.Error(), "not retried automatically") || !strings.Contains(err.Error(), tt.method+" /v2/control-planes") {
				t.Fatalf("error = %v", err)
			}
		})
	}
}

func TestAttemptsBounded(t *testing.T) {
	t.Run("5xx", func(t *testing.T) {
		srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, 502, "text/html", "<html><body>Bad gateway</body></html>")
		})
		c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 3 })
		_, _, err := c.GetControlPlane(context.Background(), "cp")
		if count.Load() != 3 {
			t.Fatalf("requests = %d, want 3", count.Load())
		}
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != 502 || apiErr.Attempts != 3 || apiErr.stoppedBy != stopMaxAttempts {
			t.Fatalf("err = %#v", err)
		}
		if !strings.Contains(err.Error(), "Bad gateway") || !strings.Contains(err.Error(), "after 3 attempts") {
			t.Fatalf("Error() = %q", err)
		}
	})
	t.Run("429", func(t *testing.T) {
		srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "0.1") // 1ms in test units
			writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
		})
		c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 4 })
		_, _, err := c.CreateControlPlane(context.Background(), Object{"name": "x"})
		if count.Load() != 4 {
			t.Fatalf("requests = %d, want 4", count.Load())
		}
		if !isRateLimited(err) {
			t.Fatalf("isRateLimited(%v) = false", err)
		}
		var apiErr *APIError
		errors.As(err, &apiErr)
		if apiErr.RetryAfter != testUnit/10 || apiErr.Attempts != 4 {
			t.Fatalf("RetryAfter=%v Attempts=%d", apiErr.RetryAfter, apiErr.Attempts)
		}
		msg := err.Error()
		for _, want := range []string{"POST /v2/control-planes", "429", "Konnect rate limit exceeded", "after 4 attempt(s)", "API rate limit exceeded"} {
			if !strings.Contains(msg, want) {
				t.Errorf("Error() = %q, missing %q", msg, want)
			}
		}
	})
	t.Run("429 without Retry-After still reports a wait", func(t *testing.T) {
		srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
		})
		c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 2 })
		_, err := c.ListEntities(context.Background(), CoreEntitiesPath("cp", "services"), nil)
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != 429 || apiErr.RetryAfter <= 0 {
			t.Fatalf("err = %#v", err)
		}
	})
	t.Run("single attempt", func(t *testing.T) {
		srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, 500, "", `{"message":"boom"}`)
		})
		c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 1 })
		if _, _, err := c.GetControlPlane(context.Background(), "cp"); err == nil || count.Load() != 1 {
			t.Fatalf("requests = %d err = %v", count.Load(), err)
		}
	})
}

func TestTotalWaitBounded(t *testing.T) {
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1") // 10ms, plus at most 1ms jitter
		writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
	})
	c := newTestClient(t, srv.URL, func(cfg *Config) {
		cfg.MaxAttempts = 50
		cfg.MaxTotalWait = 25 * time.Millisecond
	})
	start := time.Now()
	_, _, err := c.GetControlPlane(context.Background(), "cp")
	elapsed := time.Since(start)
	// Waits of ~10ms each: two fit in 25ms, a third would not.
	if count.Load() != 3 {
		t.Fatalf("requests = %d, want 3", count.Load())
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 429 || apiErr.stoppedBy != stopMaxTotalWait || apiErr.RetryAfter != testUnit {
		t.Fatalf("err = %#v", err)
	}
	if elapsed > 2*time.Second {
		t.Fatalf("took %v", elapsed)
	}
	if msg := err.Error(); !strings.Contains(msg, "after 3 attempt(s)") || !strings.Contains(msg, "25ms retry budget") {
		t.Fatalf("Error() = %q", msg)
	}

	// A Retry-After larger than the whole budget is not waited for at all.
	srv2, count2 := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
	})
	c2 := newTestClient(t, srv2.URL, func(cfg *Config) { cfg.MaxTotalWait = time.Second })
	start = time.Now()
	_, _, err = c2.GetControlPlane(context.Background(), "cp")
	if !isRateLimited(err) || count2.Load() != 1 || time.Since(start) > time.Second {
		t.Fatalf("requests=%d err=%v elapsed=%v", count2.Load(), err, time.Since(start))
	}
}

func TestContextCancelledDuringWait(t *testing.T) {
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "100") // 1s in test units
		writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
	})
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxTotalWait = time.Hour })
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	_, _, err := c.GetControlPlane(ctx, "cp")
	elapsed := time.Since(start)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if !strings.Contains(err.Error(), "GET /v2/control-planes/cp") {
		t.Fatalf("err not wrapped with the call: %v", err)
	}
	if elapsed > 500*time.Millisecond {
		t.Fatalf("cancellation took %v", elapsed)
	}
	if count.Load() != 1 {
		t.Fatalf("requests = %d", count.Load())
	}

	// Already cancelled: no request at all.
	_, _, err = c.GetControlPlane(ctx, "cp")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestDeadlineShorterThanWaitStopsEarly(t *testing.T) {
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "100") // 1s in test units
		writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
	})
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxTotalWait = time.Hour })
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err := c.GetControlPlane(ctx, "cp")
	if !isRateLimited(err) || count.Load() != 1 || time.Since(start) > 250*time.Millisecond {
		t.Fatalf("requests=%d err=%v elapsed=%v", count.Load(), err, time.Since(start))
	}
}

// A call rate limited on every attempt ends with the hint of how to allow more attempts
// (the provider's names max_retries); a call that stopped for another reason does not.
func TestRateLimitExhaustedNamesTheSetting(t *testing.T) {
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 429, "", `{"message":"API rate limit exceeded"}`)
	})
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 2; cfg.RateLimitHint = "set max_retries" })
	_, _, err := c.GetControlPlane(context.Background(), "cp1")
	if count.Load() != 2 {
		t.Fatalf("requests = %d, want 2", count.Load())
	}
	if err == nil || !strings.Contains(err.Error(), "Konnect rate limit exceeded after 2 attempt(s) (") || !strings.Contains(err.Error(), "; set max_retries)") {
		t.Fatalf("err = %v", err)
	}
}
