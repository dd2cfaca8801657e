package konnectmock

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/portal"
)

// Options configure a mock server.
type Options struct {
	// Tokens are the accepted bearer tokens. Empty means every well-formed token
	// (a "kpat_" or "spat_" prefix followed by something) is accepted. Tokens the
	// identity API issued are accepted besides, until they expire or are revoked
	// or deleted, and refused from then on.
	Tokens []string
	// ETags turns on the ETag/If-Match extension. Real Konnect has none, so it is off by default.
	ETags bool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// StateFile, when set, makes the state durable: Open loads it (a missing file
	// is created empty) and every acknowledged write rewrites it atomically before
	// the response is sent. Empty means in memory only.
	StateFile string
	// Faults are injected into authenticated /v2/ and /v3/ API requests (never into
	// /_mock/). The zero value injects none; they can be changed at runtime through /_mock/faults.
	Faults Faults
	// Access configures the identity API family (/v3/: users, teams, roles, system
	// accounts, tokens, identity providers): users to invite besides the seeded ones.
	Access access.Options
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

	saveGen uint64 // snapshots taken for the state file; guarded by mu

	saveMu   sync.Mutex // serialises state-file writes
	savedGen uint64     // the newest snapshot on disk; guarded by saveMu

	countMu sync.Mutex
	counts  map[string]int

	faults *faultInjector

	// families are the API families mounted beside the gateway (package mockcore's
	// Family): they share the clock, the trace ids, mu and the state file.
	families []mockcore.Family
	access   *access.Family
	portal   *portal.Family

	trace *mockcore.Tracer
	// scanned counts the entities listings have looked at, so a test can hold a page's
	// cost to the page rather than the collection.
	scanned atomic.Int64
}

// New returns a mock Konnect organisation: empty, or loaded from Options.StateFile.
// It never fails without a state file and with valid Options.Faults; otherwise it
// panics where Open would return an error, so prefer Open when a state file is used.
func New(opts Options) *Server {
	s, err := Open(opts)
	if err != nil {
		panic(err)
	}
	return s
}

// Open returns a mock Konnect organisation. With Options.StateFile it loads that
// file, or creates it when it does not exist; a file that cannot be read or is not
// a complete konnect-mock state is an error naming the file, never an empty start.
// Invalid Options.Faults are an error too.
func Open(opts Options) (*Server, error) {
	sealKinds()
	faults, err := opts.Faults.normalized()
	if err != nil {
		return nil, fmt.Errorf("konnectmock: faults: %w", err)
	}
	s := &Server{
		opts:   opts,
		now:    opts.Now,
		tokens: map[string]bool{},
		cps:    map[string]*controlPlane{},
		counts: map[string]int{},
		faults: newFaultInjector(faults),
		trace:  mockcore.NewTracer(),
	}
	if s.now == nil {
		s.now = time.Now
	}
	for _, t := range opts.Tokens {
		s.tokens[t] = true
	}
	env := mockcore.Env{Now: s.now, Trace: s.trace, Lock: &s.mu, Save: s.save}
	s.access = access.New(env, opts.Access)
	s.portal = portal.New(env)
	// The portal family goes first: it serves /v3/portals… and /v3/portal-roles,
	// and the access family takes every other /v3/ path.
	s.families = []mockcore.Family{s.portal, s.access}
	if opts.StateFile != "" {
		if err := s.loadStateFile(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Counts returns how many requests were served per route, keyed by method and
// path kind with ids replaced: "GET /v2/control-planes/{id}",
// "PUT core-entities/services/{id}", "GET core-entities/services/{id}/routes",
// "PATCH /v3/teams/{teamId}" (a mounted family's paths carry its parameter names).
// Injected faults are counted per kind too ("fault 429", "fault 5xx",
// "fault drop-before", "fault drop-after", "fault slow"); /_mock/ requests are not counted.
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

// Access is the identity API family, for tests that add users or expire tokens
// out of band (AddUser, FindUser, ExpireToken, RevokeToken).
func (s *Server) Access() *access.Family { return s.access }

// Portal is the Dev Portal family, for tests that act on it out of band:
// edit a page as the portal editor would (EditPage), publish an API to a
// portal (Publish, Unpublish), verify a custom domain (VerifyDomain).
func (s *Server) Portal() *portal.Family { return s.portal }

type family int

const (
	famUnknown family = iota
	famControlPlanes
	famCore
	famRuntimeGroups
	famMounted // one of s.families
)

// mounted finds the family serving segs, and its Counts key.
func (s *Server) mounted(segs []string) (mockcore.Family, string) {
	for _, f := range s.families {
		if key, ok := f.Route(segs); ok {
			return f, key
		}
	}
	return nil, ""
}

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
		if slices.Contains(platformSubcollections, segs[3]) {
			return famControlPlanes, "/v2/control-planes/{id}" + corePattern(segs[3:])
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

// ServeHTTP serves the Konnect API subset described in the package documentation,
// plus the /_mock/ control endpoints.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	segs := splitPath(r.URL.EscapedPath())
	if len(segs) > 0 && segs[0] == "_mock" {
		s.serveMock(w, r, segs[1:])
		return
	}
	fam, key := route(segs)
	var mf mockcore.Family
	if fam == famUnknown {
		if mf, key = s.mounted(segs); mf != nil {
			fam = famMounted
		} else {
			key = "unmatched"
		}
	}
	s.count(r.Method + " " + key)
	// Every answer is dated by the mock's clock, as Konnect dates its own.
	w.Header().Set("Date", s.now().UTC().Format(http.TimeFormat))
	if !s.authorized(r) {
		if fam == famCore {
			coreJSON(http.StatusUnauthorized, map[string]any{"message": "Unauthorized", "status": 401}).Write(w)
		} else {
			s.problem(http.StatusUnauthorized, "A valid token is required", nil).Write(w)
		}
		return
	}
	var plan faultPlan
	if len(segs) > 0 && (segs[0] == "v2" || segs[0] == "v3") {
		plan = s.faults.plan() // decided on arrival, in arrival order
	}
	// Read the body before any delay: net/http notices a client that hung up
	// (and cancels the request context) only once the body has been consumed.
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		if fam == famCore {
			coreErr(http.StatusBadRequest, 3, "cannot read request body").Write(w)
		} else {
			s.problem(http.StatusBadRequest, "cannot read request body", nil).Write(w)
		}
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if !sleepCtx(r.Context(), plan.delay) {
		return // the client gave up
	}
	switch plan.kind {
	case faultRateLimit:
		s.count("fault 429")
		rateLimited(plan.retryAfter).Write(w)
		return
	case faultServerError:
		s.count("fault 5xx")
		s.serverError(fam, plan.code).Write(w)
		return
	case faultDropBefore:
		s.count("fault drop-before")
		dropConnection(w)
		return
	case faultSlow:
		s.count("fault slow")
		if !sleepCtx(r.Context(), plan.slow) {
			return // the client gave up before anything was applied
		}
	}
	var resp response
	switch fam {
	case famControlPlanes:
		resp = s.serveControlPlanes(r, segs[2:])
	case famCore:
		resp = s.serveCore(r, segs[2], segs[4:])
	case famRuntimeGroups:
		resp = s.serveRuntimeGroups(r)
	case famMounted:
		resp = mf.Serve(r, segs, body)
	default:
		resp = s.problem(http.StatusNotFound, "Not Found", nil)
	}
	if isWrite(r.Method) && resp.OK() {
		if err := s.save(); err != nil {
			resp = s.saveFailed(fam, err)
		}
	}
	if plan.kind == faultDropAfter {
		s.count("fault drop-after")
		dropConnection(w) // applied (and saved), but the client never hears of it
		return
	}
	resp.Write(w)
}

func isWrite(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// authorized accepts a token the mock issued (a system account token or personal
// access token of the identity API) while it is good, and refuses it once it has
// expired, been revoked or deleted, whatever Options.Tokens says. Any other token
// must be one of Options.Tokens or, when there are none, merely well-formed.
func (s *Server) authorized(r *http.Request) bool {
	token, ok := mockcore.BearerToken(r)
	if !ok {
		return false
	}
	for _, f := range s.families {
		if ti, isIssuer := f.(mockcore.TokenIssuer); isIssuer {
			if known, valid := ti.Authenticate(token); known {
				return valid
			}
		}
	}
	if len(s.tokens) > 0 {
		return s.tokens[token]
	}
	return mockcore.WellFormedToken(token)
}

func (s *Server) nextSeq() uint64 {
	s.seq++
	return s.seq
}

// response is computed while the lock is held (bodies are marshalled then) and written after.
type response = mockcore.Response

const (
	ctJSON    = mockcore.CTJSON
	ctProblem = mockcore.CTProblem
)

func marshal(v any) []byte { return mockcore.Marshal(v) }

func coreJSON(status int, v any) response { return mockcore.JSON(status, v) }

func noContent() response { return mockcore.NoContent() }

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
	return r.With("ETag", tag)
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

func isUUID(s string) bool { return mockcore.IsUUID(s) }

func normalizeUUID(s string) string { return mockcore.NormalizeUUID(s) }

func newUUID() string { return mockcore.NewUUID() }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// traceID looks like Konnect's problem "instance" values.
func (s *Server) traceID() string { return s.trace.Next() }
