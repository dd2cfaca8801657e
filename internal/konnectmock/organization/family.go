package organization

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Users is what the family asks the portal family, which it does not import:
// the portals whose audit log webhook uses a destination. It is called with
// Env.Lock held and must not take it.
type Users interface {
	PortalsUsingDestination(id string) []string
}

// Family serves the organization's audit log settings and its CMEKs.
type Family struct {
	env   mockcore.Env
	st    *state
	users Users
}

var _ mockcore.Family = (*Family)(nil)

// New returns the family of a new organisation: no destination, the webhook
// disabled, no CMEK. users answers which portals use a destination (nil: none).
func New(env mockcore.Env, users Users) *Family {
	return &Family{env: env.Complete(), st: newState(), users: users}
}

// Name is the family's key in the state document.
func (f *Family) Name() string { return "organization" }

type state struct {
	Destinations []*destination `json:"audit_log_destinations"`
	Webhook      webhook        `json:"audit_log_webhook"`
	CMEKs        []*cmek        `json:"cmeks"`
}

func newState() *state { return &state{Destinations: []*destination{}, CMEKs: []*cmek{}} }

type destination struct {
	ID                  string    `json:"id"`
	Name                string    `json:"name"`
	Endpoint            string    `json:"endpoint"`
	Authorization       string    `json:"authorization"` // never answered
	LogFormat           string    `json:"log_format"`
	SkipSSLVerification bool      `json:"skip_ssl_verification"`
	CreatedAt           time.Time `json:"created_at"`
	UpdatedAt           time.Time `json:"updated_at"`
}

type webhook struct {
	Enabled       bool    `json:"enabled"`
	DestinationID *string `json:"audit_log_destination_id,omitempty"`
}

type cmek struct {
	ID          string    `json:"id"`
	KeyARN      string    `json:"key_arn"`
	Name        string    `json:"name"`
	Description *string   `json:"description,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Snapshot renders the family's state for the state document; the lock is held.
func (f *Family) Snapshot() json.RawMessage { return json.RawMessage(mockcore.Marshal(f.st)) }

// Reset returns to a new organisation.
func (f *Family) Reset() { f.st = newState() }

// Restore replaces the state with a snapshot, refusing one that is incomplete or
// inconsistent (a destination id that is not a unique lower-case UUID, a webhook
// pointing at no destination, a CMEK id Konnect does not list).
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("organization: %w", err)
	}
	if st.Destinations == nil || st.CMEKs == nil {
		return fmt.Errorf("organization: audit_log_destinations and cmeks are required")
	}
	seen := map[string]bool{}
	for i, d := range st.Destinations {
		if !mockcore.IsUUID(d.ID) || mockcore.NormalizeUUID(d.ID) != d.ID || seen[d.ID] || !slices.Contains(logFormats, d.LogFormat) {
			return fmt.Errorf("organization: audit_log_destinations[%d]: not a unique lower-case UUID, or an unknown log_format", i)
		}
		seen[d.ID] = true
	}
	if w := st.Webhook; w.DestinationID != nil && !seen[*w.DestinationID] {
		return fmt.Errorf("organization: audit_log_webhook: destination %s does not exist", *w.DestinationID)
	}
	for i, c := range st.CMEKs {
		if !slices.Contains(cmekIDs, c.ID) {
			return fmt.Errorf("organization: cmeks[%d]: id %q is not one of %v", i, c.ID, cmekIDs)
		}
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}

// DestinationExists reports whether the organization has the audit log
// destination (the portal family's webhook asks); Env.Lock is held.
func (f *Family) DestinationExists(id string) bool { return f.st.destination(id) != nil }

func (s *state) destination(id string) *destination {
	for _, d := range s.Destinations {
		if d.ID == strings.ToLower(id) {
			return d
		}
	}
	return nil
}

type handler func(c *call) mockcore.Response

var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	for _, v := range []string{"v2", "v3"} {
		add(v+"/audit-log-destinations", map[string]handler{"GET": listDestinations, "POST": createDestination})
		add(v+"/audit-log-destinations/{auditLogDestinationId}", map[string]handler{"GET": getDestination, "PATCH": patchDestination, "DELETE": deleteDestination})
	}
	add("v3/audit-log-webhook", map[string]handler{"GET": getWebhook, "PATCH": patchWebhook, "DELETE": deleteWebhook})
	add("v3/audit-log-webhook/status", map[string]handler{"GET": getWebhookStatus})
	add("v1/cmeks", map[string]handler{"GET": listCMEKs})
	add("v1/cmeks/{cmekId}", map[string]handler{"GET": getCMEK, "PUT": putCMEK, "DELETE": deleteCMEK})
}

// owns reports the family's paths: /v2 and /v3 audit-log-destinations…,
// /v3/audit-log-webhook… and /v1/cmeks….
func owns(segs []string) bool {
	if len(segs) < 2 {
		return false
	}
	switch segs[0] + "/" + segs[1] {
	case "v2/audit-log-destinations", "v3/audit-log-destinations", "v3/audit-log-webhook", "v1/cmeks":
		return true
	}
	return false
}

// Route reports whether segs is the family's, and its Counts key. The
// assembler asks this family before the access family, which takes every
// other /v3/ path.
func (f *Family) Route(segs []string) (string, bool) {
	if !owns(segs) {
		return "", false
	}
	if rt, _ := routes.Match(segs); rt != nil {
		return rt.Path("/"), true
	}
	return "/" + segs[0] + "/unmatched", true
}

type call struct {
	f      *Family
	r      *http.Request
	params map[string]string
	raw    []byte
}

// Serve answers one request for a path of the family whose body has been read.
func (f *Family) Serve(r *http.Request, segs []string, body []byte) mockcore.Response {
	rt, params := routes.Match(segs)
	if rt == nil {
		return f.env.Problem(http.StatusNotFound, "Not Found")
	}
	h := rt.Methods[r.Method]
	if h == nil {
		return f.env.NotAllowed(slices.Collect(maps.Keys(rt.Methods)))
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	return h(&call{f: f, r: r, params: params, raw: body})
}

// ServeHTTP serves the family on its own, for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

func (f *Family) now() time.Time { return mockcore.Millis(f.env.Now()) }

// --- problems, as the audit logs and CMEK specs' examples word them

func (c *call) notFound() mockcore.Response { return c.f.env.Problem(http.StatusNotFound, "Not Found") }

func (c *call) badRequest(detail string, params ...mockcore.InvalidParam) mockcore.Response {
	return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusBadRequest, "Bad Request", detail, params)
}

// body decodes the request body: one that is not a JSON object is the spec's
// "Could not parse request body".
func (c *call) body() (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		resp := c.badRequest("Could not parse request body", mockcore.InvalidParam{Field: "body", Reason: "request format is invalid"})
		return nil, &resp
	}
	return b, nil
}

// invalid answers the problems a Body collected, if any: missing fields first
// ("Required field missing", "cannot be blank"), as the spec's examples do.
func (c *call) invalid(b *mockcore.Body) *mockcore.Response {
	if len(b.Bad) == 0 {
		return nil
	}
	var missing []mockcore.InvalidParam
	for _, p := range b.Bad {
		if p.Rule == "required" {
			missing = append(missing, mockcore.InvalidParam{Field: p.Field, Rule: "required", Reason: "cannot be blank"})
		}
	}
	resp := c.badRequest("Invalid Parameters", b.Bad...)
	if len(missing) > 0 {
		resp = c.badRequest("Required field missing", missing...)
	}
	return &resp
}

// Authorization is what the destination's Authorization header is (no answer of the API
// shows it), for tests that check what Konnect received; ok is false when there is no
// such destination.
func (f *Family) Authorization(id string) (auth string, ok bool) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if d := f.st.destination(id); d != nil {
		return d.Authorization, true
	}
	return "", false
}
