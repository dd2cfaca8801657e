package provider

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// pluginScope is one optional reference that narrows where a plugin runs. A plugin cannot
// move to another scope in place.
func pluginScope(name, what string) Attr {
	return Attr{Name: name, Type: RefID("Id of the `konnect_gateway_" + name + "`."), ForceNew: true,
		Description: "Run the plugin only for this " + what + ". Unset: for every " + what + ".",
		Validators:  []Validator{refIsUUID()}}
}

// pluginPhase is the `access` phase ordering of a plugin (Kong Enterprise).
func pluginPhase(name, when string) Attr {
	return Attr{Name: name, Mode: Required, Description: "Plugins this plugin runs " + when + ", by phase.",
		Type: ObjectOf(Attr{Name: "access", Type: ListOf(String), Mode: Required, Description: "Plugin names, in the access phase.",
			Validators: []Validator{listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))}})}
}

// PluginKind is a gateway plugin (…/core-entities/plugins) of any name: global, or scoped
// to a service, route, consumer or consumer group. `config` is a JSON document; Konnect fills
// in the plugin's defaults, and state keeps only the keys that configuration sets.
var PluginKind = EntityKind{
	TypeName: "konnect_gateway_plugin",
	Description: "A gateway plugin in a Konnect control plane, of any plugin `name`: global, or scoped to a service, route, consumer or consumer group. " +
		"`config` is written with `jsonencode({...})`: Konnect fills in the plugin's defaults, and Terraform tracks only the keys you set (key order and defaults never cause a diff; " +
		"after an import, configuration that sets some keys to the values Konnect holds plans nothing). " +
		"An import keeps no secret of the config in state (keys the plugin's schema in Konnect marks encrypted or referenceable, and keys named like `password`; vault references stay), so the plan that imports it never shows one; " +
		"configuration that sets such a key to what Konnect holds plans nothing (compared through a keyed digest kept with the state, never the secret), and keys it leaves out keep what Konnect holds. " +
		"Keys you do not set keep the value Konnect holds, even when someone changed them in Konnect; to clear a key, set it to null. " +
		"Secrets: prefer a vault reference (`{vault://…}`) in `config`; a literal secret belongs in `config_secrets` (sensitive, never printed) or `config_secrets_wo` (write-only), not in `config`, which Terraform prints in plans and logs (a plan that puts one there gets a warning). " +
		"Konnect allows one plugin of a name per scope and there is no name to look up before creating, so the create-time name check does not apply: " +
		"a second plugin with the same name and scope is refused by Konnect at apply.",
	API:      pluginAPI{coreEntityAPI{Collection: inControlPlane("plugins")}},
	NameAttr: "",
	Attrs: []Attr{
		controlPlaneID,
		{Name: "name", Type: String, Mode: Required, ForceNew: true, Description: "The plugin, for example `rate-limiting` or `key-auth`.",
			Validators: []Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^[A-Za-z0-9_-]+$`),
				"must be a plugin name: letters, digits, - and _")}},
		{Name: "instance_name", Default: DefaultNull, Type: String, Description: "A name for this plugin instance, unique in the control plane.",
			Validators: []Validator{stringvalidator.LengthBetween(1, 128)}},
		{Name: "config", Type: JSON, Description: "The plugin's configuration as a JSON object, written with `jsonencode({...})`. Keys you leave out take Konnect's values and are not tracked.",
			Validators:    []Validator{jsonText(true)},
			PlanModifiers: []PlanModifier{jsonSemanticEquality{}}},
		configSecretsAttr("a redis `password`, an openid-connect `client_secret`, an AI plugin's `auth.header_value`"), configSecretsWOAttr, configSecretsWOVersionAttr,
		{Name: "enabled", Default: true, Type: Bool, Description: "Whether the plugin runs. Konnect's default is true."},
		{Name: "protocols", Default: []any{"grpc", "grpcs", "http", "https"}, Type: SetOf(String), Description: "Protocols the plugin runs for. Konnect's default is `[\"grpc\", \"grpcs\", \"http\", \"https\"]`.",
			Validators: []Validator{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(
				stringvalidator.OneOf("grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"))}},
		pluginScope("service", "service"),
		pluginScope("route", "route"),
		pluginScope("consumer", "consumer"),
		pluginScope("consumer_group", "consumer group"),
		{Name: "ordering", Default: DefaultNull, Description: "Dynamic ordering against other plugins (Kong Enterprise). Set both `before` and `after`; use `access = []` for none.",
			Type: ObjectOf(pluginPhase("before", "before"), pluginPhase("after", "after"))},
		{Name: "condition", Default: DefaultNull, Type: String, Description: "An expression that decides, request by request, whether the plugin runs (at most 1024 characters).",
			Validators: []Validator{stringvalidator.LengthBetween(1, 1024)}},
		{Name: "partials", Default: DefaultNull, Description: "Shared pieces of configuration (a Redis connection, ...) the plugin uses, by partial id; Konnect fills in each one's `name` and `path`.",
			Type: ListOf(ObjectOf(
				Attr{Name: "id", Type: String, Mode: Required, Description: "Id of the partial.",
					Validators: []Validator{stringvalidator.RegexMatches(uuidRE, "must be a UUID")}},
				Attr{Name: "name", Type: String, Description: "The partial's name (Konnect fills it in)."},
				Attr{Name: "path", Type: String, Description: "The plugin configuration path the partial fills, for example `config.redis` (Konnect fills it in)."}))},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
}

// pluginAPI writes plugins like any core entity, except that an update sends the config
// that Konnect holds with the configured keys laid over it: a PUT replaces the whole
// config, and would otherwise reset keys that configuration does not set, including
// ones someone changed in Konnect, without anyone seeing it in a plan.
type pluginAPI struct{ coreEntityAPI }

func (p pluginAPI) Update(ctx context.Context, cl *konnect.Client, a Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	if want, ok := body["config"].(map[string]any); ok {
		if have, ok := live["config"].(map[string]any); ok {
			merged := konnect.Object{}
			for k, v := range body {
				merged[k] = v
			}
			merged["config"] = overlay(have, want)
			body = merged
		}
	}
	return p.coreEntityAPI.Update(ctx, cl, a, body, live, ifMatch)
}

// overlay returns base with over laid on top: objects are merged key by key, anything
// else (arrays, scalars, null) in over wins.
func overlay(base, over map[string]any) map[string]any {
	out := make(map[string]any, len(base)+len(over))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		bm, ok1 := out[k].(map[string]any)
		om, ok2 := v.(map[string]any)
		if ok1 && ok2 {
			out[k] = overlay(bm, om)
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
type jsonSemanticEquality struct{}

func (jsonSemanticEquality) Description(context.Context) string {
	return "A JSON document whose keys all hold the values in state (in any order or spelling) is not a change."
}

func (m jsonSemanticEquality) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (jsonSemanticEquality) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
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
