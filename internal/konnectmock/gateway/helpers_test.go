package gateway

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// client is a plain net/http client against the family served alone (no token needed).
type client struct {
	t    testing.TB
	base string
	srv  *Family
}

type result struct {
	status int
	header http.Header
	raw    []byte
	body   map[string]any
}

// testOptions are the family's options and its clock (nil: time.Now).
type testOptions struct {
	ETags bool
	Now   func() time.Time
}

// newMock serves a new family on its own (no authentication, counts, faults or
// state file: package konnectmock tests those).
func newMock(t testing.TB, opts testOptions) *client {
	t.Helper()
	return serve(t, New(mockcore.Env{Now: opts.Now}, Options{ETags: opts.ETags}))
}

// serve puts s behind a loopback HTTP server closed at the end of the test.
func serve(t testing.TB, s *Family) *client {
	t.Helper()
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)
	return &client{t: t, base: hs.URL, srv: s}
}

// do sends body (a string is sent raw, anything else as JSON); hdr are "Key: value" pairs.
func (c *client) do(method, path string, body any, hdr ...string) result {
	c.t.Helper()
	h := http.Header{}
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	for _, kv := range hdr {
		k, v, _ := strings.Cut(kv, ": ")
		h.Set(k, v)
	}
	a, err := mocktest.Send(c.t, http.DefaultClient, method, c.base+path, body, h)
	if err != nil {
		c.t.Fatal(err)
	}
	res := result{status: a.Status, header: a.Header, raw: a.Raw}
	if len(a.Raw) > 0 {
		v, _ := mocktest.Decode(a.Raw)
		res.body, _ = v.(map[string]any)
	}
	return res
}

// expect checks status and content type ("" means no body at all).
func (r result) expect(t testing.TB, status int, ctype string) result {
	t.Helper()
	mocktest.Answer{Status: r.status, Header: r.header, Raw: r.raw}.Expect(t, status, ctype)
	return r
}

// jsonEq compares the body with want (a JSON document), ignoring the listed top-level keys.
func (r result) jsonEq(t *testing.T, want string, ignore ...string) {
	t.Helper()
	mocktest.JSONEq(t, r.raw, want, ignore...)
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

// dump is the family's state document, as GET /_mock/dump shows it.
func (c *client) dump() []byte {
	c.srv.env.Lock.Lock()
	defer c.srv.env.Lock.Unlock()
	return c.srv.Snapshot()
}

func core(cp, rest string) string { return "/v2/control-planes/" + cp + "/core-entities/" + rest }

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	v, err := mocktest.Decode([]byte(s))
	if err != nil {
		t.Fatalf("bad JSON %q: %v", s, err)
	}
	return v
}

const ctProblem = mockcore.CTProblem
