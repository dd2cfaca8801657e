package konnectmock

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
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

// do sends body (a string is sent raw, anything else as JSON).
func (c *client) do(method, path string, body any) result {
	c.t.Helper()
	res, err := c.try(http.DefaultClient, method, path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	return res
}

// try is do with a chosen HTTP client, returning transport errors (dropped
// connections, timeouts) instead of failing the test.
func (c *client) try(hc *http.Client, method, path string, body any) (result, error) {
	c.t.Helper()
	h := http.Header{}
	if c.token != "" {
		h.Set("Authorization", "Bearer "+c.token)
	}
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	a, err := mocktest.Send(c.t, hc, method, c.base+path, body, h)
	if err != nil {
		return result{}, err
	}
	res := result{status: a.Status, header: a.Header, raw: a.Raw}
	if len(a.Raw) > 0 {
		v, _ := mocktest.Decode(a.Raw)
		res.body, _ = v.(map[string]any)
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

func core(cp, rest string) string { return "/v2/control-planes/" + cp + "/core-entities/" + rest }

var problemTitles = mockcore.ProblemTitles

func isUUID(s string) bool { return mockcore.IsUUID(s) }

// controlPlanes counts the control planes in the state document: the gateway's
// own state, read without a request (which a fault could meet) or a count.
func controlPlanes(t testing.TB, s *Server) int {
	t.Helper()
	s.mu.Lock()
	doc := s.snapshot()
	s.mu.Unlock()
	var st struct {
		ControlPlanes []any `json:"control_planes"`
	}
	if err := json.Unmarshal(doc, &st); err != nil {
		t.Fatal(err)
	}
	return len(st.ControlPlanes)
}

const ctProblem = mockcore.CTProblem
