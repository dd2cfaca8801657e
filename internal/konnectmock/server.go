package konnectmock

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
)

// Options configure a mock server.
type Options struct {
	// Tokens are the accepted bearer tokens. Empty means every well-formed token
	// (a "kpat_" or "spat_" prefix followed by something) is accepted.
	Tokens []string
	// ETags turns on the ETag/If-Match extension. Real Konnect has none, so it is off by default.
	ETags bool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Server is an in-memory Konnect. It implements http.Handler and is safe for concurrent use.
type Server struct {
	opts   Options
	now    func() time.Time
	tokens map[string]bool

	mu     sync.Mutex // guards everything below
	seq    uint64     // server-wide counter: entity order and revisions
	cps    map[string]*controlPlane
	cpList []*controlPlane // creation order

	countMu sync.Mutex
	counts  map[string]int

	trace atomic.Uint64
}

// New returns an empty mock Konnect organisation.
func New(opts Options) *Server {
	sealKinds()
	s := &Server{
		opts:   opts,
		now:    opts.Now,
		tokens: map[string]bool{},
		cps:    map[string]*controlPlane{},
		counts: map[string]int{},
	}
	if s.now == nil {
		s.now = time.Now
	}
	for _, t := range opts.Tokens {
		s.tokens[t] = true
	}
	s.trace.Store(uint64(time.Now().UnixNano()) % 1e18)
	return s
}

// Counts returns how many requests were served per route, keyed by method and
// path kind with ids replaced: "GET /v2/control-planes/{id}",
// "PUT core-entities/services/{id}", "GET core-entities/services/{id}/routes".
func (s *Server) Counts() map[string]int {
	s.countMu.Lock()
	defer s.countMu.Unlock()
	out := make(map[string]int, len(s.counts))
	for k, v := range s.counts {
		out[k] = v
	}
	return out
}

// ResetCounts zeroes the request counters.
func (s *Server) ResetCounts() {
	s.countMu.Lock()
	defer s.countMu.Unlock()
	clear(s.counts)
}

func (s *Server) count(key string) {
	s.countMu.Lock()
	s.counts[key]++
	s.countMu.Unlock()
}

type family int

const (
	famUnknown family = iota
	famControlPlanes
	famCore
	famRuntimeGroups
)

// route classifies a path and names it for Counts.
func route(segs []string) (family, string) {
	switch {
	case len(segs) >= 2 && segs[0] == "v2" && segs[1] == "control-planes":
		if len(segs) == 2 {
			return famControlPlanes, "/v2/control-planes"
		}
		if len(segs) == 3 {
			return famControlPlanes, "/v2/control-planes/{id}"
		}
		if segs[3] == "core-entities" {
			return famCore, "core-entities" + corePattern(segs[4:])
		}
	case len(segs) == 3 && segs[0] == "konnect-api" && segs[1] == "api" && segs[2] == "runtime_groups":
		return famRuntimeGroups, "/konnect-api/api/runtime_groups"
	}
	return famUnknown, "unmatched"
}

// corePattern replaces the id positions of a core-entity path with {id}.
func corePattern(rest []string) string {
	if len(rest) > 0 && (rest[0] == "v1" || rest[0] == "schemas") {
		return "/" + strings.Join(rest, "/")
	}
	var b strings.Builder
	for i, seg := range rest {
		b.WriteByte('/')
		if i%2 == 1 {
			b.WriteString("{id}")
		} else {
			b.WriteString(seg)
		}
	}
	return b.String()
}

func splitPath(escaped string) []string {
	var segs []string
	for _, raw := range strings.Split(strings.Trim(escaped, "/"), "/") {
		if raw == "" {
			continue
		}
		seg, err := url.PathUnescape(raw)
		if err != nil {
			seg = raw
		}
		segs = append(segs, seg)
	}
	return segs
}

// ServeHTTP serves the Konnect API subset described in the package documentation.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	segs := splitPath(r.URL.EscapedPath())
	fam, key := route(segs)
	s.count(r.Method + " " + key)
	if !s.authorized(r) {
		if fam == famCore {
			coreJSON(http.StatusUnauthorized, map[string]any{"message": "Unauthorized", "status": 401}).write(w)
		} else {
			s.problem(http.StatusUnauthorized, "A valid token is required", nil).write(w)
		}
		return
	}
	var resp response
	switch fam {
	case famControlPlanes:
		resp = s.serveControlPlanes(r, segs[2:])
	case famCore:
		resp = s.serveCore(r, segs[2], segs[4:])
	case famRuntimeGroups:
		resp = s.serveRuntimeGroups(r)
	default:
		resp = s.problem(http.StatusNotFound, "Not Found", nil)
	}
	resp.write(w)
}

func (s *Server) authorized(r *http.Request) bool {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	token = strings.TrimSpace(token)
	if len(s.tokens) > 0 {
		return s.tokens[token]
	}
	for _, p := range []string{"kpat_", "spat_"} {
		if strings.HasPrefix(token, p) && len(token) > len(p) && !strings.ContainsAny(token, " \t") {
			return true
		}
	}
	return false
}

func (s *Server) nextSeq() uint64 {
	s.seq++
	return s.seq
}

// response is computed while the lock is held (bodies are marshalled then) and written after.
type response struct {
	status int
	ctype  string
	body   []byte
	header http.Header
}

func (r response) write(w http.ResponseWriter) {
	for k, vs := range r.header {
		w.Header()[k] = vs
	}
	if r.status == http.StatusNoContent || r.body == nil {
		w.WriteHeader(r.status)
		return
	}
	w.Header().Set("Content-Type", r.ctype)
	w.Header().Set("Content-Length", strconv.Itoa(len(r.body)))
	w.WriteHeader(r.status)
	_, _ = w.Write(r.body)
}

func (r response) with(key, value string) response {
	if r.header == nil {
		r.header = http.Header{}
	}
	r.header.Set(key, value)
	return r
}

const (
	ctJSON    = "application/json"
	ctProblem = "application/problem+json"
)

func marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("konnectmock: marshal: %v", err))
	}
	return buf.Bytes()
}

func coreJSON(status int, v any) response {
	return response{status: status, ctype: ctJSON, body: marshal(v)}
}

func noContent() response { return response{status: http.StatusNoContent} }

// etag is strong, quoted and unique per write of an object.
func etag(id string, rev uint64) string {
	sum := sha256.Sum256([]byte(id + ":" + strconv.FormatUint(rev, 10)))
	return `"` + hex.EncodeToString(sum[:10]) + `"`
}

// withETag adds the ETag header when the extension is on.
func (s *Server) withETag(r response, tag string) response {
	if !s.opts.ETags || tag == "" {
		return r
	}
	return r.with("ETag", tag)
}

// preconditionFailed evaluates If-Match / If-None-Match against the current ETag
// ("" when the object does not exist). Without the extension it never fails.
func (s *Server) preconditionFailed(r *http.Request, current string) (bool, string) {
	if !s.opts.ETags {
		return false, ""
	}
	if im := strings.Join(r.Header.Values("If-Match"), ","); strings.TrimSpace(im) != "" {
		if current == "" {
			return true, "If-Match " + strings.TrimSpace(im) + " given but the object does not exist"
		}
		for _, t := range strings.Split(im, ",") {
			t = strings.TrimSpace(t)
			if t == "*" || t == current { // strong comparison: weak tags never match
				return false, ""
			}
		}
		return true, "If-Match " + strings.TrimSpace(im) + " does not match the current ETag " + current
	}
	if inm := strings.Join(r.Header.Values("If-None-Match"), ","); strings.TrimSpace(inm) != "" && current != "" {
		for _, t := range strings.Split(inm, ",") {
			t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
			if t == "*" || t == current {
				return true, "If-None-Match " + strings.TrimSpace(inm) + " matches the current ETag " + current
			}
		}
	}
	return false, ""
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	_, err := uuid.Parse(s)
	return err == nil
}

func normalizeUUID(s string) string {
	if isUUID(s) {
		return strings.ToLower(s)
	}
	return s
}

func newUUID() string { return uuid.NewString() }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// traceID looks like Konnect's problem "instance" values.
func (s *Server) traceID() string {
	return "konnect:trace:" + strconv.FormatUint(1e18+s.trace.Add(7919)%8e18, 10)
}
