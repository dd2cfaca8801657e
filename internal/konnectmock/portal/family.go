package portal

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Family serves Konnect's Dev Portal management API (v3) and the application
// auth strategies API (v2) over one organisation's portals and strategies.
type Family struct {
	env mockcore.Env
	st  *state
	// destinations answers whether an audit log destination exists (the
	// organization family's, wired by the assembler with SetDestinations): nil,
	// none does.
	destinations Destinations
}

// Destinations is what the family asks of the audit logs API, which it does not
// serve: whether the organization has an audit log destination. It is called
// with Env.Lock held and must not take it.
type Destinations interface {
	DestinationExists(id string) bool
}

// SetDestinations wires the audit log destinations a portal's webhook may point
// at (the assembler: the organization family, built after this one).
func (f *Family) SetDestinations(d Destinations) { f.destinations = d }

// PortalsUsingDestination lists the portals whose audit log webhook points at
// the destination; Env.Lock is held.
func (f *Family) PortalsUsingDestination(id string) []string {
	var out []string
	for _, p := range f.st.Portals {
		if d := p.Webhook.DestinationID; d != nil && strings.EqualFold(*d, id) {
			out = append(out, p.ID)
		}
	}
	return out
}

var (
	_ mockcore.Family     = (*Family)(nil)
	_ mockcore.Controller = (*Family)(nil)
)

// New returns the family of a new organisation: no portals, no application
// auth strategies. Env fields left out get defaults (own clock, lock, tracer).
func New(env mockcore.Env) *Family {
	return &Family{env: env.Complete(), st: newState()}
}

// Name is the family's key in the state document.
func (f *Family) Name() string { return "portal" }

// handler answers one request; the lock is held.
type handler func(c *call) mockcore.Response

// routes are matched against the whole path, in order.
var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	add("v3/portals", map[string]handler{"GET": listPortals, "POST": createPortal})
	add("v3/portals/{portalId}", map[string]handler{"GET": getPortal, "PATCH": patchPortal, "DELETE": deletePortal})
	add("v3/portals/{portalId}/custom-domain", map[string]handler{"GET": getDomain, "POST": createDomain, "PATCH": patchDomain, "DELETE": deleteDomain})
	add("v3/portals/{portalId}/authentication-settings", map[string]handler{"GET": getAuthSettings, "PATCH": patchAuthSettings})
	add("v3/portals/{portalId}/customization", map[string]handler{"GET": getCustomization, "PUT": putCustomization, "PATCH": patchCustomization})
	add("v3/portals/{portalId}/assets/logo", map[string]handler{"GET": getAsset(logo), "PUT": putAsset(logo)})
	add("v3/portals/{portalId}/assets/logo/raw", map[string]handler{"GET": getRawAsset(logo)})
	add("v3/portals/{portalId}/assets/favicon", map[string]handler{"GET": getAsset(favicon), "PUT": putAsset(favicon)})
	add("v3/portals/{portalId}/assets/favicon/raw", map[string]handler{"GET": getRawAsset(favicon)})
	add("v3/portals/{portalId}/audit-log-webhook", map[string]handler{"GET": getWebhook, "PATCH": patchWebhook, "DELETE": deleteWebhook})
	add("v3/portals/{portalId}/audit-log-webhook/status", map[string]handler{"GET": getWebhookStatus})
	add("v3/portals/{portalId}/ip-allow-list", map[string]handler{"GET": listAllowList, "POST": createAllowList})
	add("v3/portals/{portalId}/ip-allow-list/{id}", map[string]handler{"GET": getAllowList, "PUT": putAllowList, "PATCH": patchAllowList, "DELETE": deleteAllowList})

	add("v3/portals/{portalId}/pages", map[string]handler{"GET": listPages, "POST": createPage})
	add("v3/portals/{portalId}/pages/{pageId}", map[string]handler{"GET": getPage, "PATCH": patchPage, "DELETE": deletePage})
	add("v3/portals/{portalId}/pages/{pageId}/move", map[string]handler{"POST": movePage})
	add("v3/portals/{portalId}/snippets", map[string]handler{"GET": listSnippets, "POST": createSnippet})
	add("v3/portals/{portalId}/snippets/{snippetId}", map[string]handler{"GET": getSnippet, "PATCH": patchSnippet, "DELETE": deleteSnippet})
	add("v3/portals/{portalId}/default-content", map[string]handler{"POST": createDefaultContent})

	add("v3/portals/{portalId}/teams", map[string]handler{"GET": listTeams, "POST": createTeam})
	add("v3/portals/{portalId}/teams/{teamId}", map[string]handler{"GET": getTeam, "PATCH": patchTeam, "DELETE": deleteTeam})
	add("v3/portals/{portalId}/teams/{teamId}/developers", map[string]handler{"GET": listTeamDevelopers, "POST": addTeamDeveloper})
	add("v3/portals/{portalId}/teams/{teamId}/developers/{developerId}", map[string]handler{"DELETE": removeTeamDeveloper})
	add("v3/portals/{portalId}/teams/{teamId}/assigned-roles", map[string]handler{"GET": listTeamRoles, "POST": assignTeamRole})
	add("v3/portals/{portalId}/teams/{teamId}/assigned-roles/{roleId}", map[string]handler{"DELETE": removeTeamRole})
	add("v3/portals/{portalId}/developers", map[string]handler{"GET": listDevelopers, "POST": createDeveloper})
	add("v3/portals/{portalId}/developers/{developerId}", map[string]handler{"GET": getDeveloper, "PATCH": patchDeveloper, "DELETE": deleteDeveloper})
	add("v3/portals/{portalId}/developers/{developerId}/teams", map[string]handler{"GET": listDeveloperTeams})
	add("v3/portal-roles", map[string]handler{"GET": listPortalRoles})

	add("v2/application-auth-strategies", map[string]handler{"GET": listStrategies, "POST": createStrategy})
	add("v2/application-auth-strategies/{authStrategyId}", map[string]handler{"GET": getStrategy, "PUT": putStrategy, "PATCH": patchStrategy, "DELETE": deleteStrategy})
	add("v2/dcr-providers", map[string]handler{"GET": listDCRProviders, "POST": createDCRProvider})
	add("v2/dcr-providers/{dcrProviderId}", map[string]handler{"GET": getDCRProvider, "PATCH": patchDCRProvider, "DELETE": deleteDCRProvider})
}

// owns reports the paths of the family: /v3/portals…, /v3/portal-roles,
// /v2/application-auth-strategies… and /v2/dcr-providers….
func owns(segs []string) bool {
	if len(segs) < 2 {
		return false
	}
	switch segs[0] {
	case "v3":
		return segs[1] == "portals" || segs[1] == "portal-roles"
	case "v2":
		return segs[1] == "application-auth-strategies" || segs[1] == "dcr-providers"
	}
	return false
}

// Route reports whether segs (the whole path, the version first) is the
// family's, and its Counts key. The assembler must ask this family before the
// access family, which takes every other /v3/ path.
func (f *Family) Route(segs []string) (string, bool) {
	if !owns(segs) {
		return "", false
	}
	if rt, _ := routes.Match(segs); rt != nil {
		return rt.Path("/"), true
	}
	return "/" + segs[0] + "/unmatched", true
}

// call is one request being answered, with the family's lock held.
type call struct {
	f      *Family
	r      *http.Request
	q      url.Values
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
	return h(&call{f: f, r: r, q: r.URL.Query(), params: params, raw: body})
}

// ServeHTTP serves the family on its own (no authentication, faults or state
// file: those are the assembler's), for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

// now is the family's clock at millisecond precision, as Konnect stores times.
func (f *Family) now() time.Time { return mockcore.Millis(f.env.Now()) }

// raw renders a snapshot-ready JSON value.
func raw(v any) json.RawMessage { return json.RawMessage(mockcore.Marshal(v)) }

func (c *call) json(status int, v any) mockcore.Response { return mockcore.JSON(status, v) }
