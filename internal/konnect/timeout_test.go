package konnect

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// newSilentServer starts a server that accepts every request and never answers it: each
// handler waits until the test ends. It returns the server and a channel that receives
// one value per request that arrived.
func newSilentServer(t *testing.T) (url string, arrived <-chan struct{}) {
	t.Helper()
	release := make(chan struct{})
	got := make(chan struct{}, 100)
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		got <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	// Cleanups run last-registered first: the handlers are released before srv.Close
	// waits for them.
	t.Cleanup(func() { close(release) })
	return srv.URL, got
}

// waitArrivals fails the test unless the server received exactly n requests. The client has
// returned by now, so every request it sent is on its way; the bound only keeps a broken
// test from hanging.
func waitArrivals(t *testing.T, arrived <-chan struct{}, n int) {
	t.Helper()
	bound := time.After(10 * time.Second)
	for i := 0; i < n; i++ {
		select {
		case <-arrived:
		case <-bound:
			t.Fatalf("the server saw %d requests, want %d", i, n)
		}
	}
	if extra := len(arrived); extra > 0 {
		t.Errorf("the server saw %d requests, want %d", n+extra, n)
	}
}

func TestSilentServerGivesUpAfterTheConfiguredAttempts(t *testing.T) {
	for _, tt := range []struct {
		name     string
		attempts int
		want     string
	}{
		{"no retries", 1, "no answer from Konnect within 200ms, 1 attempt."},
		{"two retries", 3, "no answer from Konnect within 200ms, 3 attempts."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			url, arrived := newSilentServer(t)
			c := newTestClient(t, url, func(cfg *Config) {
				cfg.RequestTimeout = 200 * time.Millisecond
				cfg.MaxAttempts = tt.attempts
				cfg.LimitsHint = "Raise request_timeout or max_retries."
			})
			_, err := c.Do(context.Background(), http.MethodGet, "/v2/control-planes", nil, nil, nil)
			if err == nil {
				t.Fatal("a server that never answers: the call succeeded")
			}
			msg := err.Error()
			for _, want := range []string{"GET /v2/control-planes: ", tt.want, "Raise request_timeout or max_retries."} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q\nlacks %q", msg, want)
				}
			}
			if strings.Contains(msg, testToken) {
				t.Errorf("error shows the token: %q", msg)
			}
			var ne net.Error
			if !errors.As(err, &ne) || !ne.Timeout() {
				t.Errorf("the error does not unwrap to a timeout: %#v", err)
			}
			waitArrivals(t, arrived, tt.attempts)
		})
	}
}

// A POST is sent once: it may have been processed, and the error says so.
func TestSilentServerPostIsNotRetried(t *testing.T) {
	url, arrived := newSilentServer(t)
	c := newTestClient(t, url, func(cfg *Config) { cfg.RequestTimeout = 200 * time.Millisecond })
	_, err := c.Do(context.Background(), http.MethodPost, "/v2/control-planes", nil, Object{"name": "x"}, nil)
	if err == nil {
		t.Fatal("a server that never answers: the POST succeeded")
	}
	if msg := err.Error(); !strings.Contains(msg, "no answer from Konnect within 200ms, 1 attempt (POST is not retried automatically") {
		t.Errorf("error %q", msg)
	}
	waitArrivals(t, arrived, 1)
}

// The default client gives up on a silent server after DefaultMaxAttempts attempts of
// DefaultRequestTimeout, and says so in the error; the default hint names the Config fields.
func TestDefaultLimits(t *testing.T) {
	c, err := New(Config{ServerURL: "https://global.api.konghq.com", Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	if c.requestTimeout != DefaultRequestTimeout || c.httpClient.Timeout != DefaultRequestTimeout || c.maxAttempts != DefaultMaxAttempts {
		t.Errorf("defaults: timeout %s (client %s), attempts %d", c.requestTimeout, c.httpClient.Timeout, c.maxAttempts)
	}
	// The worst case with these defaults stays about a minute: every attempt's timeout plus
	// the longest backoff before each retry.
	worst := time.Duration(DefaultMaxAttempts) * DefaultRequestTimeout
	for attempt := 1; attempt < DefaultMaxAttempts; attempt++ {
		worst += min(DefaultRetryWaitMin<<(attempt-1), DefaultRetryWaitMax)
	}
	if worst > 65*time.Second {
		t.Errorf("a silent server fails a call only after up to %s with the defaults", worst)
	}
	if !strings.Contains(c.limitsHint, "RequestTimeout") {
		t.Errorf("default hint %q", c.limitsHint)
	}
}

// A caller's own http.Client is copied, not modified, when RequestTimeout is set.
func TestRequestTimeoutWithOwnHTTPClient(t *testing.T) {
	own := &http.Client{Timeout: time.Hour}
	c, err := New(Config{ServerURL: "https://global.api.konghq.com", Token: testToken, httpClient: own, RequestTimeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if c.httpClient.Timeout != 3*time.Second || own.Timeout != time.Hour {
		t.Errorf("client timeout %s, caller's %s", c.httpClient.Timeout, own.Timeout)
	}
	if _, err := New(Config{ServerURL: "https://global.api.konghq.com", Token: testToken, RequestTimeout: -time.Second}); err == nil {
		t.Error("a negative request timeout was accepted")
	}
}
