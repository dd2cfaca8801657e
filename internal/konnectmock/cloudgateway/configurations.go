package cloudgateway

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// configuration is a control plane's cloud gateway deployment in one geo: PUT upserts it,
// and Konnect adds, changes and removes data-plane groups to match. A PUT with no
// data-plane groups tears it down: its groups terminate, and once they are gone so is it.
type configuration struct {
	ID             string         `json:"id"`
	ControlPlaneID string         `json:"control_plane_id"`
	Geo            string         `json:"control_plane_geo"`
	Desired        map[string]any `json:"desired"` // version, api_access, kind, dataplane_group_config as last put
	Groups         []*dpGroup     `json:"dataplane_groups"`
	TornDown       bool           `json:"torn_down"`
	EntityVersion  int            `json:"entity_version"`
	CreatedAt      time.Time      `json:"created_at"`
	UpdatedAt      time.Time      `json:"updated_at"`
}

type dpGroup struct {
	ID     string         `json:"id"`
	Config map[string]any `json:"config"` // provider, region, cloud_gateway_network_id, autoscale, environment
	lifecycle
}

func (g *dpGroup) networkID() string { s, _ := g.Config["cloud_gateway_network_id"].(string); return s }

// key is what identifies a group across PUTs: where it runs.
func groupKey(cfg map[string]any) string {
	return fmt.Sprint(cfg["provider"], "/", cfg["region"], "/", cfg["cloud_gateway_network_id"])
}

func dropTerminated(gs []*dpGroup) []*dpGroup {
	return slices.DeleteFunc(gs, func(g *dpGroup) bool { return g == nil })
}

// referencing lists the configurations with a live data-plane group on the network.
func (f *Family) referencing(networkID string) []*configuration {
	var out []*configuration
	for _, c := range f.st.Configurations {
		if slices.ContainsFunc(c.Groups, func(g *dpGroup) bool { return g.networkID() == networkID && g.State != stateTerminated }) {
			out = append(out, c)
		}
	}
	return out
}

func (f *Family) configurationView(c *configuration) map[string]any {
	groups := []map[string]any{}
	for _, g := range c.Groups {
		v := map[string]any{"id": g.ID, "state": g.State,
			"created_at": mockcore.FormatTime(g.CreatedAt), "updated_at": mockcore.FormatTime(g.UpdatedAt)}
		for k, x := range g.Config {
			v[k] = x
		}
		if g.State == stateReady {
			v["private_ip_addresses"] = []string{"192.168.248.132"}
			v["egress_ip_addresses"] = []string{"71.78.149.75"}
		}
		if g.State == stateError {
			v["state_metadata"] = map[string]any{"reported_status": "ERROR", "reason": g.Reason}
		}
		groups = append(groups, v)
	}
	out := map[string]any{"id": c.ID, "control_plane_id": c.ControlPlaneID, "control_plane_geo": c.Geo,
		"dataplane_group_config": c.Desired["dataplane_group_config"], "dataplane_groups": groups,
		"kind": c.Desired["kind"], "api_access": c.Desired["api_access"],
		"entity_version": c.EntityVersion,
		"created_at":     mockcore.FormatTime(c.CreatedAt), "updated_at": mockcore.FormatTime(c.UpdatedAt)}
	if v, ok := c.Desired["version"]; ok {
		out["version"] = v
	}
	return out
}

func (f *Family) configuration(id string) *configuration {
	for _, c := range f.st.Configurations {
		if c.ID == id {
			return c
		}
	}
	return nil
}

func listConfigurations(c *call) mockcore.Response {
	p, bad := c.page()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(mockcore.FilterSpec{"control_plane_id": {"eq", "oeq"}, "control_plane_geo": {"eq", "oeq", "neq"}})
	if bad != nil {
		return *bad
	}
	kept := mockcore.MatchAll(c.f.st.Configurations, fs, func(x *configuration, field string) (string, bool) {
		if field == "control_plane_geo" {
			return x.Geo, true
		}
		return x.ControlPlaneID, true
	})
	views := []map[string]any{}
	for _, x := range kept {
		views = append(views, c.f.configurationView(x))
	}
	return mockcore.List(views, p)
}

func getConfiguration(c *call) mockcore.Response {
	x := c.f.configuration(c.params["configurationId"])
	if x == nil {
		return c.notFound("Configuration")
	}
	return mockcore.JSON(http.StatusOK, c.f.configurationView(x))
}

var geos = []string{"us", "eu", "au", "me", "in", "sg"}

// putConfiguration creates or replaces the configuration of a control plane and geo. A
// PUT that changes nothing is answered 409, as Konnect answers it.
func putConfiguration(c *call) mockcore.Response {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		return c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "body", Rule: "invalid", Reason: err.Error()})
	}
	b.Only("control_plane_id", "control_plane_geo", "version", "dataplane_groups", "kind", "api_access")
	cp := b.UUID("control_plane_id", true)
	geo := b.Enum("control_plane_geo", true, geos)
	kind := b.Enum("kind", false, []string{"dedicated.v0", "serverless.v1"})
	access := b.Enum("api_access", false, []string{"private", "public", "private+public"})
	version := b.String("version", false, 1, 0)
	desired := map[string]any{"kind": "dedicated.v0", "api_access": "private+public"}
	if kind != nil {
		desired["kind"] = *kind
	}
	if access != nil {
		desired["api_access"] = *access
	}
	dedicated := desired["kind"] == "dedicated.v0"
	if dedicated {
		if version == nil {
			b.Fail("version", "required", "is required for a dedicated.v0 configuration")
		} else if !slices.Contains(versions, *version) {
			b.Fail("version", "enum", "is not a supported gateway version")
		} else {
			desired["version"] = *version
		}
	}
	rawGroups, isList := b.In["dataplane_groups"].([]any)
	if !isList {
		b.Fail("dataplane_groups", "required", "is a required field")
	}
	var configs []map[string]any
	for i, rg := range rawGroups {
		g, ok := rg.(map[string]any)
		if !ok {
			b.Fail(fmt.Sprintf("dataplane_groups[%d]", i), "is_object", "must be an object")
			continue
		}
		gb := &mockcore.Body{In: g, Prefix: fmt.Sprintf("dataplane_groups[%d].", i)}
		gb.Only("provider", "region", "cloud_gateway_network_id", "autoscale", "environment")
		provider := gb.Enum("provider", true, []string{"aws", "azure", "gcp"})
		reg := gb.String("region", true, 1, 0)
		cfg := map[string]any{}
		if provider != nil && reg != nil {
			cfg["provider"], cfg["region"] = *provider, *reg
		}
		if dedicated {
			netID := gb.UUID("cloud_gateway_network_id", true)
			if netID != nil {
				if n := c.f.network(*netID); n == nil || n.State == stateTerminating || n.State == stateTerminated {
					gb.Fail("cloud_gateway_network_id", "invalid", "network not found")
				} else {
					cfg["cloud_gateway_network_id"] = *netID
				}
			}
			if as, ok := g["autoscale"].(map[string]any); ok {
				cfg["autoscale"] = as
			} else {
				gb.Fail("autoscale", "required", "is required for a dedicated.v0 configuration")
			}
		}
		if env, ok := g["environment"]; ok && env != nil {
			cfg["environment"] = env
		}
		b.Merge(gb)
		configs = append(configs, cfg)
	}
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	desired["dataplane_group_config"] = normalize(configs)
	var x *configuration
	for _, o := range c.f.st.Configurations {
		if o.ControlPlaneID == *cp && o.Geo == *geo {
			x = o
		}
	}
	now := c.f.now()
	if x != nil && reflect.DeepEqual(x.Desired, desired) && !x.TornDown {
		return c.problem(http.StatusConflict, "Proposed cloud gateway configuration and current cloud gateway configuration are identical.")
	}
	if x == nil {
		x = &configuration{ID: mockcore.NewUUID(), ControlPlaneID: *cp, Geo: *geo, CreatedAt: now}
		c.f.st.Configurations = append(c.f.st.Configurations, x)
	}
	x.Desired, x.TornDown = desired, len(configs) == 0
	x.EntityVersion++
	x.UpdatedAt = now
	// Groups: one per place; a group whose place is gone terminates.
	wanted := map[string]map[string]any{}
	for _, cfg := range configs {
		wanted[groupKey(cfg)] = cfg
	}
	for _, g := range x.Groups {
		if g.State == stateTerminating || g.State == stateTerminated {
			continue
		}
		if cfg, ok := wanted[groupKey(g.Config)]; ok {
			if n := normalizeObject(cfg); !reflect.DeepEqual(g.Config, n) {
				g.Config = n
				c.f.changed(&g.lifecycle)
			}
			delete(wanted, groupKey(cfg))
			continue
		}
		g.moveTo(stateTerminating, now)
	}
	for _, cfg := range configs {
		if _, ok := wanted[groupKey(cfg)]; !ok {
			continue
		}
		g := &dpGroup{ID: mockcore.NewUUID(), Config: normalizeObject(cfg)}
		c.f.begin(&g.lifecycle, stateInitializing)
		g.FailWith = c.f.failWith()
		x.Groups = append(x.Groups, g)
		if n := c.f.network(g.networkID()); n != nil && n.State == "offline" {
			n.moveTo(stateInitializing, now)
		}
	}
	return mockcore.JSON(http.StatusOK, c.f.configurationView(x))
}

// normalize is v as JSON decodes it (objects map[string]any, numbers float64), so that what
// was put compares equal to what is put again.
func normalize(v any) any {
	var out any
	_ = json.Unmarshal(mockcore.Marshal(v), &out)
	return out
}

func normalizeObject(m map[string]any) map[string]any {
	out, _ := normalize(m).(map[string]any)
	return out
}
