package catalog

import (
	"net/http"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

type implRow struct {
	a  *api
	im *implementation
}

func implField(r implRow, field string) (string, bool) {
	switch field {
	case "id":
		return r.im.ID, true
	case "api_id":
		return r.a.ID, true
	case "service_id":
		return r.im.ServiceID, true
	case "control_plane_id":
		return r.im.ControlPlaneID, true
	case "created_at":
		return fmtTime(r.im.Created), true
	case "updated_at":
		return fmtTime(r.im.Updated), true
	}
	return "", false
}

var (
	implFilters = filterSpec{"id": uuidField, "api_id": uuidField, "service_id": uuidField, "control_plane_id": uuidField,
		"created_at": timeField, "updated_at": timeField}
	implSorts = []string{"id", "api_id", "control_plane_id", "service_id", "created_at", "updated_at"}
)

func implView(r implRow) map[string]any { return r.im.listView(r.a.ID) }

func listImplementations(c *call) mockcore.Response {
	rows := []implRow{}
	for _, a := range c.f.st.APIs {
		for _, im := range a.Implementations {
			rows = append(rows, implRow{a, im})
		}
	}
	return list(c, rows, implFilters, implSorts, implField, implView)
}

func listAPIImplementations(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	rows := []implRow{}
	for _, im := range a.Implementations {
		rows = append(rows, implRow{a, im})
	}
	return list(c, rows, implFilters, implSorts, implField, implView)
}

func (c *call) implementationOf() (*api, *implementation) {
	a := c.apiOf()
	id, ok := c.pathID("implementationId")
	if a == nil || !ok {
		return nil, nil
	}
	i := slices.IndexFunc(a.Implementations, func(im *implementation) bool { return im.ID == id })
	if i < 0 {
		return nil, nil
	}
	return a, a.Implementations[i]
}

// createImplementation links the API to a gateway service
// {"service": {"control_plane_id", "id"}} or to a whole control plane
// {"control_plane": {"control_plane_id"}} (the spec's oneOf, as Kong's provider
// sends its control_plane_reference; access_control_enforcement_enabled is
// read-only and ignored). A service or control plane the gateway family does not
// have is the spec's missing_reference; a second implementation of the API, or a
// service another API has, is a 409.
func createImplementation(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("service", "control_plane")
	var cp, id *string
	switch {
	case b.Has("service") && b.Has("control_plane"):
		b.Fail("control_plane", "not_allowed", `"control_plane" is not allowed with "service"`)
	case b.Has("control_plane"):
		if ref := b.Nested("control_plane", true); ref != nil {
			ref.Only("control_plane_id", "access_control_enforcement_enabled")
			cp = ref.UUID("control_plane_id", true)
			b.Merge(ref)
		}
	default:
		if svc := b.Nested("service", true); svc != nil {
			svc.Only("control_plane_id", "id")
			cp = svc.UUID("control_plane_id", true)
			id = svc.UUID("id", true)
			b.Merge(svc)
		}
	}
	if r := c.invalid(b); r != nil {
		return *r
	}
	cpID, svcID := mockcore.NormalizeUUID(*cp), ""
	if id == nil {
		if c.f.services == nil || !c.f.services.ControlPlaneExists(cpID) {
			return c.invalidRequest(mockcore.InvalidParam{Field: "control_plane.control_plane_id", Rule: "missing_reference", Reason: "Control plane not found"})
		}
	} else {
		svcID = mockcore.NormalizeUUID(*id)
		if c.f.services == nil || !c.f.services.ServiceExists(cpID, svcID) {
			return c.invalidRequest(mockcore.InvalidParam{Field: "service.id", Rule: "missing_reference", Reason: "Service not found"})
		}
	}
	if len(a.Implementations) > 0 {
		return c.conflict("An implementation already exists for this API")
	}
	for _, o := range c.f.st.APIs {
		if svcID != "" && slices.ContainsFunc(o.Implementations, func(im *implementation) bool {
			return im.ControlPlaneID == cpID && im.ServiceID == svcID
		}) {
			return c.conflict("This gateway service is already linked to another API")
		}
	}
	now := c.f.now()
	im := &implementation{ID: mockcore.NewUUID(), ControlPlaneID: cpID, ServiceID: svcID, Created: now, Updated: now}
	a.Implementations = append(a.Implementations, im)
	return c.json(http.StatusCreated, im.view())
}

func getImplementation(c *call) mockcore.Response {
	_, im := c.implementationOf()
	if im == nil {
		return c.notFound()
	}
	return c.json(http.StatusOK, im.view())
}

func deleteImplementation(c *call) mockcore.Response {
	a, im := c.implementationOf()
	if im == nil {
		return c.notFound()
	}
	a.Implementations = slices.DeleteFunc(a.Implementations, func(x *implementation) bool { return x == im })
	return mockcore.NoContent()
}
