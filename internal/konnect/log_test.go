package konnect

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

// The token must never appear in a log line or an error, even when the
// server echoes it back.
func TestTokenNeverLoggedOrReturned(t *testing.T) {
	const otherToken = "spat_OTHERsecret9876543210zyxwvutsrqponmlkjihgfedcba"
	var n atomic.Int32
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		switch {
		case r.URL.Path == "/v2/control-planes/ok":
			writeJSON(w, 200, "", `{"id":"ok"}`)
		case r.URL.Path == "/v2/control-planes/flaky" && n.Add(1) == 1:
			writeJSON(w, 503, "text/plain", "upstream failed for "+auth)
		case r.URL.Path == "/v2/control-planes/flaky":
			writeJSON(w, 200, "", `{"id":"flaky"}`)
		case r.URL.Path == "/v2/control-planes/echo":
			writeJSON(w, 400, "application/problem+json", fmt.Sprintf(
				`{"status":400,"title":"bad token %s","detail":"got header %s and %s","instance":"konnect:trace:%s",
				"invalid_parameters":[{"field":"token","rule":"x","reason":"%s is wrong","choices":["%s"]}]}`,
				testToken, auth, otherToken, testToken, testToken, otherToken))
		case r.URL.Path == "/v2/control-planes/kong":
			writeJSON(w, 401, "", fmt.Sprintf(`{"message":"Unauthorized %s","details":[{"field":"f","messages":["%s"]}]}`, auth, testToken))
		case r.URL.Path == "/v2/control-planes/html":
			writeJSON(w, 200, "text/html", "<html>"+auth+"</html>")
		case r.URL.Path == "/v2/control-planes/hangup":
			hangUp(t, w)
		}
	})

	var buf bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &buf)
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 2 })

	var errs []string
	record := func(err error) {
		if err != nil {
			errs = append(errs, err.Error(), fmt.Sprintf("%+v %#v", err, err))
			if u := errors.Unwrap(err); u != nil {
				errs = append(errs, u.Error())
			}
		}
	}
	for _, id := range []string{"ok", "flaky", "echo", "kong", "html", testToken} {
		_, _, err := c.GetControlPlane(ctx, id)
		record(err)
	}
	_, _, err := c.CreateControlPlane(ctx, Object{"name": "x"}) // unhandled path: 200 empty
	record(err)
	_, err = c.Do(ctx, "POST", "/v2/control-planes/hangup", nil, Object{"a": 1}, nil)
	record(err)
	if len(errs) < 5 {
		t.Fatalf("expected several errors, got %q", errs)
	}

	logs := buf.String()
	for _, secret := range []string{testToken, otherToken, "TESTsecret", "OTHERsecret"} {
		if strings.Contains(logs, secret) {
			t.Errorf("log output contains %q:\n%s", secret, logs)
		}
		for _, e := range errs {
			if strings.Contains(e, secret) {
				t.Errorf("error contains %q: %s", secret, e)
			}
		}
	}
	if !strings.Contains(strings.Join(errs, "\n"), "[REDACTED]") {
		t.Errorf("expected redaction markers in errors: %q", errs)
	}

	entries, err := tflogtest.MultilineJSONDecode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var sawOK, sawRetry, sawHangup bool
	for _, e := range entries {
		if e["@message"] != "Konnect API request" {
			continue
		}
		if e["@level"] != "debug" {
			t.Errorf("level = %v", e["@level"])
		}
		for _, k := range []string{"method", "path", "attempt", "duration_ms"} {
			if _, ok := e[k]; !ok {
				t.Errorf("log entry lacks %q: %v", k, e)
			}
		}
		switch {
		case e["path"] == "/v2/control-planes/ok" && e["method"] == "GET" && e["status"] == float64(200):
			sawOK = true
		case e["path"] == "/v2/control-planes/flaky" && e["status"] == float64(503) && e["attempt"] == float64(1) && e["retry_in_ms"] != nil:
			sawRetry = true
		case e["path"] == "/v2/control-planes/hangup" && e["method"] == "POST" && e["error"] != nil:
			sawHangup = true
		}
	}
	if !sawOK || !sawRetry || !sawHangup {
		t.Errorf("missing log lines (ok=%v retry=%v hangup=%v):\n%s", sawOK, sawRetry, sawHangup, logs)
	}
}

func TestRedactString(t *testing.T) {
	tests := []struct{ in, token, want string }{
		{"abc kpat_XYZ123 def", "", "abc kpat_[REDACTED] def"},
		{"spat_a-b_c.", "", "spat_[REDACTED]."},
		{"Authorization: Bearer abc.def", "", "Authorization: Bearer [REDACTED]"},
		{"my-raw-token here", "my-raw-token", "[REDACTED] here"},
		{"nothing", "tok", "nothing"},
	}
	for _, tt := range tests {
		if got := redactString(tt.in, tt.token); got != tt.want {
			t.Errorf("redactString(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEchoedTokenInStructuredErrorIsRedacted(t *testing.T) {
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 400, "application/problem+json", `{"status":400,"title":"bad token `+testToken+`","detail":"got `+r.Header.Get("Authorization")+`","instance":"konnect:trace:t1",
			"invalid_parameters":[{"field":"token","rule":"x","reason":"`+testToken+` is wrong"}]}`)
	})
	_, _, err := newTestClient(t, srv.URL).GetControlPlane(context.Background(), "x")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.TraceID != "t1" || len(apiErr.FieldErrors) != 1 {
		t.Fatalf("err = %#v", err)
	}
	s := fmt.Sprintf("%s %#v", err, apiErr)
	if strings.Contains(s, testToken) || !strings.Contains(s, "Bearer [REDACTED]") || !strings.Contains(s, "token: [REDACTED] is wrong") {
		t.Fatalf("not redacted: %s", s)
	}
}
