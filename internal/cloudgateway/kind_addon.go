package cloudgateway

import (
	"context"
	"net/url"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// addOnAPI reaches /v2/cloud-gateways/add-ons. Konnect's owner and config are unions told
// apart by a constant `kind` (control-plane or control-plane-group; managed-cache.v0, its
// capacity tiered), which Kong's type names by branch instead (owner.control_plane,
// config.managed_cache.capacity_config.tiered) and without the constant: the API reads
// Konnect's JSON in that shape and writes it back in Konnect's, so the schema, the state and
// the guard's record are Kong's shape. An update PATCHes the config (Konnect's PATCH takes
// nothing else; name and owner replace the add-on).
type addOnAPI struct{ engine.PatchAPI }

var addOns = engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: global("add-ons"), Listed: true}, NameFilter: "filter[name][eq]"}

func (a addOnAPI) Get(ctx context.Context, cl *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PatchAPI.Get(ctx, cl, addr)
	return addOnFromKonnect(obj), resp, err
}

// List lists add-ons in Kong's shape, as Get reads one: the refresh reads them from this
// listing (Listed), which carries every field the GET does (cloud-gateways v2: both
// AddOnResponse).
func (a addOnAPI) List(ctx context.Context, cl *konnect.Client, parents map[string]string, query url.Values) ([]konnect.Object, error) {
	all, err := a.PatchAPI.List(ctx, cl, parents, query)
	return engine.Shaped(all, err, addOnFromKonnect)
}

func (a addOnAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	obj, err := a.PatchAPI.FindByName(ctx, cl, parents, name)
	return addOnFromKonnect(obj), err
}

func (a addOnAPI) FindAllByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) ([]konnect.Object, error) {
	all, err := a.PatchAPI.FindAllByName(ctx, cl, parents, name)
	return engine.Shaped(all, err, addOnFromKonnect)
}

func (a addOnAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PatchAPI.Create(ctx, cl, parents, addOnToKonnect(body))
	return addOnFromKonnect(obj), resp, err
}

func (a addOnAPI) Update(ctx context.Context, cl *konnect.Client, addr engine.Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	patch := konnect.Object{}
	if c, ok := addOnToKonnect(body)["config"]; ok {
		patch["config"] = c
	}
	obj, resp, err := a.PatchAPI.Update(ctx, cl, addr, patch, live, ifMatch)
	if err != nil {
		return nil, resp, err
	}
	// Konnect resizes the cache: the add-on initializes again, and the update waits for it
	// to be ready as the create does (the engine's Provisioning), so that state holds the
	// add-on at its new tier.
	return addOnFromKonnect(obj), resp, nil
}

// tieredFrom is Konnect's ManagedCacheCapacityConfig in Kong's shape: {tiered: {tier}}.
func tieredFrom(capacity any) map[string]any {
	c, _ := capacity.(map[string]any)
	if c == nil {
		return nil
	}
	return map[string]any{"tiered": map[string]any{"tier": c["tier"]}}
}

// addOnFromKonnect is an add-on as Konnect returns it, in Kong's shape.
func addOnFromKonnect(obj konnect.Object) konnect.Object {
	if obj == nil {
		return nil
	}
	out := konnect.Object{}
	for k, v := range obj {
		out[k] = v
	}
	if o, ok := obj["owner"].(map[string]any); ok {
		branch := map[string]any{}
		for k, v := range o {
			if k != "kind" {
				branch[k] = v
			}
		}
		key := "control_plane"
		if o["kind"] == "control-plane-group" {
			key = "control_plane_group"
		}
		out["owner"] = map[string]any{key: branch}
	}
	if c, ok := obj["config"].(map[string]any); ok && c["kind"] == "managed-cache.v0" {
		out["config"] = map[string]any{
			"managed_cache": map[string]any{"capacity_config": tieredFrom(c["capacity_config"])},
			"managed_cache_add_on_config_response": map[string]any{"capacity_config": tieredFrom(c["capacity_config"]),
				"data_plane_groups": c["data_plane_groups"], "state_metadata": c["state_metadata"]},
		}
	}
	return out
}

// addOnToKonnect is a create or update body in Konnect's shape, each union with its kind.
func addOnToKonnect(body konnect.Object) konnect.Object {
	out := konnect.Object{}
	for k, v := range body {
		out[k] = v
	}
	if o, ok := body["owner"].(map[string]any); ok {
		for key, kind := range map[string]string{"control_plane": "control-plane", "control_plane_group": "control-plane-group"} {
			if b, ok := o[key].(map[string]any); ok {
				owner := map[string]any{"kind": kind}
				for k, v := range b {
					owner[k] = v
				}
				out["owner"] = owner
			}
		}
	}
	if c, ok := body["config"].(map[string]any); ok {
		if mc, ok := c["managed_cache"].(map[string]any); ok {
			capacity, _ := mc["capacity_config"].(map[string]any)
			tiered, _ := capacity["tiered"].(map[string]any)
			out["config"] = map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": tiered["tier"]}}
		}
	}
	return out
}

// addOnState is an add-on's provisioning: Konnect reports `initializing`, `ready` or
// `terminating`, and a data-plane group where the cache failed as `error` with its reason.
func addOnState(obj konnect.Object) (string, string) {
	cfg, _ := obj["config"].(map[string]any)
	resp, _ := cfg["managed_cache_add_on_config_response"].(map[string]any)
	groups, _ := resp["data_plane_groups"].([]any)
	for _, g := range groups {
		m, _ := g.(map[string]any)
		if m["state"] == "error" {
			meta, _ := m["state_metadata"].(map[string]any)
			reason, _ := meta["error_reason"].(string)
			return "error", "data-plane group " + str(m["id"]) + " (" + str(m["provider"]) + " " + str(m["region"]) + "): " + reason
		}
	}
	st, _ := obj["state"].(string)
	return st, ""
}

func str(v any) string { s, _ := v.(string); return s }

var tiers = []string{"micro", "small", "medium", "large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge", "24xlarge"}

// ownerBranch is one of an add-on's owners: its id and geo, named with prefix.
func ownerBranch(prefix, what, other string) engine.Attr {
	return engine.Attr{Name: prefix, Description: "A " + what + " owns the add-on. Set this or `owner." + other + "`.",
		Validators: []engine.Validator{objectvalidator.ExactlyOneOf(path.MatchRelative().AtParent().AtName(other))},
		Type: engine.ObjectOf(
			engine.Attr{Name: prefix + "_id", Type: engine.String, Mode: engine.Required, Description: "The " + what + "'s id.",
				Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
			engine.Attr{Name: prefix + "_geo", Type: engine.String, Mode: engine.Required, Description: "The " + what + "'s geo: `us`, `eu`, `au`, `me`, `in` or `sg`.",
				Validators: []engine.Validator{stringvalidator.OneOf(geos...)}},
		)}
}

func tieredCapacity(mode engine.Mode) engine.Attr {
	return engine.Attr{Name: "capacity_config", Mode: mode, Description: "The cache's capacity.",
		Type: engine.ObjectOf(engine.Attr{Name: "tiered", Mode: mode, Description: "A capacity tier, with its size and performance.",
			Type: engine.ObjectOf(engine.Attr{Name: "tier", Type: engine.String, Mode: mode,
				Description: "`micro` (about 0.5 GiB), `small` (1 GiB), `medium` (3 GiB), `large` (6 GiB), `xlarge` (12 GiB), `2xlarge` (25 GiB), `4xlarge` (52 GiB), `8xlarge` (100 GiB), `12xlarge` (150 GiB), `16xlarge` (200 GiB) or `24xlarge` (300 GiB). " +
					"Konnect makes a tier larger in place and keeps the cached data; it cannot make one smaller, so a smaller tier replaces the add-on (a new, empty cache).",
				Validators: tierValidators(mode)})})}
}

// smallerTier replaces the add-on for a smaller tier: Konnect cannot downsize a managed cache
// ("delete and recreate it"), and refuses the PATCH.
func smallerTier(prior, planned engine.ObjectValues) (path.Path, bool) {
	was, now := slices.Index(tiers, tierOf(prior)), slices.Index(tiers, tierOf(planned))
	return path.Root("config").AtName("managed_cache").AtName("capacity_config").AtName("tiered").AtName("tier"), was >= 0 && now >= 0 && now < was
}

// tierOf is the tier configuration sets ("" when it is not known).
func tierOf(m engine.ObjectValues) string {
	v := m["config"]
	for _, k := range []string{"managed_cache", "capacity_config", "tiered"} {
		o, err := engine.AsObject(v)
		if err != nil || o == nil {
			return ""
		}
		v = o[k]
	}
	o, err := engine.AsObject(v)
	if err != nil || o == nil || !o["tier"].IsKnown() {
		return ""
	}
	return engine.Str(o["tier"])
}

// AddOnKind is an add-on of a control plane or control plane group
// (/v2/cloud-gateways/add-ons): today the managed cache, a Redis-compatible cache Konnect runs
// beside the owner's data planes.
var AddOnKind = engine.EntityKind{
	TypeName: "konnect_cloud_gateway_addon",
	Description: "An add-on of a Cloud Gateways control plane or control plane group: today the managed cache, a Redis-compatible cache that Konnect runs in the owner's data-plane groups " +
		"(plugins reach it through the Redis partial Konnect makes for it, or the vault references in `config.managed_cache_add_on_config_response.state_metadata`). " +
		"The create waits until Konnect reports it `ready` (about 15 minutes in Konnect; `timeouts.create`); while it provisions, its state, data-plane groups and entity_version move without any plan showing a change. " +
		"A larger tier is a PATCH of the add-on; a smaller one replaces it, as Konnect cannot downsize a cache. Konnect refuses to delete an add-on that plugins still link (through its Redis partial): the destroy names them, with their import blocks, before anything is deleted; remove the partial from those plugins first. " +
		"Creating an add-on whose name another already has fails with the `import` block that adopts it. Import it by id.",
	API:        addOnAPI{addOns},
	NameAttr:   "name",
	Dependents: []engine.Dependent{pluginsLinkingCache},
	ReplaceIf:  smallerTier,
	// What provisioning moves: never a change of the add-on's own.
	Derived:      []string{"state", "entity_version", "updated_at", "config.managed_cache_add_on_config_response"},
	Provisioning: &engine.Provisioning{StateOf: addOnState, Ready: []string{"ready"}, Failed: []string{"error"}, Leaving: []string{"terminating"}, CreateTimeout: time.Hour, DeleteTimeout: time.Hour},
	Attrs: slices.Concat([]engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The add-on's name, unique in the organization. Changing it replaces the add-on.",
			Validators:  []engine.Validator{stringvalidator.UTF8LengthBetween(1, 70), engine.NotBlank()}},
		{Name: "owner", Mode: engine.Required, ForceNew: true, Description: "What owns the add-on: a control plane or a control plane group. Changing it replaces the add-on.",
			Type: engine.ObjectOf(ownerBranch("control_plane", "control plane", "control_plane_group"),
				ownerBranch("control_plane_group", "control plane group", "control_plane"))},
		{Name: "config", Mode: engine.Required, Description: "The add-on's configuration: today the managed cache's.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "managed_cache", Mode: engine.Required, Description: "A managed cache.",
					Type: engine.ObjectOf(tieredCapacity(engine.Required))},
				engine.Attr{Name: "managed_cache_add_on_config_response", Mode: engine.Computed, ChangesOnWrite: true,
					Description: "What Konnect reports of the managed cache: its capacity, the data-plane groups it runs in, and where plugins find it.",
					Type: engine.ObjectOf(tieredCapacity(engine.Computed),
						engine.Attr{Name: "data_plane_groups", Mode: engine.Computed, Description: "The data-plane groups the cache runs in.",
							Type: engine.ListOf(engine.ObjectOf(
								computedString("id", "The data-plane group's id."),
								computedString("cloud_gateway_network_id", "The network the group runs on."),
								computedString("provider", "The cloud provider."),
								computedString("region", "The provider's region."),
								computedString("state", "The cache's state in the group: `initializing`, `ready`, `error` or `terminating`."),
								engine.Attr{Name: "state_metadata", Mode: engine.Computed, Description: "Why the cache is in error in the group.",
									Type: engine.ObjectOf(computedString("error_reason", "The reason the infrastructure reports."))},
							))},
						engine.Attr{Name: "state_metadata", Mode: engine.Computed, Description: "Where plugins find the cache, as vault references (`{vault://env/ADDON_MANAGED_CACHE_HOST}`), once it is ready.",
							Type: engine.ObjectOf(
								computedString("cache_config_id", "The cache configuration's id."),
								computedString("cache_server_name", "The vault reference of the cache's server name."),
								computedString("cache_host", "The vault reference of the cache's host."),
								computedString("cache_port", "The vault reference of the cache's port."),
								computedString("cache_username", "The vault reference of the cache's user name."),
								engine.Attr{Name: "cloud_authentication", Mode: engine.Computed, Description: "The vault references of the cloud authentication to the cache.",
									Type: engine.ObjectOf(
										computedString("auth_provider", "The auth provider's."),
										computedString("aws_cache_name", "The AWS cache name's."),
										computedString("aws_region", "The AWS region's."),
										computedString("aws_assume_role_arn", "The AWS role to assume's."),
										computedString("azure_tenant_id", "The Azure tenant id's."),
									)},
							)},
					)},
			)},
		{Name: "state", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Konnect's provisioning state: `initializing`, `ready` or `terminating`."},
	}, lifecycleAttrs("add-on", time.Hour, time.Hour)),
}

// pluginsLinkingCache are the plugins of the add-on's control plane that link the Redis
// partial Konnect made for the cache (its id is the cache's cache_config_id): Konnect refuses
// the add-on's delete while any does ("Managed cache add-on has 1 linked plugin(s) that must
// be removed before deletion"), so the destroy names them instead.
var pluginsLinkingCache = engine.Dependent{Collection: "plugins", TypeName: "konnect_gateway_plugin", NameFields: []string{"instance_name", "name"},
	LinkControlPlane: "owner.control_plane_id", LinkPartial: "config.state_metadata.cache_config_id", Refuses: true}

func computedString(name, description string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.String, Mode: engine.Computed, Description: description}
}

func tierValidators(mode engine.Mode) []engine.Validator {
	if mode == engine.Computed {
		return nil
	}
	return []engine.Validator{stringvalidator.OneOf(tiers...)}
}
