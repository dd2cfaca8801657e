package engine

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A partial linked to a plugin that does not take its type (rate-limiting with a redis-ee
// partial: it takes redis-ce) passes Konnect's write only to fail at the data planes, or is
// refused at apply after the rest was written. Kong's plugin schemas say which partial types
// each plugin takes (supported_partials): the plan of a create, or of a change of the
// plugin's partials, reads the type of each partial it links (known ids only: a partial
// created in the same run is checked by Konnect at apply) and refuses the others on
// `partials`.

// checkPartialTypes is that check (a plugin kind's ModifyPlan).
func (r *EntityResource) checkPartialTypes(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	cs := r.Kind.ConfigSchema
	if cs == nil || cs.of != schemaOfPlugin || r.Data == nil || r.Data.Client == nil || req.Plan.Raw.IsNull() || RefreshCommand() {
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil || planned["partials"].IsNull() || !planned["partials"].IsKnown() {
		return
	}
	if !req.State.Raw.IsNull() {
		if prior, err := AsObject(req.State.Raw); err != nil || prior["partials"].Equal(planned["partials"]) && prior[cs.nameAttr].Equal(planned[cs.nameAttr]) {
			return
		}
	}
	cp, ok1 := knownString(planned["control_plane_id"])
	name, ok2 := knownString(planned[cs.nameAttr])
	if !ok1 || !ok2 {
		return
	}
	var links []string
	var list []tftypes.Value
	_ = planned["partials"].As(&list)
	for _, l := range list {
		var m map[string]tftypes.Value
		if l.As(&m) == nil {
			if id, ok := knownString(m["id"]); ok { // (Konnect fills in name and path)
				links = append(links, id)
			}
		}
	}
	if len(links) == 0 {
		return
	}
	schema, err := r.Data.secrets.schemas.get(ctx, r.Data.Client, cs.of, cp, name)
	if err != nil {
		return // the config check reports an unknown plugin; any other failure is the apply's
	}
	supported, _ := schema["supported_partials"].(map[string]any)
	types := make([]string, 0, len(supported))
	for t := range supported {
		types = append(types, t)
	}
	sort.Strings(types)
	for _, id := range links {
		var partial konnect.Object
		if _, err := r.Data.Client.Do(ctx, http.MethodGet, konnect.CoreEntitiesPath(cp, "partials", id), nil, nil, &partial); err != nil {
			continue // a missing partial is Konnect's 400 at apply, naming it
		}
		typ, _ := partial["type"].(string)
		if typ == "" || slices.Contains(types, typ) {
			continue
		}
		takes := "takes no partials"
		if len(types) > 0 {
			takes = "takes partials of type " + strings.Join(types, ", ")
		}
		resp.Diagnostics.AddAttributeError(path.Root("partials"), "Partial of a type the plugin does not take",
			fmt.Sprintf("Partial %s (%q) is of type %s, but plugin `%s` %s (its schema's supported_partials in control plane %s). Link a partial of a type it takes, or none.",
				id, fmt.Sprint(partial["name"]), typ, name, takes, cp))
	}
}

// A plugin's schema also says which scopes it cannot have (Kong's typedefs.no_consumer and
// the like: `"eq": null` on the scope's field) and which protocols it runs on. A plugin
// scoped or run otherwise passes plan only to be refused at apply: the plan of a create, or
// of a change of them, checks them on the attribute.
func (r *EntityResource) checkPluginFields(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	cs := r.Kind.ConfigSchema
	if cs == nil || cs.of != schemaOfPlugin || r.Data == nil || r.Data.Client == nil || req.Plan.Raw.IsNull() || RefreshCommand() {
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		return
	}
	scopes := []string{"consumer", "consumer_group", "route", "service"}
	if !req.State.Raw.IsNull() {
		prior, err := AsObject(req.State.Raw)
		if err != nil {
			return
		}
		same := prior[cs.nameAttr].Equal(planned[cs.nameAttr]) && prior["protocols"].Equal(planned["protocols"])
		for _, s := range scopes {
			same = same && prior[s].Equal(planned[s])
		}
		if same {
			return
		}
	}
	cp, ok1 := knownString(planned["control_plane_id"])
	name, ok2 := knownString(planned[cs.nameAttr])
	if !ok1 || !ok2 || r.Data.secrets.schemas.uploading(cp, name) {
		return // not known yet, or a schema this run changes: checked when the apply plans again
	}
	schema, err := r.Data.secrets.schemas.get(ctx, r.Data.Client, cs.of, cp, name)
	if err != nil {
		return
	}
	defs := map[string]map[string]any{}
	list, _ := schema["fields"].([]any)
	for _, f := range list {
		m, _ := f.(map[string]any)
		for k, v := range m {
			d, _ := v.(map[string]any)
			defs[k] = d
		}
	}
	for _, s := range scopes {
		eq, marked := defs[s]["eq"]
		if v, ok := planned[s]; ok && marked && eq == nil && v.IsKnown() && !v.IsNull() {
			resp.Diagnostics.AddAttributeError(path.Root(s), "Scope the plugin cannot have",
				fmt.Sprintf("Plugin `%s` cannot be scoped to a %s: its schema in control plane %s rules it out (Kong's `%s = typedefs.no_%s`). Leave %s unset.",
					name, strings.ReplaceAll(s, "_", " "), cp, s, s, s))
		}
	}
	elements, _ := defs["protocols"]["elements"].(map[string]any)
	allowed, _ := elements["one_of"].([]any)
	var protocols []tftypes.Value
	if v := planned["protocols"]; len(allowed) > 0 && v.IsFullyKnown() && !v.IsNull() && v.As(&protocols) == nil {
		var names []string
		for _, a := range allowed {
			names = append(names, fmt.Sprint(a))
		}
		for _, p := range protocols {
			if s, ok := knownString(p); ok && !slices.Contains(names, s) {
				resp.Diagnostics.AddAttributeError(path.Root("protocols"), "Protocol the plugin does not run on",
					fmt.Sprintf("Plugin `%s` does not run on %s: its schema in control plane %s allows %s.", name, s, cp, strings.Join(names, ", ")))
			}
		}
	}
}
