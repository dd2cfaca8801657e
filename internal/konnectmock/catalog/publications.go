package catalog

import (
	"net/http"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var visibilities = []string{"public", "private"}

// portalExists asks the portal family (none wired: no portal exists).
func (f *Family) portalExists(id string) bool {
	if f.portals == nil {
		return false
	}
	_, ok := f.portals.Portal(id)
	return ok
}

// publicationOf resolves {apiId} and {portalId}; a portal the portal family
// does not have is a 404, as is an API.
func (c *call) publicationOf() (*api, string, bool) {
	a := c.apiOf()
	pid, ok := c.pathID("portalId")
	if a == nil || !ok || !c.f.portalExists(pid) {
		return nil, "", false
	}
	return a, pid, true
}

func getPublication(c *call) mockcore.Response {
	a, pid, ok := c.publicationOf()
	if !ok || a.publication(pid) == nil {
		return c.notFound()
	}
	return c.json(http.StatusOK, a.publication(pid).view())
}

// putPublication creates or replaces the API's publication to the portal: 200
// either way. auth_strategy_ids left out is the portal's default application
// auth strategy (none if it has none); null requires no application authentication.
func putPublication(c *call) mockcore.Response {
	a, pid, ok := c.publicationOf()
	if !ok {
		return c.notFound()
	}
	b, bad := c.optionalBody()
	if bad != nil {
		return *bad
	}
	b.Only("auto_approve_registrations", "auth_strategy_ids", "visibility")
	auto := b.Bool("auto_approve_registrations", false)
	vis := b.Enum("visibility", false, visibilities)
	ids, given := b.Strings("auth_strategy_ids", false)
	if given {
		switch {
		case len(ids) != 1:
			b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "auth_strategy_ids", Rule: "max_items", Maximum: mockcore.IntPtr(1)})
		case !mockcore.IsUUID(ids[0]):
			b.Fail("auth_strategy_ids.0", "is_uuid", "must be a UUID")
		default:
			ids = []string{mockcore.NormalizeUUID(ids[0])}
		}
	}
	if r := c.invalid(b); r != nil {
		return *r
	}
	strategy := ""
	switch {
	case len(ids) == 1:
		strategy = ids[0]
	case !b.Has("auth_strategy_ids"):
		info, _ := c.f.portals.Portal(pid)
		strategy = info.DefaultStrategyID
	}
	now := c.f.now()
	p := a.publication(pid)
	c.f.portals.Unpublish(pid, a.ID) // the record is made afresh (or was made out of band)
	if err := c.f.portals.Publish(pid, a.ID, strategy); err != nil {
		if p != nil { // put the old record back
			_ = c.f.portals.Publish(pid, a.ID, firstOr(p.StrategyIDs))
		}
		return c.invalidRequest(mockcore.InvalidParam{Field: "auth_strategy_ids", Rule: "missing_reference",
			Reason: "auth strategy " + strategy + " not found"})
	}
	if p == nil {
		p = &publication{PortalID: pid, Visibility: "private", Created: now}
		a.Publications = append(a.Publications, p)
	}
	p.AutoApprove, p.Updated = auto, now
	if vis != nil {
		p.Visibility = *vis
	}
	p.StrategyIDs = nil
	if strategy != "" {
		p.StrategyIDs = []string{strategy}
	}
	return c.json(http.StatusOK, p.view())
}

func firstOr(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}

func deletePublication(c *call) mockcore.Response {
	a, pid, ok := c.publicationOf()
	if !ok || a.publication(pid) == nil {
		return c.notFound()
	}
	c.f.portals.Unpublish(pid, a.ID)
	a.Publications = slices.DeleteFunc(a.Publications, func(p *publication) bool { return p.PortalID == pid })
	return mockcore.NoContent()
}

// pubRow is one publication of a listing.
type pubRow struct {
	a *api
	p *publication
}

func (c *call) pubField(r pubRow, field string) (string, bool) {
	switch field {
	case "api_id":
		return r.a.ID, true
	case "api_name":
		return r.a.Name, true
	case "portal_id":
		return r.p.PortalID, true
	case "portal_name":
		info, ok := c.f.portals.Portal(r.p.PortalID)
		return info.Name, ok
	case "auth_strategy_id":
		if len(r.p.StrategyIDs) == 0 {
			return "", false
		}
		return r.p.StrategyIDs[0], true
	case "entity_type":
		return "api", true
	case "created_at":
		return fmtTime(r.p.Created), true
	case "updated_at":
		return fmtTime(r.p.Updated), true
	}
	return "", false
}

// rows lists the publications to portals that still exist (a portal deleted
// with force takes its publications along), of one portal or all ("").
func (c *call) rows(portalID string) []pubRow {
	out := []pubRow{}
	for _, a := range c.f.st.APIs {
		for _, p := range a.Publications {
			if (portalID == "" || p.PortalID == portalID) && c.f.portalExists(p.PortalID) {
				out = append(out, pubRow{a, p})
			}
		}
	}
	return out
}

var pubSorts = []string{"portal_id", "portal_name", "api_id", "api_name", "created_at", "updated_at"}

func listPublications(c *call) mockcore.Response {
	spec := filterSpec{"portal_id": uuidField, "portal_name": textField, "api_id": uuidField, "api_name": textField,
		"auth_strategy_id": uuidField, "entity_type": textField}
	return list(c, c.rows(""), spec, pubSorts, c.pubField, func(r pubRow) map[string]any { return r.p.listView(r.a.ID) })
}

func listPortalPublications(c *call) mockcore.Response {
	pid, ok := c.pathID("portalId")
	if !ok || !c.f.portalExists(pid) {
		return c.notFound()
	}
	spec := filterSpec{"api_id": uuidField, "api_name": textField, "auth_strategy_id": uuidField, "entity_type": textField}
	return list(c, c.rows(pid), spec, pubSorts, c.pubField, func(r pubRow) map[string]any { return r.p.listView(r.a.ID) })
}
