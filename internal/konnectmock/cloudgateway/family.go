package cloudgateway

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Options configure the family.
type Options struct {
	// ProvisioningTime is how long, on the mock's clock, an object stays in each
	// transitional state (initializing, terminating, terminated). Zero: it moves on at the
	// next request.
	ProvisioningTime time.Duration
}

// Family serves /v2/cloud-gateways/….
type Family struct {
	env  mockcore.Env
	opts Options
	st   *state
	skew time.Duration // Advance's: added to the clock
	// refusedNotReady counts the creates refused because their network was not ready.
	refusedNotReady int
	caches          ManagedCaches // nil: no control plane's plugins link a cache
}

// ManagedCaches are the control planes a managed cache add-on serves (the gateway family):
// Konnect makes a Redis partial for the cache in the control plane that owns it once the
// cache is ready, its id the add-on's cache_config_id, and refuses to delete the add-on while
// a plugin links it. The family calls them with Env.Lock held.
type ManagedCaches interface {
	ManagedCachePartial(controlPlaneID, partialID string)
	PluginsLinking(controlPlaneID, partialID string) int
	DropManagedCachePartial(controlPlaneID, partialID string)
}

// SetManagedCaches links the family's managed caches to the control planes that own them.
func (f *Family) SetManagedCaches(c ManagedCaches) { f.caches = c }

var _ mockcore.Family = (*Family)(nil)

// New returns the family of a new organisation: its provider accounts, no networks and
// no configurations.
func New(env mockcore.Env, opts Options) *Family {
	f := &Family{env: env.Complete(), opts: opts}
	f.st = f.newState()
	return f
}

// Name is the family's key in the state document.
func (f *Family) Name() string { return "cloud_gateways" }

type handler func(c *call) mockcore.Response

var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	add("v2/cloud-gateways/availability.json", map[string]handler{"GET": getAvailability})
	add("v2/cloud-gateways/provider-accounts", map[string]handler{"GET": listProviderAccounts})
	add("v2/cloud-gateways/provider-accounts/{providerAccountId}", map[string]handler{"GET": getProviderAccount})
	add("v2/cloud-gateways/networks", map[string]handler{"GET": listNetworks, "POST": createNetwork})
	add("v2/cloud-gateways/networks/{networkId}", map[string]handler{"GET": getNetwork, "PATCH": patchNetwork, "DELETE": deleteNetwork})
	add("v2/cloud-gateways/networks/{networkId}/configuration-references", map[string]handler{"GET": listNetworkReferences})
	add("v2/cloud-gateways/configurations", map[string]handler{"GET": listConfigurations, "PUT": putConfiguration})
	add("v2/cloud-gateways/configurations/{configurationId}", map[string]handler{"GET": getConfiguration})
	transitGateways.routes(add) // attachments.go
	privateDNS.routes(add)
}

// Route reports the family's paths: /v2/cloud-gateways/….
func (f *Family) Route(segs []string) (string, bool) {
	if len(segs) < 2 || !servedAPI(segs[0]+"/"+segs[1]) {
		return "", false
	}
	if rt, _ := routes.Match(segs); rt != nil {
		return rt.Path("/"), true
	}
	return "/v2/cloud-gateways/unmatched", true
}

type call struct {
	f      *Family
	r      *http.Request
	q      url.Values
	params map[string]string
	raw    []byte
}

// Serve answers one request for a path of the family.
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
	f.advance()
	return h(&call{f: f, r: r, q: r.URL.Query(), params: params, raw: body})
}

// ServeHTTP serves the family on its own, for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

func (f *Family) now() time.Time { return mockcore.Millis(f.env.Now().Add(f.skew)) }

func (c *call) problem(status int, detail string, params ...mockcore.InvalidParam) mockcore.Response {
	return c.f.env.Problem(status, detail, params...)
}

func (c *call) notFound(what string) mockcore.Response {
	return c.problem(http.StatusNotFound, what+" not found")
}

// page reads page[size] and page[number] (default 10, at most 100: the spec's PageSize).
func (c *call) page() (mockcore.Page, *mockcore.Response) {
	p, bad := mockcore.ParsePage(c.q, 10, 100)
	if len(bad) > 0 {
		r := c.problem(http.StatusBadRequest, "Invalid parameters", bad...)
		return p, &r
	}
	return p, nil
}

// filters reads filter[…] against spec.
func (c *call) filters(spec mockcore.FilterSpec) ([]mockcore.Filter, *mockcore.Response) {
	fs, bad := mockcore.ParseFilters(c.q, spec)
	if len(bad) > 0 {
		r := c.problem(http.StatusBadRequest, "Invalid parameters", bad...)
		return nil, &r
	}
	return fs, nil
}

func raw(v any) json.RawMessage { return json.RawMessage(mockcore.Marshal(v)) }
