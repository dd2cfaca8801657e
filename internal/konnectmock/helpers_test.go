package konnectmock

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// client is a plain net/http client against the mock, as any Konnect client would be.
type client struct {
	t     testing.TB
	base  string
	token string
	srv   *Server
}

type result struct {
	status int
	header http.Header
	raw    []byte
	body   map[string]any
}

func newMock(t testing.TB, opts Options) *client {
	t.Helper()
	return serve(t, New(opts))
}

// serve puts s behind a loopback HTTP server closed at the end of the test.
func serve(t testing.TB, s *Server) *client {
	t.Helper()
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)
	return &client{t: t, base: hs.URL, token: "kpat_test", srv: s}
}

// do sends body (a string is sent raw, anything else as JSON); hdr are "Key: value" pairs.
func (c *client) do(method, path string, body any, hdr ...string) result {
	c.t.Helper()
	res, err := c.try(http.DefaultClient, method, path, body, hdr...)
	if err != nil {
		c.t.Fatal(err)
	}
	return res
}

// try is do with a chosen HTTP client, returning transport errors (dropped
// connections, timeouts) instead of failing the test.
func (c *client) try(hc *http.Client, method, path string, body any, hdr ...string) (result, error) {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range hdr {
		k, v, _ := strings.Cut(h, ": ")
		req.Header.Set(k, v)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return result{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return result{}, err
	}
	res := result{status: resp.StatusCode, header: resp.Header, raw: raw}
	if len(raw) > 0 {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		_ = dec.Decode(&res.body)
	}
	return res, nil
}

// freshConns is a client that never reuses a connection, so net/http does not
// silently retry a request whose connection the mock dropped.
func freshConns() *http.Client {
	return &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
}

// expect checks status and content type ("" means no body at all).
func (r result) expect(t testing.TB, status int, ctype string) result {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.raw)
	}
	if got := r.header.Get("Content-Type"); got != ctype {
		t.Fatalf("Content-Type %q, want %q; body %s", got, ctype, r.raw)
	}
	if ctype == "" && len(r.raw) != 0 {
		t.Fatalf("want no body, got %s", r.raw)
	}
	return r
}

// jsonEq compares the body with want (a JSON document), ignoring the listed top-level keys.
func (r result) jsonEq(t *testing.T, want string, ignore ...string) {
	t.Helper()
	var got, exp any
	dec := json.NewDecoder(bytes.NewReader(r.raw))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("body is not JSON: %v: %s", err, r.raw)
	}
	dec = json.NewDecoder(strings.NewReader(want))
	dec.UseNumber()
	if err := dec.Decode(&exp); err != nil {
		t.Fatalf("bad want: %v", err)
	}
	if m, ok := got.(map[string]any); ok {
		for _, k := range ignore {
			delete(m, k)
		}
	}
	if !reflect.DeepEqual(got, exp) {
		t.Fatalf("body mismatch\n got: %s\nwant: %s", r.raw, want)
	}
}

func (r result) str(key string) string {
	s, _ := r.body[key].(string)
	return s
}

func (c *client) mustCP(name string) string {
	c.t.Helper()
	r := c.do("POST", "/v2/control-planes", map[string]any{"name": name}).expect(c.t, 201, ctJSON)
	return r.str("id")
}

func core(cp, rest string) string { return "/v2/control-planes/" + cp + "/core-entities/" + rest }

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("bad JSON %q: %v", s, err)
	}
	return v
}
