package cloudgateway

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// addOn is an add-on of a control plane or control plane group (/v2/cloud-gateways/add-ons):
// today only the managed cache (config kind managed-cache.v0), deployed in the data-plane
// groups of its owner's configuration. It starts initializing, is ready once provisioned;
// a PATCH of its tier makes it initializing again; a delete terminates it, and then it is gone.
// Konnect refuses a tier downgrade; the mock changes the tier either way (an out-of-band edit
// in the tests sets a value back).
type addOn struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	OwnerKind     string `json:"owner_kind"` // control-plane or control-plane-group
	OwnerID       string `json:"owner_id"`
	OwnerGeo      string `json:"owner_geo"`
	Tier          string `json:"tier"`
	CacheConfigID string `json:"cache_config_id"`
	lifecycle
}

var cacheTiers = []string{"micro", "small", "medium", "large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge", "24xlarge"}

func (a *addOn) owner() map[string]any {
	if a.OwnerKind == "control-plane-group" {
		return map[string]any{"kind": a.OwnerKind, "control_plane_group_id": a.OwnerID, "control_plane_group_geo": a.OwnerGeo}
	}
	return map[string]any{"kind": a.OwnerKind, "control_plane_id": a.OwnerID, "control_plane_geo": a.OwnerGeo}
}

// addOnView renders an add-on as Konnect does: the data-plane groups it is deployed in (its
// owner's configuration's), each in the add-on's state, and the vault references of the
// cache once it is ready.
func (f *Family) addOnView(a *addOn) map[string]any {
	groups := []map[string]any{}
	for _, c := range f.st.Configurations {
		if c.ControlPlaneID != a.OwnerID {
			continue
		}
		for _, g := range c.Groups {
			groups = append(groups, map[string]any{"id": g.ID, "cloud_gateway_network_id": g.networkID(), "provider": g.Config["provider"],
				"region": g.Config["region"], "state": a.State, "state_metadata": map[string]any{}})
		}
	}
	meta := map[string]any{}
	if a.State == stateReady {
		env := func(name string) string { return "{vault://env/ADDON_MANAGED_CACHE_" + name + "}" }
		meta = map[string]any{"cache_config_id": a.CacheConfigID, "cache_server_name": env("SERVER_NAME"), "cache_host": env("HOST"),
			"cache_port": env("PORT"), "cache_username": env("USERNAME"),
			"cloud_authentication": map[string]any{"auth_provider": env("AUTH_PROVIDER"), "aws_cache_name": env("AWS_CACHE_NAME"),
				"aws_region": env("AWS_REGION"), "aws_assume_role_arn": env("AWS_ASSUME_ROLE_ARN"), "azure_tenant_id": env("AZURE_TENANT_ID")}}
	}
	return map[string]any{"id": a.ID, "name": a.Name, "owner": a.owner(),
		"config": map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": a.Tier},
			"data_plane_groups": groups, "state_metadata": meta},
		"state": a.State, "entity_version": a.EntityVersion,
		"created_at": mockcore.FormatTime(a.CreatedAt), "updated_at": mockcore.FormatTime(a.UpdatedAt)}
}

func (f *Family) addOn(id string) *addOn {
	return findBy(f.st.AddOns, func(a *addOn) bool { return a.ID == id })
}

func listAddOns(c *call) mockcore.Response {
	return listFiltered(c, c.f.st.AddOns, mockcore.FilterSpec{"name": {"eq", "oeq", "neq", "contains", "ocontains"}, "state": {"eq", "oeq", "neq"},
		"config.kind": {"eq", "oeq", "neq"}, "owner.control_plane_id": {"eq", "oeq", "neq"}, "owner.control_plane_group_id": {"eq", "oeq", "neq"},
		"owner.control_plane_geo": {"eq", "oeq", "neq"}, "owner.control_plane_group_geo": {"eq", "oeq", "neq"}},
		func(a *addOn, field string) (string, bool) {
			switch field {
			case "name":
				return a.Name, true
			case "state":
				return a.State, true
			case "config.kind":
				return "managed-cache.v0", true
			}
			v, ok := a.owner()[field[len("owner."):]].(string)
			return v, ok
		}, c.f.addOnView)
}

func getAddOn(c *call) mockcore.Response {
	a := c.f.addOn(c.params["addOnId"])
	if a == nil {
		return c.notFound("Add-on")
	}
	return mockcore.JSON(http.StatusOK, c.f.addOnView(a))
}

// managedCacheTier checks a CreateManagedCacheAddOnConfig (or its update): its kind, and a
// tiered capacity_config. readOnly fields that a client echoes (data_plane_groups,
// state_metadata) are ignored.
func managedCacheTier(b *mockcore.Body, allowed ...string) *string {
	cfg := b.Nested("config", true)
	if cfg == nil {
		return nil
	}
	defer b.Merge(cfg)
	cfg.Only(append([]string{"kind", "capacity_config"}, allowed...)...)
	cfg.Enum("kind", true, []string{"managed-cache.v0"})
	capacity := cfg.Nested("capacity_config", true)
	if capacity == nil {
		return nil
	}
	defer cfg.Merge(capacity)
	capacity.Only("kind", "tier")
	capacity.Enum("kind", true, []string{"tiered"})
	return capacity.Enum("tier", true, cacheTiers)
}

func createAddOn(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "owner", "config")
	name := b.String("name", true, 1, 70)
	tier := managedCacheTier(b)
	var ownerKind, ownerID, ownerGeo *string
	if owner := b.Nested("owner", true); owner != nil {
		ownerKind = owner.Enum("kind", true, []string{"control-plane", "control-plane-group"})
		field := "control_plane"
		if ownerKind != nil && *ownerKind == "control-plane-group" {
			field = "control_plane_group"
		}
		owner.Only("kind", field+"_id", field+"_geo")
		ownerID = owner.UUID(field+"_id", true)
		ownerGeo = owner.Enum(field+"_geo", true, geoChoices)
		b.Merge(owner)
	}
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if slices.ContainsFunc(c.f.st.AddOns, func(a *addOn) bool { return a.Name == *name && a.State != stateTerminating }) {
		return c.problem(http.StatusConflict, "Add on property 'name' must be unique per org.")
	}
	if slices.ContainsFunc(c.f.st.AddOns, func(a *addOn) bool { return a.OwnerID == *ownerID && a.State != stateTerminating }) {
		return c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "owner", Rule: "invalid",
			Reason: fmt.Sprintf("Owner '%s' already has an add-on of kind 'managed-cache.v0'. Only one add-on of a kind is allowed per owner.", *ownerID)})
	}
	a := &addOn{ID: mockcore.NewUUID(), Name: *name, OwnerKind: *ownerKind, OwnerID: *ownerID, OwnerGeo: *ownerGeo, Tier: *tier, CacheConfigID: mockcore.NewUUID()}
	c.f.begin(&a.lifecycle, stateInitializing)
	c.f.st.AddOns = append(c.f.st.AddOns, a)
	return mockcore.JSON(http.StatusCreated, c.f.addOnView(a))
}

// patchAddOn changes the add-on's tier (Konnect's UpdateAddOnRequest: config only); the
// add-on initializes again. The same tier is refused, as Konnect refuses it.
func patchAddOn(c *call) mockcore.Response {
	a := c.f.addOn(c.params["addOnId"])
	if a == nil {
		return c.notFound("Add-on")
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("config")
	tier := managedCacheTier(b, "data_plane_groups", "state_metadata")
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if *tier == a.Tier {
		return c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "config.capacity_config.tier", Rule: "invalid",
			Reason: "Proposed tier is identical to existing tier."})
	}
	a.Tier = *tier
	a.moveTo(stateInitializing, c.f.now())
	return mockcore.JSON(http.StatusOK, c.f.addOnView(a))
}

func deleteAddOn(c *call) mockcore.Response {
	a := c.f.addOn(c.params["addOnId"])
	if a == nil {
		return c.notFound("Add-on")
	}
	if n := c.f.linkedPlugins(a); n > 0 {
		return c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "id", Rule: "invalid", Source: "path",
			Reason: fmt.Sprintf("Managed cache add-on has %d linked plugin(s) that must be removed before deletion. Cache config ID: '%s'.", n, a.CacheConfigID)})
	}
	if a.State != stateTerminating {
		a.moveTo(stateTerminating, c.f.now())
	}
	return mockcore.NoContent()
}

// linkCache keeps the Redis partial of a control plane's ready cache in that control plane,
// and drops it once the add-on is gone.
func (f *Family) linkCache(a *addOn, gone bool) {
	if f.caches == nil || a.OwnerKind != "control-plane" {
		return
	}
	switch {
	case gone:
		f.caches.DropManagedCachePartial(a.OwnerID, a.CacheConfigID)
	case a.State == stateReady:
		f.caches.ManagedCachePartial(a.OwnerID, a.CacheConfigID)
	}
}

// linkedPlugins counts the plugins of the add-on's control plane that link its cache.
func (f *Family) linkedPlugins(a *addOn) int {
	if f.caches == nil || a.OwnerKind != "control-plane" {
		return 0
	}
	return f.caches.PluginsLinking(a.OwnerID, a.CacheConfigID)
}
