package konnect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestValidateServerURL(t *testing.T) {
	const hint = "only https is allowed, except http to a loopback address (127.0.0.1, ::1, localhost)"
	tests := []struct {
		raw     string
		wantErr string // substring; "" means valid
	}{
		{"https://global.api.konghq.com", ""},
		{"https://eu.api.konghq.com/", ""},
		{"HTTPS://us.api.konghq.com", ""},
		{"http://127.0.0.1:8080", ""},
		{"http://127.9.8.7", ""},
		{"http://[::1]:9000/prefix", ""},
		{"http://localhost:1234", ""},
		{"http://LocalHost", ""},
		{"http://konnect.example.com", `server_url "http://konnect.example.com" uses plain http: ` + hint},
		{"http://localhost.example.com", "uses plain http"},
		{"http://127.0.0.1.nip.io", "uses plain http"},
		{"http://10.0.0.1", "uses plain http"},
		{"ftp://127.0.0.1", `unsupported scheme "ftp"`},
		{"", "server_url is empty"},
		{"global.api.konghq.com", "not an absolute URL"},
		{"https://user:" + testToken + "@global.api.konghq.com", "must not contain credentials"},
		{"https://global.api.konghq.com?x=1", "must not contain a query"},
		{"https://global.api.konghq.com/%zz", "not a valid URL"},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			u, err := ValidateServerURL(tt.raw)
			if tt.wantErr == "" {
				if err != nil || u == nil {
					t.Fatalf("ValidateServerURL(%q) = %v, %v; want valid", tt.raw, u, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("ValidateServerURL(%q) accepted; want error containing %q", tt.raw, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %q does not contain %q", err, tt.wantErr)
			}
			if strings.Contains(err.Error(), testToken) {
				t.Fatalf("error leaks the token: %q", err)
			}
		})
	}
	// Exact wording from the brief.
	_, err := ValidateServerURL("http://konnect.example.com")
	want := `server_url "http://konnect.example.com" uses plain http: only https is allowed, except http to a loopback address (127.0.0.1, ::1, localhost)`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

func TestNewRefusesPlainHTTPAndMissingToken(t *testing.T) {
	if _, err := New(Config{ServerURL: "http://konnect.example.com", Token: testToken}); err == nil || !strings.Contains(err.Error(), "plain http") {
		t.Fatalf("plain http accepted: %v", err)
	}
	if _, err := New(Config{ServerURL: "https://global.api.konghq.com"}); err == nil {
		t.Fatal("missing token accepted")
	}
	if _, err := New(Config{Token: testToken + "\n"}); err == nil || strings.Contains(err.Error(), testToken) {
		t.Fatalf("token with newline: %v", err)
	}
	c, err := New(Config{Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	if c.base.String() != DefaultServerURL || c.maxAttempts != 3 || c.retryWaitMin != 500*time.Millisecond ||
		c.retryWaitMax != 30*time.Second || c.maxTotalWait != 2*time.Minute {
		t.Fatalf("defaults not applied: %+v", c)
	}
	// Neither the config nor the client prints the token.
	for _, s := range []string{
		fmt.Sprintf("%v %+v %#v %s", Config{Token: testToken}, Config{Token: testToken}, Config{Token: testToken}, Config{Token: testToken}),
		fmt.Sprintf("%v %+v %#v %s", c, c, c, c),
	} {
		if strings.Contains(s, testToken) || strings.Contains(s, "kpat_") {
			t.Fatalf("formatted value leaks the token: %s", s)
		}
	}
}

func TestRequestHeadersAndETag(t *testing.T) {
	rec := &recorder{}
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		rec.add(r)
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("ETag", `"rev-7"`)
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeJSON(w, 200, "", fmt.Sprintf(`{"id":"s1","port":80,"echo":%q}`, body))
	})
	c := newTestClient(t, srv.URL)
	ctx := context.Background()
	svc := CoreEntitiesPath("cp1", "services")

	obj, resp, err := c.PutEntity(ctx, svc, "s1", Object{"host": "a.internal"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if resp.ETag != `"rev-7"` || resp.StatusCode != 200 {
		t.Fatalf("response = %+v", resp)
	}
	if _, ok := obj["port"].(interface{ Int64() (int64, error) }); !ok {
		t.Fatalf("numbers must decode as json.Number, got %T", obj["port"])
	}
	if _, _, err := c.PutEntity(ctx, svc, "s1", Object{"host": "a.internal"}, `"rev-6"`); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.GetEntity(ctx, svc, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.DeleteEntity(ctx, svc, "s1", `W/"rev-7"`); err != nil {
		t.Fatal(err)
	}

	reqs := rec.all()
	if len(reqs) != 4 {
		t.Fatalf("got %d requests", len(reqs))
	}
	for i, r := range reqs {
		if got := r.Header.Get("Authorization"); got != "Bearer "+testToken {
			t.Errorf("req %d Authorization = %q", i, got)
		}
		if got := r.Header.Get("Accept"); got != "application/json" {
			t.Errorf("req %d Accept = %q", i, got)
		}
		if got := r.Header.Get("User-Agent"); got != "konnect-test/1" {
			t.Errorf("req %d User-Agent = %q", i, got)
		}
		if r.URL.EscapedPath() != "/v2/control-planes/cp1/core-entities/services/s1" {
			t.Errorf("req %d path = %q", i, r.URL.EscapedPath())
		}
	}
	checks := []struct {
		method, ifMatch, contentType string
	}{
		{http.MethodPut, "", "application/json"},
		{http.MethodPut, `"rev-6"`, "application/json"},
		{http.MethodGet, "", ""},
		{http.MethodDelete, `W/"rev-7"`, ""},
	}
	for i, want := range checks {
		r := reqs[i]
		if r.Method != want.method {
			t.Errorf("req %d method = %s, want %s", i, r.Method, want.method)
		}
		if _, present := r.Header["If-Match"]; present != (want.ifMatch != "") || r.Header.Get("If-Match") != want.ifMatch {
			t.Errorf("req %d If-Match = %q (present %v), want %q", i, r.Header.Get("If-Match"), present, want.ifMatch)
		}
		if got := r.Header.Get("Content-Type"); got != want.contentType {
			t.Errorf("req %d Content-Type = %q, want %q", i, got, want.contentType)
		}
	}
}

func TestNoETagIsEmpty(t *testing.T) {
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, "", `{}`)
	})
	_, resp, err := newTestClient(t, srv.URL).GetControlPlane(context.Background(), "cp")
	if err != nil || resp.ETag != "" {
		t.Fatalf("resp=%+v err=%v", resp, err)
	}
}

func TestPathsAndServerPrefix(t *testing.T) {
	if got, want := CoreEntitiesPath("cp 1", "consumers", "a/b", "key-auth"), "/v2/control-planes/cp%201/core-entities/consumers/a%2Fb/key-auth"; got != want {
		t.Fatalf("CoreEntitiesPath = %q, want %q", got, want)
	}
	if got, want := CoreEntitiesPath("cp", "services", ".."), "/v2/control-planes/cp/core-entities/services/%2E%2E"; got != want {
		t.Fatalf("CoreEntitiesPath = %q, want %q", got, want)
	}
	rec := &recorder{}
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		rec.add(r)
		writeJSON(w, 200, "", `{"id":"x"}`)
	})
	c := newTestClient(t, srv.URL+"/prefix/")
	if _, _, err := c.GetService(context.Background(), "cp", "my svc/1"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Do(context.Background(), "GET", "/v2/control-planes?page%5Bsize%5D=5", map[string][]string{"x": {"1"}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	reqs := rec.all()
	if got := reqs[0].URL.EscapedPath(); got != "/prefix/v2/control-planes/cp/core-entities/services/my%20svc%2F1" {
		t.Fatalf("escaped path = %q", got)
	}
	if got := reqs[1].URL.Query(); got.Get("page[size]") != "5" || got.Get("x") != "1" {
		t.Fatalf("query = %v", got)
	}
	if _, _, err := c.GetEntity(context.Background(), "/v2/x", ""); err == nil {
		t.Fatal("empty id accepted")
	}
}

func TestSuccessBodyDecoding(t *testing.T) {
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/html":
			writeJSON(w, 200, "text/html", "<html>gateway says hi</html>")
		case "/trailing":
			writeJSON(w, 200, "", `{"a":1} {"b":2}`)
		case "/empty":
			w.WriteHeader(200)
		case "/nocontent":
			w.WriteHeader(204)
		}
	})
	c := newTestClient(t, srv.URL)
	ctx := context.Background()
	var out Object
	if _, err := c.Do(ctx, "GET", "/html", nil, nil, &out); err == nil || !strings.Contains(err.Error(), "not valid JSON") || !strings.Contains(err.Error(), "gateway says hi") {
		t.Fatalf("non-JSON 2xx: %v", err)
	}
	if _, err := c.Do(ctx, "GET", "/trailing", nil, nil, &out); err == nil {
		t.Fatal("trailing data accepted")
	}
	if _, err := c.Do(ctx, "GET", "/html", nil, nil, nil); err != nil {
		t.Fatalf("non-JSON 2xx without out: %v", err)
	}
	if resp, err := c.Do(ctx, "GET", "/empty", nil, nil, &out); err != nil || resp.StatusCode != 200 {
		t.Fatalf("empty: %v", err)
	}
	if resp, err := c.Do(ctx, "DELETE", "/nocontent", nil, nil, &out); err != nil || resp.StatusCode != 204 {
		t.Fatalf("204: %v", err)
	}
}

func TestErrorsCarryResponse(t *testing.T) {
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"e1"`)
		writeJSON(w, 412, "application/problem+json", `{"status":412,"title":"Precondition Failed","instance":"konnect:trace:abc"}`)
	})
	_, resp, err := newTestClient(t, srv.URL).PutService(context.Background(), "cp", "s", Object{}, `"e0"`)
	if !IsPreconditionFailed(err) || resp == nil || resp.StatusCode != 412 || resp.ETag != `"e1"` {
		t.Fatalf("resp=%+v err=%v", resp, err)
	}
	var apiErr *APIError
	if !errors.As(fmt.Errorf("wrapped: %w", err), &apiErr) || apiErr.TraceID != "abc" {
		t.Fatalf("errors.As: %v", apiErr)
	}
}

// A server_url names a host: one with a path (a copied API address) is refused, naming the
// path and the URL to use instead; a trailing slash is no path.
func TestValidateBaseURL(t *testing.T) {
	for _, ok := range []string{"https://eu.api.konghq.com", "https://eu.api.konghq.com/", "http://127.0.0.1:8080"} {
		if _, err := ValidateBaseURL(ok); err != nil {
			t.Errorf("ValidateBaseURL(%q): %v", ok, err)
		}
	}
	_, err := ValidateBaseURL("http://127.0.0.1:8080/v2/")
	want := `server_url "http://127.0.0.1:8080/v2/" has a path ("/v2"): a Konnect server URL is its host only, such as https://eu.api.konghq.com; the provider adds each API's path (/v2/…, /v3/…) itself. Use "http://127.0.0.1:8080"`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	if _, err := ValidateBaseURL("http://konnect.example.com"); err == nil || !strings.Contains(err.Error(), "plain http") {
		t.Fatalf("the server URL's own checks first: %v", err)
	}
}
