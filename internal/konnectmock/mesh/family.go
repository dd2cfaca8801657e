package mesh

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Family serves the mesh control planes.
type Family struct {
	env mockcore.Env
	st  *state
}

var _ mockcore.Family = (*Family)(nil)

// New returns the family of a new organisation: no mesh control plane.
func New(env mockcore.Env) *Family { return &Family{env: env.Complete(), st: newState()} }

// Name is the family's key in the state document.
func (f *Family) Name() string { return "mesh" }

type state struct {
	ControlPlanes []*controlPlane `json:"control_planes"`
}

func newState() *state { return &state{ControlPlanes: []*controlPlane{}} }

type controlPlane struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Description *string           `json:"description"`
	Labels      map[string]string `json:"labels"`
	Features    []any             `json:"features"`
	CreatedAt   time.Time         `json:"created_at"`
	UpdatedAt   time.Time         `json:"updated_at"`
	// Zones are the zones connected, each with the number of deletes it still refuses
	// (-1: every one).
	Zones map[string]int `json:"zones"`
}

// Snapshot renders the family's state for the state document; the lock is held.
func (f *Family) Snapshot() json.RawMessage { return json.RawMessage(mockcore.Marshal(f.st)) }

// Reset returns to a new organisation.
func (f *Family) Reset() { f.st = newState() }

// Restore replaces the state with a snapshot, refusing one whose ids are not unique
// lower-case UUIDs.
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("mesh: %w", err)
	}
	if st.ControlPlanes == nil {
		return fmt.Errorf("mesh: control_planes is required")
	}
	seen := map[string]bool{}
	for i, cp := range st.ControlPlanes {
		if !mockcore.IsUUID(cp.ID) || mockcore.NormalizeUUID(cp.ID) != cp.ID || seen[cp.ID] {
			return fmt.Errorf("mesh: control_planes[%d]: not a unique lower-case UUID", i)
		}
		seen[cp.ID] = true
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}

type handler func(c *call) mockcore.Response

var routes mockcore.Routes[handler]

func init() {
	routes.Add("v1/mesh/control-planes", map[string]handler{"GET": list, "POST": create})
	routes.Add("v1/mesh/control-planes/{cpId}", map[string]handler{"GET": get, "PATCH": patch, "DELETE": remove})
}

// Route reports whether segs is the family's (/v1/mesh/control-planes…), and its Counts key.
func (f *Family) Route(segs []string) (string, bool) {
	if len(segs) < 3 || segs[0] != "v1" || segs[1] != "mesh" || segs[2] != "control-planes" {
		return "", false
	}
	return routes.RouteKey(segs, "/v1/mesh/unmatched"), true
}

type call struct {
	f      *Family
	r      *http.Request
	params map[string]string
	raw    []byte
}

// Serve answers one request for a path of the family whose body has been read.
func (f *Family) Serve(r *http.Request, segs []string, body []byte) mockcore.Response {
	return routes.Serve(f.env, r, segs, body, func(h handler, params map[string]string) mockcore.Response {
		return h(&call{f: f, r: r, params: params, raw: body})
	})
}

// ServeHTTP serves the family on its own, for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

// ZoneOnline connects a zone to the control plane: Konnect refuses the next refusals deletes
// of the control plane (every one when refusals is negative), then the zone is offline.
func (f *Family) ZoneOnline(cpID, zone string, refusals int) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if cp := f.controlPlane(cpID); cp != nil {
		if cp.Zones == nil {
			cp.Zones = map[string]int{}
		}
		cp.Zones[zone] = refusals
	}
}

func (f *Family) controlPlane(id string) *controlPlane {
	for _, cp := range f.st.ControlPlanes {
		if cp.ID == strings.ToLower(id) {
			return cp
		}
	}
	return nil
}

// --- the API

func view(cp *controlPlane) map[string]any {
	v := map[string]any{"id": cp.ID, "name": cp.Name, "labels": cp.Labels, "features": cp.Features,
		"created_at": mockcore.FormatTime(cp.CreatedAt), "updated_at": mockcore.FormatTime(cp.UpdatedAt)}
	if cp.Labels == nil {
		v["labels"] = map[string]string{}
	}
	if cp.Features == nil {
		v["features"] = []any{}
	}
	if cp.Description != nil {
		v["description"] = *cp.Description
	}
	return v
}

func (c *call) badRequest(params ...mockcore.InvalidParam) mockcore.Response {
	return c.f.env.Problem(http.StatusBadRequest, "", params...)
}

func (c *call) notFound() mockcore.Response {
	return c.f.env.Problem(http.StatusNotFound, "The requested requested entity was not found was not found")
}

func field(cp *controlPlane, name string) (string, bool) {
	switch name {
	case "name":
		return cp.Name, true
	case "created_at":
		return mockcore.FormatTime(cp.CreatedAt), true
	}
	if key, ok := strings.CutPrefix(name, "labels."); ok {
		v, ok := cp.Labels[key]
		return v, ok
	}
	return "", false
}

func list(c *call) mockcore.Response {
	q := mockcore.Query{Values: c.r.URL.Query(), Invalid: func(params ...mockcore.InvalidParam) mockcore.Response { return c.badRequest(params...) }}
	return mockcore.ListQuery(q, slices.Clone(c.f.st.ControlPlanes), mockcore.QuerySpec{"name": mockcore.TextField, "labels.*": mockcore.TextField},
		nil, field, view)
}

var namePattern = regexp.MustCompile(`^[a-z0-9A-Z]`)

// checkFeatures reads features: a list of {type, meshCreation?, hostnameGeneratorCreation?}.
func checkFeatures(b *mockcore.Body) []any {
	raw, ok := b.In["features"]
	if !ok || raw == nil {
		return nil
	}
	items, isList := raw.([]any)
	if !isList {
		b.Fail("features", "is_array", "must be an array")
		return nil
	}
	for i, it := range items {
		m, _ := it.(map[string]any)
		fb := &mockcore.Body{In: m, Prefix: fmt.Sprintf("features[%d].", i)}
		if m == nil {
			b.Fail(fmt.Sprintf("features[%d]", i), "is_object", "must be an object")
			continue
		}
		fb.Only("type", "meshCreation", "hostnameGeneratorCreation")
		fb.Enum("type", true, []string{"MeshCreation", "HostnameGeneratorCreation"})
		for _, k := range []string{"meshCreation", "hostnameGeneratorCreation"} {
			if n := fb.Nested(k, false); n != nil {
				n.Only("enabled")
				n.Bool("enabled", true)
				fb.Merge(n)
			}
		}
		b.Merge(fb)
	}
	return items
}

func create(c *call) mockcore.Response {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		return c.badRequest(mockcore.InvalidParam{Field: "body", Reason: "request body is invalid"})
	}
	b.Only("name", "description", "labels", "features", "version")
	name := b.Pattern("name", b.String("name", true, 1, 100), namePattern)
	desc := b.String("description", false, 0, 250)
	labels, _ := b.Labels(false)
	features := checkFeatures(b)
	if len(b.Bad) > 0 {
		return c.badRequest(b.Bad...)
	}
	now := mockcore.Millis(c.f.env.Now())
	cp := &controlPlane{ID: mockcore.NewUUID(), Name: *name, Description: desc, Labels: map[string]string{}, Features: features, CreatedAt: now, UpdatedAt: now}
	mockcore.ApplyLabels(cp.Labels, labels)
	c.f.st.ControlPlanes = append(c.f.st.ControlPlanes, cp)
	return mockcore.JSON(http.StatusCreated, view(cp))
}

func get(c *call) mockcore.Response {
	if cp := c.f.controlPlane(c.params["cpId"]); cp != nil {
		return mockcore.JSON(http.StatusOK, view(cp))
	}
	return c.notFound()
}

// patch changes the name, the description (null removes it) and the labels, key by key;
// features are fixed at creation.
func patch(c *call) mockcore.Response {
	cp := c.f.controlPlane(c.params["cpId"])
	if cp == nil {
		return c.notFound()
	}
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		return c.badRequest(mockcore.InvalidParam{Field: "body", Reason: "request body is invalid"})
	}
	b.Only("name", "description", "labels", "version")
	b.NotNull("name")
	name := b.Pattern("name", b.String("name", false, 1, 100), namePattern)
	desc := b.String("description", false, 0, 250)
	labels, _ := b.Labels(true)
	if len(b.Bad) > 0 {
		return c.badRequest(b.Bad...)
	}
	if name != nil {
		cp.Name = *name
	}
	if b.Has("description") {
		cp.Description = desc
	}
	if cp.Labels == nil {
		cp.Labels = map[string]string{}
	}
	mockcore.ApplyLabels(cp.Labels, labels)
	cp.UpdatedAt = mockcore.Millis(c.f.env.Now())
	return mockcore.JSON(http.StatusOK, view(cp))
}

// remove deletes the control plane, unless a zone is online: the spec's 400
// "zone "<name>" is still online. Disconnect the zone first".
func remove(c *call) mockcore.Response {
	cp := c.f.controlPlane(c.params["cpId"])
	if cp == nil {
		return c.notFound()
	}
	for _, zone := range slices.Sorted(maps.Keys(cp.Zones)) {
		left := cp.Zones[zone]
		if left == 0 {
			delete(cp.Zones, zone)
			continue
		}
		if left > 0 {
			cp.Zones[zone] = left - 1
		}
		reason := fmt.Sprintf("zone %q is still online. Disconnect the zone first", zone)
		return c.f.env.Problem(http.StatusBadRequest, "Bad Request: cpID ["+cp.ID+"]: "+reason,
			mockcore.InvalidParam{Field: "cpID", Rule: "invalid", Reason: reason})
	}
	i := slices.Index(c.f.st.ControlPlanes, cp)
	c.f.st.ControlPlanes = slices.Delete(c.f.st.ControlPlanes, i, i+1)
	return mockcore.NoContent()
}
