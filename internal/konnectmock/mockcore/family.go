package mockcore

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// Env is what the assembler shares with every family: one clock, one source of
// trace ids, and one lock over the whole organisation's state, so that a state
// snapshot covers every family at one instant.
type Env struct {
	Now   func() time.Time
	Trace *Tracer
	Lock  *sync.Mutex
	// Save persists the state after a change a family made outside Serve (its
	// Go API for tests); nil when there is nothing to persist to.
	Save func() error
}

// Complete fills what a caller left out (a family used on its own, in tests).
func (e Env) Complete() Env {
	if e.Now == nil {
		e.Now = time.Now
	}
	if e.Trace == nil {
		e.Trace = NewTracer()
	}
	if e.Lock == nil {
		e.Lock = &sync.Mutex{}
	}
	if e.Save == nil {
		e.Save = func() error { return nil }
	}
	return e
}

// Problem renders a problem+json response with a fresh trace id.
func (e Env) Problem(status int, detail string, params ...InvalidParam) Response {
	return NewProblem(e.Trace.Next(), status, detail, params)
}

// Family is one API family of the mock (gateway, access, portal, later
// catalog). The assembler authenticates a request, counts it, applies faults,
// reads its body, calls Serve, and saves the state after a successful write.
type Family interface {
	// Name keys the family's part of the state document.
	Name() string
	// Route reports whether the family serves the path (unescaped segments) and,
	// if so, the Counts key: method-less, ids replaced by parameter names.
	Route(segs []string) (key string, ok bool)
	// Serve answers one authenticated request; it takes Env.Lock itself.
	Serve(r *http.Request, segs []string, body []byte) Response
	// Snapshot renders the family's state; Env.Lock is held.
	Snapshot() json.RawMessage
	// Restore replaces the state with a snapshot, checking it; it is called
	// before the mock serves anything.
	Restore(state json.RawMessage) error
	// Reset returns to the state of a new organisation; Env.Lock is held.
	Reset()
}

// Controller is a family with /_mock/ control endpoints of its own.
type Controller interface {
	// Control serves /_mock/<path>; ok is false when the path is not the family's.
	Control(r *http.Request, path string, body []byte) (resp Response, ok bool)
}

// TokenIssuer is a family that mints bearer tokens (the identity API's access tokens).
type TokenIssuer interface {
	// Authenticate reports whether the family issued token (known) and, if so,
	// whether it is still good: not expired, revoked or deleted.
	Authenticate(token string) (known, valid bool)
}

// NotAllowed is the answer to a method a path does not take, naming those it does.
func (e Env) NotAllowed(methods []string) Response {
	allow := slices.Sorted(slices.Values(methods))
	return e.Problem(http.StatusMethodNotAllowed, "Method Not Allowed").With("Allow", strings.Join(allow, ", "))
}

// ServeAlone serves one family on its own (no authentication, faults or state file: those
// are the assembler's), for the family's own tests: route tells whether the family has the
// path, serve answers it.
func ServeAlone(w http.ResponseWriter, r *http.Request, env Env, route func([]string) bool, serve func(*http.Request, []string, []byte) Response) {
	var segs []string
	for _, raw := range strings.Split(strings.Trim(r.URL.EscapedPath(), "/"), "/") {
		if seg, err := url.PathUnescape(raw); err == nil && seg != "" {
			segs = append(segs, seg)
		}
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	if err != nil {
		env.Problem(http.StatusBadRequest, "cannot read request body").Write(w)
		return
	}
	if !route(segs) {
		env.Problem(http.StatusNotFound, "Not Found").Write(w)
		return
	}
	serve(r, segs, body).Write(w)
}

// ErrorStyler is a family some of whose paths answer errors in a shape other
// than problem+json (the gateway's core-entities API answers Kong's JSON). The
// assembler renders a few errors itself on a family's paths: 401 (detail "A
// valid token is required"), 400 for a request body it cannot read, an
// injected 500 and a 500 for a state file it cannot save. It asks the family
// for each, giving the path, the status and the problem's detail; ok false
// means the problem+json the assembler would send.
type ErrorStyler interface {
	Error(segs []string, status int, detail string) (resp Response, ok bool)
}

// TopLevelState is a family whose state sits at the top level of the state
// document, beside "format" and "version", rather than under "families": the
// gateway's, which was the whole document before there were families. Its
// Snapshot is a JSON object with the keys StateKeys names, in that order;
// Restore gets the object of those of them the document has.
type TopLevelState interface {
	StateKeys() []string
}
