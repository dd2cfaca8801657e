package cloudgateway

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// moreState is the family's state of custom domains, add-ons and serverless cloud gateways.
type moreState struct {
	CustomDomains []*customDomain      `json:"custom_domains"`
	AddOns        []*addOn             `json:"add_ons"`
	Serverless    []*serverlessGateway `json:"serverless_cloud_gateways"`
}

// customDomain is a control plane's custom domain (/v2/cloud-gateways/custom-domains):
// Konnect provisions its TLS certificate and SNI (initializing, then ready); it has no
// update, and a delete terminates it.
type customDomain struct {
	ID             string `json:"id"`
	ControlPlaneID string `json:"control_plane_id"`
	Geo            string `json:"control_plane_geo"`
	Domain         string `json:"domain"`
	Kind           string `json:"kind"`
	CertificateID  string `json:"certificate_id"` // shown once the domain is ready
	SNIID          string `json:"sni_id"`
	lifecycle
}

func (d *customDomain) leaving() bool {
	return d.State == stateTerminating || d.State == stateTerminated
}

// customDomainView renders a custom domain as Konnect does: its certificate and SNI are null
// until it is provisioned, state_metadata carries the reason of an error.
func customDomainView(d *customDomain) map[string]any {
	out := map[string]any{"id": d.ID, "control_plane_id": d.ControlPlaneID, "control_plane_geo": d.Geo, "domain": d.Domain, "kind": d.Kind,
		"certificate_id": nil, "sni_id": nil, "state": d.State, "state_metadata": map[string]any{},
		"entity_version": d.EntityVersion, "created_at": mockcore.FormatTime(d.CreatedAt), "updated_at": mockcore.FormatTime(d.UpdatedAt)}
	if d.State == stateReady || d.State == stateTerminating {
		out["certificate_id"], out["sni_id"] = d.CertificateID, d.SNIID
	}
	if d.State == stateError {
		out["state_metadata"] = map[string]any{"reported_status": "INVALID", "reason": d.Reason}
	}
	return out
}

func (f *Family) customDomain(id string) *customDomain {
	return findBy(f.st.CustomDomains, func(d *customDomain) bool { return d.ID == id })
}

func listCustomDomains(c *call) mockcore.Response {
	return listFiltered(c, c.f.st.CustomDomains, mockcore.FilterSpec{"control_plane_id": {"eq", "oeq"}, "control_plane_geo": {"eq", "oeq", "neq"},
		"domain": {"eq", "oeq", "neq", "contains", "ocontains"}, "state": {"eq", "oeq", "neq"}},
		func(d *customDomain, field string) (string, bool) {
			return map[string]string{"control_plane_id": d.ControlPlaneID, "control_plane_geo": d.Geo, "domain": d.Domain, "state": d.State}[field], true
		}, customDomainView)
}

// listFiltered answers a listing of items: page[…] and filter[…] per spec (get reads an
// item's field), each item rendered by view.
func listFiltered[T any](c *call, items []T, spec mockcore.FilterSpec, get func(T, string) (string, bool), view func(T) map[string]any) mockcore.Response {
	p, bad := c.page()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(spec)
	if bad != nil {
		return *bad
	}
	views := []map[string]any{}
	for _, x := range mockcore.MatchAll(items, fs, get) {
		views = append(views, view(x))
	}
	return mockcore.List(views, p)
}

// body parses a request body; a body that is not one JSON object is the 400 to answer.
func (c *call) body() (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		r := c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "body", Rule: "invalid", Reason: err.Error()})
		return nil, &r
	}
	return b, nil
}

// findBy is the first of items that match holds for, or the zero value.
func findBy[T any](items []T, match func(T) bool) T {
	var none T
	if i := slices.IndexFunc(items, match); i >= 0 {
		return items[i]
	}
	return none
}

func getCustomDomain(c *call) mockcore.Response {
	d := c.f.customDomain(c.params["customDomainId"])
	if d == nil {
		return c.notFound("Custom domain")
	}
	return mockcore.JSON(http.StatusOK, customDomainView(d))
}

// geoChoices are the control plane geos of Konnect's ControlPlaneGeo.
var geoChoices = []string{"us", "eu", "au", "me", "in", "sg"}

func createCustomDomain(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("control_plane_id", "control_plane_geo", "domain", "kind")
	cp := b.UUID("control_plane_id", true)
	geo := b.Enum("control_plane_geo", true, geoChoices)
	domain := b.String("domain", true, 1, 0)
	kind := b.Enum("kind", false, []string{"dedicated.v0", "serverless.v1"})
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if slices.ContainsFunc(c.f.st.CustomDomains, func(d *customDomain) bool { return d.Domain == *domain && !d.leaving() }) {
		return c.problem(http.StatusConflict, fmt.Sprintf("Custom domain %q already exists.", *domain))
	}
	d := &customDomain{ID: mockcore.NewUUID(), ControlPlaneID: *cp, Geo: *geo, Domain: *domain, Kind: "dedicated.v0",
		CertificateID: mockcore.NewUUID(), SNIID: mockcore.NewUUID()}
	if kind != nil {
		d.Kind = *kind
	}
	c.f.begin(&d.lifecycle, stateInitializing)
	d.FailWith = c.f.failWith()
	c.f.st.CustomDomains = append(c.f.st.CustomDomains, d)
	return mockcore.JSON(http.StatusCreated, customDomainView(d))
}

func deleteCustomDomain(c *call) mockcore.Response {
	d := c.f.customDomain(c.params["customDomainId"])
	if d == nil {
		return c.notFound("Custom domain")
	}
	if !d.leaving() {
		d.moveTo(stateTerminating, c.f.now())
	}
	return mockcore.NoContent()
}

// advanceMore brings the custom domains', add-ons' provisioning up to now (advance's,
// for the objects of custom_domains.go and addons.go); the lock is held.
func (f *Family) advanceMore(now time.Time) {
	f.st.CustomDomains = slices.DeleteFunc(f.st.CustomDomains, func(d *customDomain) bool { return f.settle(&d.lifecycle, now) })
	f.st.AddOns = slices.DeleteFunc(f.st.AddOns, func(a *addOn) bool {
		// An add-on has no terminated state: once it stops terminating it is gone.
		gone := f.settle(&a.lifecycle, now) || a.State == stateTerminated
		f.linkCache(a, gone)
		return gone
	})
}

// settle moves an object through every state whose time has passed, and reports whether it
// is gone.
func (f *Family) settle(l *lifecycle, now time.Time) bool {
	for {
		moved, gone := f.step(l, now)
		if gone || !moved {
			return gone
		}
	}
}
