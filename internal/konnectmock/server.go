package konnectmock

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/catalog"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/consumers"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/kongidentity"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mesh"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/organization"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/portal"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/servicecatalog"
)

// Options configure a mock server.
type Options struct {
	// Tokens are the accepted bearer tokens. Empty means every well-formed token
	// (a "kpat_" or "spat_" prefix followed by something) is accepted. Tokens the
	// identity API issued are accepted besides, until they expire or are revoked
	// or deleted, and refused from then on.
	Tokens []string
	// ETags turns on the gateway family's ETag/If-Match extension. Real Konnect
	// has none, so it is off by default.
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
	// CloudGateways configures the Dedicated Cloud Gateways family (/v2/cloud-gateways):
	// how long provisioning takes on the mock's clock.
	CloudGateways cloudgateway.Options
}

// Server is an in-memory Konnect. It implements http.Handler and is safe for concurrent use.
type Server struct {
	opts   Options
	now    func() time.Time
	tokens map[string]bool

	mu      sync.Mutex // guards every family's state
	saveGen uint64     // snapshots taken for the state file; guarded by mu

	saveMu   sync.Mutex // serialises state-file writes
	savedGen uint64     // the newest snapshot on disk; guarded by saveMu

	countMu sync.Mutex
	counts  map[string]int

	faults *faultInjector

	// families are the API families (package mockcore's Family), in the order
	// they are asked for a path: they share the clock, the trace ids, mu and
	// the state file.
	families []mockcore.Family
	gateway  *gateway.Family
	access   *access.Family
	portal   *portal.Family
	catalog  *catalog.Family
	org      *organization.Family
	cloudgw  *cloudgateway.Family
	consumer *consumers.Family
	identity *kongidentity.Family
	svcCat   *servicecatalog.Family
	mesh     *mesh.Family

	trace *mockcore.Tracer
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
	faults, err := opts.Faults.normalized()
	if err != nil {
		return nil, fmt.Errorf("konnectmock: faults: %w", err)
	}
	s := &Server{
		opts:   opts,
		now:    opts.Now,
		tokens: map[string]bool{},
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
	s.gateway = gateway.New(env, gateway.Options{ETags: opts.ETags})
	s.access = access.New(env, opts.Access)
	s.portal = portal.New(env)
	s.catalog = catalog.New(env, catalogPortals{s.portal}, s.gateway)
	// The organization family serves the audit logs API and CMEKs; a portal's audit
	// log webhook points at one of its destinations, and a destination a portal's
	// webhook uses cannot be deleted.
	s.org = organization.New(env, s.portal)
	s.portal.SetDestinations(s.org)
	// The gateway family serves /v2/control-planes… and the legacy
	// runtime_groups listing; the catalog family /v3/apis…, /v3/api-publications,
	// /v3/api-implementations and /v3/portals/{portalId}/api-publications, so it
	// goes before the portal family, which serves /v2/application-auth-strategies…,
	// /v2/dcr-providers…, the rest of /v3/portals… and /v3/portal-roles; both go
	// before the access family, which takes every other /v3/ path, and so does the
	// organization family (/v2 and /v3 audit-log-…, /v1/cmeks).
	s.cloudgw = cloudgateway.New(env, opts.CloudGateways)
	// A control plane's managed cache reaches its plugins through a partial in it.
	s.cloudgw.SetManagedCaches(s.gateway)
	// The cloud gateways family serves /v2/cloud-gateways… only.
	// The centralized consumers family serves /v1/realms… only.
	s.consumer = consumers.New(env)
	// The Kong Identity family serves /v1/auth-servers… only.
	s.identity = kongidentity.New(env)
	// The service catalog family serves /v1/catalog-services…, /v1/integrations and
	// /v1/integration-instances….
	s.svcCat = servicecatalog.New(env)
	// The mesh family serves /v1/mesh/control-planes….
	s.mesh = mesh.New(env)
	s.families = []mockcore.Family{s.gateway, s.catalog, s.portal, s.org, s.access, s.cloudgw, s.consumer, s.identity, s.svcCat, s.mesh}
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

// Catalog is the API catalog family (APIs, their versions, documents,
// publications and implementations), for tests that look at it out of band.
func (s *Server) Catalog() *catalog.Family { return s.catalog }

// catalogPortals answers the catalog family's questions about portals from the
// portal family; the families do not import each other. Env.Lock is held.
type catalogPortals struct{ p *portal.Family }

func (a catalogPortals) Portal(id string) (catalog.PortalInfo, bool) {
	name, display, strategy, ok := a.p.PortalHeld(id)
	return catalog.PortalInfo{Name: name, DisplayName: display, DefaultStrategyID: strategy}, ok
}

func (a catalogPortals) Publish(portalID, apiID, strategyID string) error {
	return a.p.PublishHeld(portalID, apiID, strategyID)
}

// Unpublish ignores a record the portal does not have (one removed out of band).
func (a catalogPortals) Unpublish(portalID, apiID string) { _ = a.p.UnpublishHeld(portalID, apiID) }

// ServiceCatalog is the Service Catalog family, for tests that look at what no answer
// shows (an auth config's client secret, a credential's keys).
func (s *Server) ServiceCatalog() *servicecatalog.Family { return s.svcCat }

// Mesh is the Mesh Manager family, for tests that connect zones to a mesh control plane.
func (s *Server) Mesh() *mesh.Family { return s.mesh }

// Organization is the family of the audit logs API and CMEKs, for tests that look
// at it out of band.
func (s *Server) Organization() *organization.Family { return s.org }

// CloudGateways is the Dedicated Cloud Gateways family, for tests that make a provisioning
// fail (FailNextProvisioning) or look at a network's state.
func (s *Server) CloudGateways() *cloudgateway.Family { return s.cloudgw }

// Consumers is the centralized consumers family (realms, their consumers and keys), for
// tests that read what Konnect holds of a key (Secret).
func (s *Server) Consumers() *consumers.Family { return s.consumer }

// KongIdentity is the Kong Identity family (auth servers), for tests.
func (s *Server) KongIdentity() *kongidentity.Family { return s.identity }

// Gateway is the gateway family (control planes and core entities), for tests
// that look at it out of band.
func (s *Server) Gateway() *gateway.Family { return s.gateway }

// mounted finds the family serving segs, and its Counts key.
func (s *Server) mounted(segs []string) (mockcore.Family, string) {
	for _, f := range s.families {
		if key, ok := f.Route(segs); ok {
			return f, key
		}
	}
	return nil, ""
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
	mf, key := s.mounted(segs)
	if mf == nil {
		key = "unmatched"
	}
	s.count(r.Method + " " + key)
	// Every answer is dated by the mock's clock, as Konnect dates its own.
	w.Header().Set("Date", s.now().UTC().Format(http.TimeFormat))
	if !s.authorized(r) {
		s.failure(mf, segs, http.StatusUnauthorized, "A valid token is required").Write(w)
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
		s.failure(mf, segs, http.StatusBadRequest, "cannot read request body").Write(w)
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
		s.serverError(mf, segs, plan.code).Write(w)
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
	if mf != nil {
		resp = mf.Serve(r, segs, body)
	} else {
		resp = s.problem(http.StatusNotFound, "Not Found")
	}
	if isWrite(r.Method) && resp.OK() {
		if err := s.save(); err != nil {
			resp = s.saveFailed(mf, segs, err)
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

// maxBody is the most of a request body the mock reads.
const maxBody = 8 << 20

// response is computed while the lock is held (bodies are marshalled then) and written after.
type response = mockcore.Response

const ctJSON = mockcore.CTJSON

func marshal(v any) []byte { return mockcore.Marshal(v) }

func coreJSON(status int, v any) response { return mockcore.JSON(status, v) }

func noContent() response { return mockcore.NoContent() }

// problem is the problem+json answer with a fresh trace id.
func (s *Server) problem(status int, detail string) response {
	return mockcore.NewProblem(s.trace.Next(), status, detail, nil)
}

// failure is an error the assembler answers for a request to family mf (nil
// when no family has the path): in the family's style (mockcore.ErrorStyler)
// where it has one, problem+json otherwise.
func (s *Server) failure(mf mockcore.Family, segs []string, status int, detail string) response {
	if es, ok := mf.(mockcore.ErrorStyler); ok {
		if resp, styled := es.Error(segs, status, detail); styled {
			return resp
		}
	}
	return s.problem(status, detail)
}
