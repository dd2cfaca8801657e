package konnect

import (
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const testToken = "kpat_TESTsecret0123456789abcdefghijklmnopqrstuvwxyzAB"

// testUnit is one Retry-After "second" in tests.
const testUnit = 10 * time.Millisecond

// newTestServer starts an httptest server running h and counting requests.
func newTestServer(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// newTestClient returns a client for srv with fast retry timings.
func newTestClient(t *testing.T, serverURL string, mods ...func(*Config)) *Client {
	t.Helper()
	cfg := Config{
		ServerURL:    serverURL,
		Token:        testToken,
		UserAgent:    "konnect-test/1",
		MaxAttempts:  5,
		RetryWaitMin: time.Millisecond,
		RetryWaitMax: 4 * time.Millisecond,
		MaxTotalWait: 2 * time.Second,
	}
	for _, m := range mods {
		m(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	c.retryAfterUnit = testUnit
	return c
}

func writeJSON(w http.ResponseWriter, status int, contentType string, v any) {
	if contentType == "" {
		contentType = "application/json"
	}
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	switch b := v.(type) {
	case string:
		_, _ = w.Write([]byte(b))
	case nil:
	default:
		_ = json.NewEncoder(w).Encode(v)
	}
}

// recorder keeps the requests a test server received.
type recorder struct {
	mu   sync.Mutex
	reqs []*http.Request
}

func (r *recorder) add(req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = append(r.reqs, req.Clone(req.Context()))
}

func (r *recorder) all() []*http.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*http.Request(nil), r.reqs...)
}

// hangUp closes the connection without a response (a connection reset as
// seen by the client).
func hangUp(t *testing.T, w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		t.Error("response writer is not a Hijacker")
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		t.Errorf("hijack: %v", err)
		return
	}
	_ = conn.Close()
}

// isRateLimited reports a 429 still returned after retries stopped.
func isRateLimited(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e != nil && e.StatusCode == http.StatusTooManyRequests
}

// discardLog silences an httptest server's log (expected TLS handshake errors).
func discardLog() *log.Logger { return log.New(io.Discard, "", 0) }
