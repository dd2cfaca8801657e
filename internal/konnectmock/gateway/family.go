package gateway

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Options configure the gateway family of a mock organisation.
type Options struct {
	// ETags turns on the ETag/If-Match extension. Real Konnect has none, so it is off by default.
	ETags bool
}

// Family serves Konnect's control-plane API (/v2/control-planes…), the gateway
// core-entities API (/v2/control-planes/{cp}/core-entities/…) and the legacy
// runtime_groups listing over one organisation's control planes.
type Family struct {
	env  mockcore.Env
	opts Options

	// guarded by env.Lock
	seq    uint64 // the family's counter: entity order and revisions
	cps    map[string]*controlPlane
	cpList []*controlPlane // creation order

	// scanned counts the entities listings have looked at, so a test can hold a page's
	// cost to the page rather than the collection.
	scanned atomic.Int64
}

var (
	_ mockcore.Family        = (*Family)(nil)
	_ mockcore.ErrorStyler   = (*Family)(nil)
	_ mockcore.TopLevelState = (*Family)(nil)
)

// New returns the family of a new organisation: no control planes. Env fields
// left out get defaults (own clock, lock, tracer).
func New(env mockcore.Env, opts Options) *Family {
	sealKinds()
	return &Family{env: env.Complete(), opts: opts, cps: map[string]*controlPlane{}}
}

// Name names the family; its state sits at the top of the state document (StateKeys).
func (f *Family) Name() string { return "gateway" }

// Reset returns to the state of a new organisation; the lock is held. The
// counter goes on, so revisions (and ETags) are never reused.
func (f *Family) Reset() {
	f.cps = map[string]*controlPlane{}
	f.cpList = nil
}

// Route reports whether segs (the whole path) is the family's, and its Counts
// key: "/v2/control-planes/{id}", "PUT core-entities/services/{id}",
// "/konnect-api/api/runtime_groups".
func (f *Family) Route(segs []string) (string, bool) {
	switch {
	case len(segs) >= 2 && segs[0] == "v2" && segs[1] == "control-planes":
		if len(segs) == 2 {
			return "/v2/control-planes", true
		}
		if len(segs) == 3 {
			return "/v2/control-planes/{id}", true
		}
		if segs[3] == "core-entities" {
			return "core-entities" + corePattern(segs[4:]), true
		}
		if slices.Contains(platformSubcollections, segs[3]) {
			return "/v2/control-planes/{id}" + corePattern(segs[3:]), true
		}
	case isRuntimeGroups(segs):
		return "/konnect-api/api/runtime_groups", true
	}
	return "", false
}

func isRuntimeGroups(segs []string) bool {
	return len(segs) == 3 && segs[0] == "konnect-api" && segs[1] == "api" && segs[2] == "runtime_groups"
}

// isCore reports a path of the core-entities API, which answers Kong-style errors.
func isCore(segs []string) bool {
	return len(segs) >= 4 && segs[0] == "v2" && segs[1] == "control-planes" && segs[3] == "core-entities"
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

// Serve answers one request for a path Route accepted, whose body has been read.
func (f *Family) Serve(r *http.Request, segs []string, body []byte) mockcore.Response {
	switch {
	case isRuntimeGroups(segs):
		return f.serveRuntimeGroups(r)
	case isCore(segs):
		return f.serveCore(r, segs[2], segs[4:], body)
	}
	return f.serveControlPlanes(r, segs[2:], body)
}

// Error answers the errors the assembler renders on the family's paths: the
// core-entities API's are Kong-style JSON, the platform API's problem+json.
func (f *Family) Error(segs []string, status int, detail string) (mockcore.Response, bool) {
	if !isCore(segs) {
		return mockcore.Response{}, false
	}
	switch status {
	case http.StatusUnauthorized:
		return coreJSON(status, map[string]any{"message": "Unauthorized", "status": status}), true
	case http.StatusBadRequest:
		return coreErr(status, 3, detail), true
	}
	return coreJSON(status, map[string]any{"message": detail}), true
}

// ServeHTTP serves the family on its own (no authentication, faults or state
// file: those are the assembler's), for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

func (f *Family) now() time.Time { return f.env.Now() }

func (f *Family) nextSeq() uint64 {
	f.seq++
	return f.seq
}

// response is computed while the lock is held (bodies are marshalled then) and written after.
type response = mockcore.Response

const ctJSON = mockcore.CTJSON

func marshal(v any) []byte { return mockcore.Marshal(v) }

func coreJSON(status int, v any) response { return mockcore.JSON(status, v) }

func noContent() response { return mockcore.NoContent() }

// etag is strong, quoted and unique per write of an object.
func etag(id string, rev uint64) string {
	sum := sha256.Sum256([]byte(id + ":" + strconv.FormatUint(rev, 10)))
	return `"` + hex.EncodeToString(sum[:10]) + `"`
}

// withETag adds the ETag header when the extension is on.
func (f *Family) withETag(r response, tag string) response {
	if !f.opts.ETags || tag == "" {
		return r
	}
	return r.With("ETag", tag)
}

// preconditionFailed evaluates If-Match / If-None-Match against the current ETag
// ("" when the object does not exist). Without the extension it never fails.
func (f *Family) preconditionFailed(r *http.Request, current string) (bool, string) {
	if !f.opts.ETags {
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
func (f *Family) traceID() string { return f.env.Trace.Next() }

// ControlPlaneExists reports whether the control plane exists (id as a UUID), for
// the API catalog's implementations by a whole control plane. The caller holds
// Env.Lock.
func (f *Family) ControlPlaneExists(controlPlaneID string) bool {
	return f.cps[strings.ToLower(controlPlaneID)] != nil
}

// ServiceExists reports whether the control plane has the gateway service (ids
// as UUIDs), for the API catalog's implementations through the assembler. The
// caller holds Env.Lock.
func (f *Family) ServiceExists(controlPlaneID, serviceID string) bool {
	cp := f.cps[strings.ToLower(controlPlaneID)]
	return cp != nil && cp.core != nil && cp.core.byID("services", strings.ToLower(serviceID)) != nil
}
