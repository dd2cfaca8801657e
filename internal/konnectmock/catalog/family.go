package catalog

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Portals is what the family needs of the Dev Portal family, which it does not
// import: the assembler wires an adapter. Every method is called with Env.Lock
// held and must not take it.
type Portals interface {
	// Portal reports a portal: its name, display name and default
	// application auth strategy ("" for none).
	Portal(id string) (PortalInfo, bool)
	// Publish records that apiID is published to the portal with an
	// application auth strategy or none (""); an error means the strategy
	// does not exist.
	Publish(portalID, apiID, strategyID string) error
	// Unpublish removes that record.
	Unpublish(portalID, apiID string)
}

// PortalInfo is what the family shows or uses of a portal.
type PortalInfo struct {
	Name, DisplayName, DefaultStrategyID string
}

// Services is what the family needs of the gateway family: whether a control
// plane exists, and whether it has a gateway service. It is called with
// Env.Lock held.
type Services interface {
	ControlPlaneExists(controlPlaneID string) bool
	ServiceExists(controlPlaneID, serviceID string) bool
}

// Family serves Konnect's API catalog (the API builder API, v3): APIs, their
// versions, documents, publications to portals and implementations.
type Family struct {
	env      mockcore.Env
	st       *state
	portals  Portals
	services Services
}

var _ mockcore.Family = (*Family)(nil)

// New returns the family of a new organisation: no APIs. portals and services
// answer the cross-family questions; nil means no portal and no service exists.
func New(env mockcore.Env, portals Portals, services Services) *Family {
	return &Family{env: env.Complete(), st: newState(), portals: portals, services: services}
}

// Name is the family's key in the state document.
func (f *Family) Name() string { return "catalog" }

type handler func(c *call) mockcore.Response

var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	add("v3/apis", map[string]handler{"GET": listAPIs, "POST": createAPI})
	add("v3/apis/validate-specification", map[string]handler{"POST": validateSpecification})
	add("v3/apis/{apiId}", map[string]handler{"GET": getAPI, "PATCH": patchAPI, "DELETE": deleteAPI})
	add("v3/apis/{apiId}/versions", map[string]handler{"GET": listVersions, "POST": createVersion})
	add("v3/apis/{apiId}/versions/{versionId}", map[string]handler{"GET": getVersion, "PATCH": patchVersion, "DELETE": deleteVersion})
	add("v3/apis/{apiId}/specifications", map[string]handler{"GET": listSpecifications, "POST": createSpecification})
	add("v3/apis/{apiId}/specifications/{specId}", map[string]handler{"GET": getSpecification, "PATCH": patchSpecification, "DELETE": deleteSpecification})
	add("v3/apis/{apiId}/documents", map[string]handler{"GET": listDocuments, "POST": createDocument})
	add("v3/apis/{apiId}/documents/{documentId}", map[string]handler{"GET": getDocument, "PATCH": patchDocument, "DELETE": deleteDocument})
	add("v3/apis/{apiId}/documents/{documentId}/move", map[string]handler{"POST": moveDocument})
	add("v3/apis/{apiId}/publications/{portalId}", map[string]handler{"GET": getPublication, "PUT": putPublication, "DELETE": deletePublication})
	add("v3/api-publications", map[string]handler{"GET": listPublications})
	add("v3/portals/{portalId}/api-publications", map[string]handler{"GET": listPortalPublications})
	add("v3/apis/{apiId}/implementations", map[string]handler{"GET": listAPIImplementations, "POST": createImplementation})
	add("v3/apis/{apiId}/implementations/{implementationId}", map[string]handler{"GET": getImplementation, "DELETE": deleteImplementation})
	add("v3/api-implementations", map[string]handler{"GET": listImplementations})
}

// owns reports the family's paths: /v3/apis…, /v3/api-publications,
// /v3/api-implementations and, of the portal family's /v3/portals…, only
// /v3/portals/{portalId}/api-publications.
func owns(segs []string) bool {
	if len(segs) < 2 || segs[0] != "v3" {
		return false
	}
	switch segs[1] {
	case "apis", "api-publications", "api-implementations":
		return true
	case "portals":
		return len(segs) == 4 && segs[3] == "api-publications"
	}
	return false
}

// Route reports whether segs is the family's, and its Counts key. The
// assembler must ask this family before the portal family (for
// /v3/portals/{portalId}/api-publications) and the access family.
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

// ServeHTTP serves the family on its own, for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

func (f *Family) now() time.Time { return mockcore.Millis(f.env.Now()) }

func raw(v any) json.RawMessage { return json.RawMessage(mockcore.Marshal(v)) }

func (c *call) json(status int, v any) mockcore.Response { return mockcore.JSON(status, v) }
