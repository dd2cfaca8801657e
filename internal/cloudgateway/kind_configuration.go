package cloudgateway

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

const configurations = "/v2/cloud-gateways/configurations"

// configurationAPI reaches a control plane's cloud gateway configuration: Konnect has no
// POST, PATCH nor DELETE for it, only a PUT upsert keyed by control plane and geo. So:
//   - a create first looks for a configuration of that control plane and geo (the creation
//     guard refuses to write over one: FindByNameIn), then PUTs;
//   - an update PUTs the whole desired configuration, and never one Konnect holds already
//     (Konnect answers an identical PUT 409);
//   - a delete PUTs the configuration without data-plane groups: Konnect tears them down,
//     and once they are gone it holds no configuration (the engine waits for its 404).
type configurationAPI struct{}

// configurationFields are what a PUT carries.
var configurationFields = []string{"control_plane_id", "control_plane_geo", "version", "dataplane_groups", "kind", "api_access"}

func (configurationAPI) Path(_ map[string]string, id string) string {
	return configurations + "/" + url.PathEscape(id)
}

func (a configurationAPI) Get(ctx context.Context, cl *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodGet, a.Path(nil, addr.ID), nil, nil, &out)
	return out, resp, err
}

// ListAll lists every configuration of the organization, for the export.
func (a configurationAPI) ListAll(ctx context.Context, cl *konnect.Client, _ map[string]string) ([]konnect.Object, error) {
	return engine.EachByGet(ctx, cl, configurations, a.Get)
}

// FindByName finds the configuration of a control plane (in any geo).
func (a configurationAPI) FindByName(ctx context.Context, cl *konnect.Client, _ map[string]string, cpID string) (konnect.Object, error) {
	return a.FindByNameIn(ctx, cl, nil, cpID, nil)
}

// FindByNameIn finds the configuration of a control plane in the body's geo.
func (configurationAPI) FindByNameIn(ctx context.Context, cl *konnect.Client, _ map[string]string, cpID string, body konnect.Object) (konnect.Object, error) {
	q := url.Values{"filter[control_plane_id][eq]": {cpID}}
	if geo, _ := body["control_plane_geo"].(string); geo != "" {
		q.Set("filter[control_plane_geo][eq]", geo)
	}
	found, err := engine.ListPlatformQuery(ctx, cl, configurations, q)
	if err != nil || len(found) == 0 {
		return nil, err
	}
	return found[0], nil
}

func putBody(body konnect.Object) konnect.Object {
	out := konnect.Object{}
	for _, k := range configurationFields {
		if v, ok := body[k]; ok && v != nil {
			out[k] = v
		}
	}
	return out
}

func (configurationAPI) Create(ctx context.Context, cl *konnect.Client, _ map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPut, configurations, nil, putBody(body), &out)
	return out, resp, err
}

// Update PUTs the desired configuration over the one just read live, unless Konnect holds
// it already: an identical PUT is refused (409) and would change nothing.
func (configurationAPI) Update(ctx context.Context, cl *konnect.Client, _ engine.Address, body, live konnect.Object, _ string) (konnect.Object, *konnect.Response, error) {
	// The PUT replaces the configuration: a setting it leaves out (one configuration stopped
	// setting) goes back to Konnect's default.
	put := putBody(body)
	for _, k := range []string{"control_plane_id", "control_plane_geo"} {
		if _, ok := put[k]; !ok && live[k] != nil {
			put[k] = live[k]
		}
	}
	if sameConfiguration(put, live) {
		return live, nil, nil
	}
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPut, configurations, nil, put, &out)
	return out, resp, err
}

// Delete PUTs the configuration without data-plane groups: Konnect tears them down.
func (configurationAPI) Delete(ctx context.Context, cl *konnect.Client, a engine.Address, _ string) (*konnect.Response, error) {
	var live konnect.Object
	if _, err := cl.Do(ctx, http.MethodGet, configurations+"/"+url.PathEscape(a.ID), nil, nil, &live); err != nil {
		return nil, err
	}
	put := konnect.Object{"dataplane_groups": []any{}}
	for _, k := range []string{"control_plane_id", "control_plane_geo", "kind", "version", "api_access"} {
		if live[k] != nil {
			put[k] = live[k]
		}
	}
	if groups, _ := live["dataplane_group_config"].([]any); len(groups) == 0 {
		return nil, nil // torn down already: the engine waits for it to be gone
	}
	return cl.Do(ctx, http.MethodPut, configurations, nil, put, nil)
}

// sameConfiguration reports whether Konnect holds what put would write: its settings and
// the data-plane groups it was last given (dataplane_group_config), in any order.
func sameConfiguration(put, live konnect.Object) bool {
	norm := func(v any) any {
		var out any
		b, _ := json.Marshal(v)
		_ = json.Unmarshal(b, &out)
		return out
	}
	// a setting the PUT leaves out is Konnect's default
	defaults := map[string]any{"kind": "dedicated.v0", "api_access": "private+public"}
	for _, k := range []string{"control_plane_id", "control_plane_geo", "kind", "version", "api_access"} {
		want, set := put[k]
		if !set {
			want = defaults[k]
		}
		if !reflect.DeepEqual(norm(want), norm(live[k])) {
			return false
		}
	}
	want, _ := norm(put["dataplane_groups"]).([]any)
	have, _ := norm(live["dataplane_group_config"]).([]any)
	if len(want) != len(have) {
		return false
	}
	key := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	a, b := make([]string, len(want)), make([]string, len(have))
	for i := range want {
		a[i], b[i] = key(want[i]), key(have[i])
	}
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// configurationState is a configuration's provisioning: its data-plane groups' together.
func configurationState(obj konnect.Object) (string, string) {
	groups, _ := obj["dataplane_groups"].([]any)
	ready, live := 0, 0
	for _, g := range groups {
		m, _ := g.(map[string]any)
		switch m["state"] {
		case "error":
			meta, _ := m["state_metadata"].(map[string]any)
			reason, _ := meta["reason"].(string)
			return "error", fmt.Sprintf("data-plane group %v (%v %v): %s", m["id"], m["provider"], m["region"], reason)
		case "ready":
			ready++
		case "terminated": // a removed group that is gone, if Konnect still lists it
			continue
		}
		live++ // a removed group still terminating is waited for: it is not gone yet
	}
	if ready == live && live > 0 {
		return "ready", ""
	}
	return "initializing", ""
}

var geos = []string{"us", "eu", "au", "me", "in", "sg"}

// envNamePattern is Konnect's rule for a data-plane group's environment variable.
const envNamePattern = `^(KONG|OTEL)_[a-zA-Z_]+[a-zA-Z0-9_]*$`

func autoscaleBranch(name, kind string, attrs ...engine.Attr) engine.Attr {
	kindAttr := engine.Attr{Name: "kind", Type: engine.String, Mode: engine.Required, Description: fmt.Sprintf("Must be `%s`.", kind),
		Validators: []engine.Validator{stringvalidator.OneOf(kind)}}
	return engine.Attr{Name: name, Inline: true, Branch: "kind=" + kind, Type: engine.ObjectOf(append([]engine.Attr{kindAttr}, attrs...)...)}
}

// ConfigurationKind is a control plane's Dedicated (or serverless) Cloud Gateways
// configuration (/v2/cloud-gateways/configurations): where its data-plane groups run.
var ConfigurationKind = engine.EntityKind{
	TypeName: "konnect_cloud_gateway_configuration",
	Description: "A control plane's Cloud Gateways configuration in one geo: the data-plane groups Konnect runs for it, each in a provider's region on a network. " +
		"Konnect keeps one configuration per control plane and geo and replaces it whole: the create refuses to write over one someone made (adopt it with an import block), and an update never sends Konnect what it holds already. " +
		"The create, and an update that adds, changes or removes a data-plane group, wait until every group is `ready` and every removed one is gone (`timeouts.create`); a group whose provisioning fails is an error with Konnect's reason, and the configuration stays in state, tainted. " +
		"The destroy really tears the configuration down (Konnect has no DELETE for it: it is given no data-plane groups) and waits until Konnect holds no configuration (`timeouts.delete`). " +
		"`dataplane_groups[].environment` values are returned by Konnect to anyone who can read the configuration and kept in state: they are no place for secrets (reference a vault instead).",
	API:      configurationAPI{},
	NameAttr: "control_plane_id",
	// What provisioning moves: the groups as they run. What was last put stays in the
	// revision (dataplane_group_config): someone's PUT changes it.
	Derived:      []string{"entity_version", "updated_at", "dataplane_groups"},
	Provisioning: &engine.Provisioning{StateOf: configurationState, Ready: []string{"ready"}, Failed: []string{"error"}, CreateTimeout: time.Hour, DeleteTimeout: time.Hour},
	Check:        checkConfiguration,
	Attrs: slices.Concat(controlPlaneAttrs("The control plane the data planes serve.", "configuration"), []engine.Attr{
		{Name: "kind", Type: engine.String, Default: "dedicated.v0",
			Description: "`dedicated.v0` (Konnect's default: `version`, and each group's network and autoscale, are required) or `serverless.v1` (they must be left out).",
			Validators:  []engine.Validator{stringvalidator.OneOf("dedicated.v0", "serverless.v1")}},
		{Name: "version", Type: engine.String, Description: "The gateway version the data planes run (`3.10`), one Konnect's availability.json lists. Required for `dedicated.v0`."},
		{Name: "api_access", Type: engine.String, Default: "private+public",
			Description: "How the data planes are reached: `private`, `public` or `private+public` (Konnect's default).",
			Validators:  []engine.Validator{stringvalidator.OneOf("private", "public", "private+public")}},
		// Read from what was last put: a group being torn down (still in Konnect's
		// dataplane_groups while it terminates) is no longer configuration's.
		{Name: "dataplane_groups", ReadFrom: "dataplane_group_config", Mode: engine.Required, Description: "The data-plane groups, one per provider region and network.",
			Validators: []engine.Validator{setvalidator.SizeAtLeast(1), groupsForKind{}},
			Type: engine.SetOf(engine.ObjectOf(
				engine.Attr{Name: "provider", Type: engine.String, Mode: engine.Required, Description: "The cloud provider: `aws`, `azure` or `gcp`.",
					Validators: []engine.Validator{stringvalidator.OneOf("aws", "azure", "gcp")}},
				engine.Attr{Name: "region", Type: engine.String, Mode: engine.Required, Description: "The provider's region (`us-east-2`)."},
				engine.Attr{Name: "cloud_gateway_network_id", Type: engine.String, Description: "The network the group runs on (`konnect_cloud_gateway_network`). Required for `dedicated.v0`.",
					Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
				engine.Attr{Name: "autoscale", Description: "How the group scales: set one of its two strategies. Required for `dedicated.v0`.",
					Type: engine.ObjectOf(
						autoscaleBranch("configuration_data_plane_group_autoscale_autopilot", "autopilot",
							engine.Attr{Name: "base_rps", Type: engine.Int64, Mode: engine.Required, Description: "The requests per second the group is sized for (at least 1).",
								Validators: []engine.Validator{int64validator.AtLeast(1)}},
							engine.Attr{Name: "max_rps", Type: engine.Int64, Mode: engine.Computed, Description: "Deprecated by Konnect: ten times base_rps."}),
						autoscaleBranch("configuration_data_plane_group_autoscale_static", "static",
							engine.Attr{Name: "instance_type", Type: engine.String, Mode: engine.Required, Description: "`small`, `medium` or `large`.",
								Validators: []engine.Validator{stringvalidator.OneOf("small", "medium", "large")}},
							engine.Attr{Name: "requested_instances", Type: engine.Int64, Mode: engine.Required, Description: "How many data planes the group runs (deprecated by Konnect for autopilot)."}),
					)},
				engine.Attr{Name: "environment", Description: "Environment variables of the group's data planes (`KONG_` or `OTEL_` names). Konnect returns their values and state keeps them: no secrets here.",
					Type: engine.ListOf(engine.ObjectOf(
						engine.Attr{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The variable's name, `KONG_…` or `OTEL_…`.",
							Validators: []engine.Validator{stringvalidator.RegexMatches(envNameRE, "must start with KONG_ or OTEL_")}},
						engine.Attr{Name: "value", Type: engine.String, Mode: engine.Required, Description: "Its value (returned by Konnect: not for secrets).",
							Validators: []engine.Validator{stringvalidator.UTF8LengthBetween(1, 2048)}},
					))},
			))},
		{Name: "entity_version", Type: engine.Int64, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Konnect's version of the configuration, increased by every change (its data-plane groups' provisioning too)."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
		engine.ProvisioningTimeouts(time.Hour, time.Hour),
	}),
}

// checkConfiguration is Konnect's rule for a kind at plan: dedicated.v0 needs a version,
// serverless.v1 must leave it out.
func checkConfiguration(_ context.Context, _ *konnect.Client, values konnect.Object) []engine.Problem {
	kind, _ := values["kind"].(string)
	if kind == "" {
		kind = "dedicated.v0"
	}
	var out []engine.Problem
	need := func(attr, what string) {
		out = append(out, engine.Problem{Attr: attr, Summary: "Missing " + what + " for a dedicated.v0 configuration",
			Detail: fmt.Sprintf("A configuration of kind dedicated.v0 needs %s. Set it, or set kind = \"serverless.v1\".", what)})
	}
	omit := func(attr, what string) {
		out = append(out, engine.Problem{Attr: attr, Summary: "A serverless.v1 configuration takes no " + what,
			Detail: fmt.Sprintf("Konnect ignores %s for kind serverless.v1: leave it out, or set kind = \"dedicated.v0\".", what)})
	}
	_, hasVersion := values["version"]
	switch {
	case kind == "dedicated.v0" && !hasVersion:
		need("version", "a gateway version (`version`)")
	case kind == "serverless.v1" && hasVersion:
		omit("version", "`version`")
	}
	return out // each group's network and autoscale: groupsForKind, at validation
}

// groupsForKind checks each data-plane group of the configuration against its kind:
// dedicated.v0 needs the group's network and autoscale, serverless.v1 must leave them out.
// (A validator: in the plan, a group's unset optional attributes are unknown.)
type groupsForKind struct{}

func (groupsForKind) Description(context.Context) string {
	return "each group's cloud_gateway_network_id and autoscale are set for kind dedicated.v0 and left out for serverless.v1"
}

func (v groupsForKind) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (groupsForKind) ValidateSet(ctx context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var kind types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("kind"), &kind)...)
	if kind.IsUnknown() {
		return
	}
	k := kind.ValueString()
	if kind.IsNull() {
		k = "dedicated.v0"
	}
	for i, e := range req.ConfigValue.Elements() {
		obj, ok := e.(types.Object)
		if !ok || obj.IsNull() || obj.IsUnknown() {
			continue
		}
		for _, f := range []string{"cloud_gateway_network_id", "autoscale"} {
			a, ok := obj.Attributes()[f]
			if !ok || a.IsUnknown() {
				continue
			}
			what := fmt.Sprintf("dataplane_groups[%d].%s", i, f)
			switch {
			case k == "dedicated.v0" && a.IsNull():
				resp.Diagnostics.AddAttributeError(req.Path, "Missing "+what+" for a dedicated.v0 configuration",
					fmt.Sprintf("A configuration of kind dedicated.v0 needs `%s`. Set it, or set kind = \"serverless.v1\".", what))
			case k == "serverless.v1" && !a.IsNull():
				resp.Diagnostics.AddAttributeError(req.Path, "A serverless.v1 configuration takes no "+what,
					fmt.Sprintf("Konnect ignores `%s` for kind serverless.v1: leave it out, or set kind = \"dedicated.v0\".", what))
			}
		}
	}
}

var envNameRE = regexp.MustCompile(envNamePattern)
