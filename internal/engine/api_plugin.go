package engine

import (
	"context"
	"net/url"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// pluginAPI writes plugins like any core entity, except that an update sends the config
// that Konnect holds with the configured keys laid over it: a PUT replaces the whole
// config, and would otherwise reset keys that configuration does not set, including
// ones someone changed in Konnect, without anyone seeing it in a plan.
type PluginAPI struct{ CoreEntityAPI }

func (p PluginAPI) Update(ctx context.Context, cl *konnect.Client, a Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	if want, ok := body["config"].(map[string]any); ok {
		if have, ok := live["config"].(map[string]any); ok {
			merged := konnect.Object{}
			for k, v := range body {
				merged[k] = v
			}
			merged["config"] = Overlay(have, want)
			body = merged
		}
	}
	return p.CoreEntityAPI.Update(ctx, cl, a, body, live, ifMatch)
}

// overlay returns base with over laid on top: objects are merged key by key, anything
// else (arrays, scalars, null) in over wins.
func Overlay(base, over map[string]any) map[string]any {
	out := make(map[string]any, len(base)+len(over))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		bm, ok1 := out[k].(map[string]any)
		om, ok2 := v.(map[string]any)
		if ok1 && ok2 {
			out[k] = Overlay(bm, om)
			continue
		}
		out[k] = v
	}
	return out
}

// jsonSemanticEquality keeps the state's JSON document when the configured one asks for
// nothing different: every configured key holds the same value in state, whatever the key
// order, spacing or number spelling. State holds the configured keys after a write, and
// Konnect's whole document after an import; either way, configuration that agrees with it
// plans nothing.
type JSONSemanticEquality struct{}

func (JSONSemanticEquality) Description(context.Context) string {
	return "A JSON document whose keys all hold the values in state (in any order or spelling) is not a change."
}

func (m JSONSemanticEquality) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (JSONSemanticEquality) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	if req.PlanValue.Equal(req.StateValue) {
		return
	}
	planned, err1 := canonjson.ParseJSON(req.PlanValue.ValueString())
	stated, err2 := canonjson.ParseJSON(req.StateValue.ValueString())
	if err1 != nil || err2 != nil {
		return
	}
	// After an import, state holds no secret: the resource's ModifyPlan compares a
	// configured secret with the digest of what Konnect held (plannedImportSecrets).
	if guard.Equal(guard.Field{}, guard.ProjectKeys(stated, planned, false), planned) {
		resp.PlanValue = req.StateValue
	}
}

// The plan modifier does nothing when the planned value is the prior state's: the protocol
// fast path's plan shortcut takes types that use it (server.go).
func (JSONSemanticEquality) UnchangedPlanNoop() {}

// pluginScopes are the references that, with its name, make a plugin unique: Konnect holds
// one plugin of a name per scope.
var pluginScopes = []string{"service", "route", "consumer", "consumer_group"}

// PluginScopeParts names a plugin's scope in words, one part per reference it has
// ("service <id>", "consumer group <id>"); none for a global plugin.
func PluginScopeParts(obj konnect.Object) []string {
	var parts []string
	for _, s := range pluginScopes {
		if id := refID(obj[s]); id != "" {
			parts = append(parts, strings.ReplaceAll(s, "_", " ")+" "+id)
		}
	}
	return parts
}

// UniqueField: Konnect's unique-constraint refusal of a plugin names its "name".
func (PluginAPI) UniqueField() string { return "name" }

// FindHolder finds the plugin that holds body's name in body's scope (the one Konnect
// refused body for), nil when none is found, with what they share in words.
func (p PluginAPI) FindHolder(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, string, string, error) {
	name, _ := body["name"].(string)
	list, err := cl.ListEntities(ctx, p.Collection(parents), url.Values{"filter[name][eq]": {name}})
	if err != nil {
		return nil, "", "", err
	}
	scope := "global (no service, route, consumer or consumer group)"
	if parts := PluginScopeParts(body); len(parts) > 0 {
		scope = "on " + strings.Join(parts, ", ")
	}
	for _, obj := range list {
		if obj["name"] != name {
			continue
		}
		same := true
		for _, s := range pluginScopes {
			if refID(obj[s]) != refID(body[s]) {
				same = false
				break
			}
		}
		if same {
			return obj, name, scope, nil
		}
	}
	return nil, name, scope, nil
}
