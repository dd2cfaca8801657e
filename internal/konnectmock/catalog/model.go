package catalog

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// state is the family's whole state, as the state document holds it.
type state struct {
	APIs []*api `json:"apis"`
}

func newState() *state { return &state{APIs: []*api{}} }

type api struct {
	ID              string            `json:"id"`
	Name            string            `json:"name"`
	Description     *string           `json:"description"`
	Version         *string           `json:"version"`
	Slug            string            `json:"slug"`
	Labels          map[string]string `json:"labels"`
	Attributes      map[string]any    `json:"attributes"`
	Created         time.Time         `json:"created_at"`
	Updated         time.Time         `json:"updated_at"`
	Versions        []*version        `json:"versions"`
	Documents       []*document       `json:"documents"`
	Publications    []*publication    `json:"publications"`
	Implementations []*implementation `json:"implementations"`
}

type version struct {
	ID      string    `json:"id"`
	Version string    `json:"version"`
	Content string    `json:"content"`
	Type    string    `json:"type"`
	Created time.Time `json:"created_at"`
	Updated time.Time `json:"updated_at"`
}

type document struct {
	ID       string    `json:"id"`
	ParentID *string   `json:"parent_document_id"`
	Title    string    `json:"title"`
	Slug     string    `json:"slug"`
	Status   string    `json:"status"`
	Content  string    `json:"content"`
	Created  time.Time `json:"created_at"`
	Updated  time.Time `json:"updated_at"`
}

type publication struct {
	PortalID    string    `json:"portal_id"`
	AutoApprove *bool     `json:"auto_approve_registrations,omitempty"`
	StrategyIDs []string  `json:"auth_strategy_ids"` // nil: none required
	Visibility  string    `json:"visibility"`
	Created     time.Time `json:"created_at"`
	Updated     time.Time `json:"updated_at"`
}

// implementation links an API to a gateway service (ServiceID set) or to a
// whole control plane (ServiceID empty: the spec's ApiImplementationControlPlaneEntity).
type implementation struct {
	ID             string    `json:"id"`
	ControlPlaneID string    `json:"control_plane_id"`
	ServiceID      string    `json:"service_id"`
	Created        time.Time `json:"created_at"`
	Updated        time.Time `json:"updated_at"`
}

func (s *state) api(id string) *api {
	for _, a := range s.APIs {
		if a.ID == id {
			return a
		}
	}
	return nil
}

func (a *api) version(id string) *version {
	for _, v := range a.Versions {
		if v.ID == id {
			return v
		}
	}
	return nil
}

func (a *api) document(id string) *document {
	for _, d := range a.Documents {
		if d.ID == id {
			return d
		}
	}
	return nil
}

func (a *api) publication(portalID string) *publication {
	for _, p := range a.Publications {
		if p.PortalID == portalID {
			return p
		}
	}
	return nil
}

// slugTaken reports that a sibling of parent other than except has slug.
func (a *api) slugTaken(parent *string, slug string, except *document) bool {
	return slices.ContainsFunc(a.Documents, func(d *document) bool {
		return d != except && d.Slug == slug && eqPtr(d.ParentID, parent)
	})
}

func eqPtr(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

var slugPattern = regexp.MustCompile(`^[\w-]+$`)
var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// slugify lower-cases s and joins its runs of letters and digits with hyphens.
func slugify(s string) string {
	return strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

func fmtTime(t time.Time) string { return mockcore.FormatTime(t) }

func ptr[T any](v T) *T { return &v }

// --- views, as the spec's responses show them

func (f *Family) apiView(a *api) map[string]any {
	portals := []map[string]any{}
	for _, p := range a.Publications {
		if f.portals == nil {
			continue
		}
		if info, ok := f.portals.Portal(p.PortalID); ok {
			portals = append(portals, map[string]any{"id": p.PortalID, "name": info.Name, "display_name": info.DisplayName})
		}
	}
	var summary any
	if n := len(a.Versions); n > 0 {
		v := a.Versions[n-1]
		summary = map[string]any{"id": v.ID, "version": v.Version, "spec": map[string]any{"type": v.Type},
			"created_at": fmtTime(v.Created), "updated_at": fmtTime(v.Updated)}
	}
	specIDs := []string{}
	for _, v := range a.Versions {
		specIDs = append(specIDs, v.ID)
	}
	return map[string]any{
		"id": a.ID, "name": a.Name, "description": a.Description, "version": a.Version, "slug": a.Slug,
		"current_version_summary": summary, "api_spec_ids": specIDs, "portals": portals,
		"labels": a.Labels, "attributes": a.Attributes, "implementation_mode": f.mode(a),
		"created_at": fmtTime(a.Created), "updated_at": fmtTime(a.Updated),
	}
}

// mode is the API's implementation_mode: a gateway service implements it, a
// control plane does (the spec's "access_control_enforcement"), or none does.
func (f *Family) mode(a *api) string {
	switch {
	case len(a.Implementations) == 0:
		return "none"
	case a.Implementations[0].ServiceID == "":
		return "access_control_enforcement"
	}
	return "gateway_entity"
}

func (v *version) view() map[string]any {
	return map[string]any{"id": v.ID, "version": v.Version,
		"spec":       map[string]any{"content": v.Content, "type": v.Type, "validation_messages": []any{}},
		"created_at": fmtTime(v.Created), "updated_at": fmtTime(v.Updated)}
}

func (d *document) view() map[string]any {
	return map[string]any{"id": d.ID, "parent_document_id": d.ParentID, "title": d.Title, "slug": d.Slug,
		"status": d.Status, "content": d.Content, "created_at": fmtTime(d.Created), "updated_at": fmtTime(d.Updated)}
}

func (p *publication) view() map[string]any {
	m := map[string]any{"auth_strategy_ids": p.StrategyIDs, "visibility": p.Visibility, "warnings": []string{},
		"created_at": fmtTime(p.Created), "updated_at": fmtTime(p.Updated)}
	if p.AutoApprove != nil {
		m["auto_approve_registrations"] = *p.AutoApprove
	}
	return m
}

func (p *publication) listView(apiID string) map[string]any {
	m := p.view()
	m["api_id"], m["portal_id"], m["entity_type"] = apiID, p.PortalID, "api"
	m["auto_approve_registrations"] = p.AutoApprove != nil && *p.AutoApprove
	return m
}

// view is the spec's ApiImplementation: {service: {control_plane_id, id}} or
// {control_plane: {control_plane_id, access_control_enforcement_enabled}}. The
// mock installs no access control enforcement plugin, so that flag is false.
func (im *implementation) view() map[string]any {
	m := map[string]any{"id": im.ID, "created_at": fmtTime(im.Created), "updated_at": fmtTime(im.Updated)}
	if im.ServiceID == "" {
		m["control_plane"] = map[string]any{"control_plane_id": im.ControlPlaneID, "access_control_enforcement_enabled": false}
	} else {
		m["service"] = map[string]any{"control_plane_id": im.ControlPlaneID, "id": im.ServiceID}
	}
	return m
}

func (im *implementation) listView(apiID string) map[string]any {
	m := im.view()
	m["api_id"] = apiID
	return m
}
