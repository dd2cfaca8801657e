package konnect

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

// timeoutErr is a net.Error that says it timed out, as a dialer or a deadline does.
type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func wrapURL(err error) error {
	return &url.Error{Op: "Get", URL: "https://global.api.konghq.com/v2/control-planes", Err: err}
}

func opErr(op string, err error) error {
	return &net.OpError{Op: op, Net: "tcp", Err: os.NewSyscallError(op, err)}
}

// transportCases are errors of every class, as net/http hands them over (in a *url.Error).
var transportCases = []struct {
	name string
	err  error
	want failure
}{
	{"connection refused", wrapURL(opErr("dial", syscall.ECONNREFUSED)), failNotSent},
	{"connection reset", wrapURL(opErr("read", syscall.ECONNRESET)), failConnection},
	{"broken pipe", wrapURL(opErr("write", syscall.EPIPE)), failConnection},
	{"closed before the answer", wrapURL(io.EOF), failConnection},
	{"cut answer", wrapURL(fmt.Errorf("reading body: %w", io.ErrUnexpectedEOF)), failConnection},
	{"DNS", wrapURL(&net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "x.invalid", IsNotFound: true}}), failNotSent},
	{"other dial error", wrapURL(&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("network is unreachable")}), failNotSent},
	{"dial timeout", wrapURL(&net.OpError{Op: "dial", Net: "tcp", Err: timeoutErr{}}), failTimeout},
	{"per-attempt deadline", wrapURL(fmt.Errorf("awaiting headers: %w", context.DeadlineExceeded)), failTimeout},
	{"net.Error timeout", wrapURL(&net.OpError{Op: "read", Net: "tcp", Err: timeoutErr{}}), failTimeout},
	{"unknown authority", wrapURL(&tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}), failPermanent},
	{"bare x509 unknown authority", wrapURL(x509.UnknownAuthorityError{}), failPermanent},
	{"hostname mismatch", wrapURL(x509.HostnameError{Host: "x"}), failPermanent},
	{"expired certificate", wrapURL(x509.CertificateInvalidError{Reason: x509.Expired}), failPermanent},
	{"no system roots", wrapURL(x509.SystemRootsError{}), failPermanent},
	{"TLS to a plain server", wrapURL(tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}), failPermanent},
	{"plain HTTP answer to https", wrapURL(http.ErrSchemeMismatch), failPermanent},
	{"refused redirect", wrapURL(&redirectError{msg: "refusing redirect: plain http"}), failPermanent},
	{"cancelled", wrapURL(context.Canceled), failCanceled},
	// The class comes from the type: a message that reads like a certificate error is not one.
	{"certificate words, no certificate error", wrapURL(errors.New("x509: certificate signed by unknown authority")), failOther},
}

func TestClassifyTransportError(t *testing.T) {
	for _, tt := range transportCases {
		if got := classifyTransportError(tt.err); got != tt.want {
			t.Errorf("%s: %v is %s, want %s", tt.name, tt.err, got, tt.want)
		}
	}
}

type failingTransport struct {
	err   error
	calls atomic.Int32
}

func (f *failingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	f.calls.Add(1)
	return nil, f.err
}

// Every class against the client: how many attempts, and what the error says.
func TestTransportErrorClassesRetries(t *testing.T) {
	for _, tt := range transportCases {
		if tt.want == failCanceled {
			continue // a cancelled call is covered by TestContextCancelledDuringWait
		}
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			t.Run(tt.name+"/"+method, func(t *testing.T) {
				ft := &failingTransport{err: tt.err.(*url.Error).Err}
				c := newTestClient(t, "https://global.api.konghq.com", func(cfg *Config) {
					cfg.MaxAttempts = 3
					cfg.RequestTimeout = time.Minute
					cfg.httpClient = &http.Client{Transport: ft}
				})
				_, err := c.Do(context.Background(), method, "/v2/control-planes", nil, Object{"name": "x"}, nil)
				want := int32(1)
				if (method == http.MethodGet || tt.want == failNotSent) && tt.want.retryable() {
					want = 3 // a request never sent is retried whatever its method
				}
				if got := ft.calls.Load(); got != want {
					t.Fatalf("attempts = %d, want %d (err %v)", got, want, err)
				}
				msg := err.Error()
				if tt.want == failTimeout {
					if !strings.Contains(msg, fmt.Sprintf("no answer from Konnect within 1m0s, %s", plural(int(want), "attempt"))) {
						t.Errorf("error %q", msg)
					}
				} else if tt.want == failNotSent {
					if !strings.Contains(msg, "Konnect could not be reached") || !strings.Contains(msg, "3 attempts: the request was never sent, so nothing was processed") {
						t.Errorf("error %q", msg)
					}
				} else if !strings.Contains(msg, fmt.Sprintf("request failed after %d attempt(s)", want)) {
					t.Errorf("error %q", msg)
				}
				if method == http.MethodPost && tt.want != failNotSent && !strings.Contains(msg, "POST is not retried automatically") {
					t.Errorf("error %q does not say POST is not retried", msg)
				}
				if !errors.Is(err, tt.err.(*url.Error).Err) && classifyTransportError(err) != tt.want {
					t.Errorf("the error no longer unwraps to its cause: %#v", err)
				}
			})
		}
	}
}

// Real failures, not constructed ones: a refused connection is retried, a certificate
// nobody trusts and TLS spoken to a plain-HTTP server are not.
func TestTransportErrorsFromTheNetwork(t *testing.T) {
	t.Run("connection refused", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close() // nothing listens there now
		c := newTestClient(t, "http://"+addr, func(cfg *Config) { cfg.MaxAttempts = 3 })
		_, _, err = c.GetControlPlane(context.Background(), "cp")
		if !errors.Is(err, syscall.ECONNREFUSED) || !strings.Contains(err.Error(), "3 attempts: the request was never sent, so nothing was processed") {
			t.Fatalf("err = %v", err)
		}
		// A POST refused at the connection was never sent: it is retried too, and the error
		// says nothing was processed (not "may or may not have processed it").
		_, _, err = c.CreateControlPlane(context.Background(), Object{"name": "cp"})
		if !errors.Is(err, syscall.ECONNREFUSED) || !strings.Contains(err.Error(), "POST /v2/control-planes: Konnect could not be reached") ||
			!strings.Contains(err.Error(), "3 attempts: the request was never sent") || strings.Contains(err.Error(), "may or may not") {
			t.Fatalf("POST err = %v", err)
		}
	})
	countConns := func(srv *httptest.Server) *atomic.Int32 {
		var n atomic.Int32
		srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
			if s == http.StateNew {
				n.Add(1)
			}
		}
		return &n
	}
	t.Run("untrusted certificate", func(t *testing.T) {
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			t.Error("the request was sent over an untrusted connection")
		}))
		conns := countConns(srv)
		srv.Config.ErrorLog = discardLog()
		srv.StartTLS()
		t.Cleanup(srv.Close)
		c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 3 })
		_, _, err := c.GetControlPlane(context.Background(), "cp")
		var certErr *tls.CertificateVerificationError
		if !errors.As(err, &certErr) || !strings.Contains(err.Error(), "request failed after 1 attempt(s)") {
			t.Fatalf("err = %v", err)
		}
		if n := conns.Load(); n != 1 {
			t.Errorf("%d connections, want 1", n)
		}
	})
	t.Run("TLS to a plain HTTP server", func(t *testing.T) {
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
		conns := countConns(srv)
		srv.Start()
		t.Cleanup(srv.Close)
		c := newTestClient(t, strings.Replace(srv.URL, "http://", "https://", 1), func(cfg *Config) { cfg.MaxAttempts = 3 })
		_, _, err := c.GetControlPlane(context.Background(), "cp")
		if classifyTransportError(err) != failPermanent || !strings.Contains(err.Error(), "request failed after 1 attempt(s)") {
			t.Fatalf("err = %v", err)
		}
		if n := conns.Load(); n != 1 {
			t.Errorf("%d connections, want 1", n)
		}
	})
}

// One retryablehttp client serves concurrent calls: each call's attempts, stop reason and
// log lines stay its own.
func TestConcurrentCallsKeepTheirOwnRetryState(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]int{}
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.Path]++
		n := seen[r.URL.Path]
		mu.Unlock()
		var failures int
		_, _ = fmt.Sscanf(r.URL.Path, "/v2/control-planes/fail-%d", &failures)
		if n <= failures {
			writeJSON(w, 503, "", `{"message":"busy"}`)
			return
		}
		writeJSON(w, 200, "", `{"id":"ok"}`)
	})
	var logs bytes.Buffer
	var logMu sync.Mutex
	ctx := tflogtest.RootLogger(context.Background(), &lockedWriter{w: &logs, mu: &logMu})
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 3 })
	if c.retry == nil {
		t.Fatal("New built no retry client")
	}
	before := c.retry
	var wg sync.WaitGroup
	errs := make([]error, 12)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, errs[i] = c.GetControlPlane(ctx, fmt.Sprintf("fail-%d-%d", i%4, i))
		}()
	}
	wg.Wait()
	if c.retry != before {
		t.Fatal("the retry client was replaced")
	}
	for i, err := range errs {
		failures := i % 4
		var apiErr *APIError
		switch {
		case failures < 3 && err != nil:
			t.Errorf("call %d (%d failures): %v", i, failures, err)
		case failures == 3 && (!errors.As(err, &apiErr) || apiErr.Attempts != 3 || apiErr.stoppedBy != stopMaxAttempts):
			t.Errorf("call %d: %#v", i, err)
		}
	}
	entries, err := tflogtest.MultilineJSONDecode(&logs)
	if err != nil {
		t.Fatal(err)
	}
	attempts := map[string][]float64{}
	for _, e := range entries {
		if p, ok := e["path"].(string); ok {
			attempts[p] = append(attempts[p], e["attempt"].(float64))
		}
	}
	for i := range errs {
		p := fmt.Sprintf("/v2/control-planes/fail-%d-%d", i%4, i)
		want := min(i%4+1, 3)
		got := attempts[p]
		if len(got) != want {
			t.Errorf("%s: log lines for attempts %v, want %d", p, got, want)
			continue
		}
		for j, a := range got {
			if int(a) != j+1 {
				t.Errorf("%s: attempts logged %v", p, got)
			}
		}
	}
}

type lockedWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
