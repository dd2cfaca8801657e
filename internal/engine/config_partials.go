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
