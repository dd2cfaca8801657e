package gateway

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// pluginScope is one optional reference that narrows where a plugin runs. A plugin cannot
// move to another scope in place.
func pluginScope(name, what string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.RefID("Id of the `konnect_gateway_" + name + "`."), ForceNew: true,
		Description: "Run the plugin only for this " + what + ". Unset: for every " + what + ".",
		Validators:  []engine.Validator{engine.RefIsUUID()}}
}

// pluginPhase is the `access` phase ordering of a plugin (Kong Enterprise).
func pluginPhase(name, when string) engine.Attr {
	return engine.Attr{Name: name, Mode: engine.Required, Description: "Plugins this plugin runs " + when + ", by phase.",
		Type: engine.ObjectOf(engine.Attr{Name: "access", Type: engine.ListOf(engine.String), Mode: engine.Required, Description: "Plugin names, in the access phase.",
			Validators: []engine.Validator{listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))}})}
}

// PluginKind is a gateway plugin (…/core-entities/plugins) of any name: global, or scoped
// to a service, route, consumer or consumer group. `config` is a JSON document; Konnect fills
// in the plugin's defaults, and state keeps only the keys that configuration sets.
var PluginKind = engine.EntityKind{
	TypeName: "konnect_gateway_plugin",
	Description: "A gateway plugin in a Konnect control plane, of any plugin `name`: global, or scoped to a service, route, consumer or consumer group. " +
		"`config` is written with `jsonencode({...})`: Konnect fills in the plugin's defaults, and Terraform tracks only the keys you set (key order and defaults never cause a diff; " +
		"after an import, configuration that sets some keys to the values Konnect holds plans nothing). " +
		"An import keeps no secret of the config in state (keys the plugin's schema in Konnect marks encrypted or referenceable, and keys named like `password`; vault references stay), so the plan that imports it never shows one; " +
		"configuration that sets such a key to what Konnect holds plans nothing (compared through a keyed digest kept with the state, never the secret), and keys it leaves out keep what Konnect holds. " +
		"Keys you do not set keep the value Konnect holds, even when someone changed them in Konnect; to clear a key, set it to null. " +
		"Secrets: prefer a vault reference (`{vault://…}`) in `config`; a literal secret belongs in `config_secrets` (sensitive, never printed) or `config_secrets_wo` (write-only), not in `config`, which Terraform prints in plans and logs (a plan that puts one there gets a warning). " +
		"`config` is checked when the plan is made (a create, or an update that changes it) against the plugin's schema that the control plane serves: an unknown key (with the closest known one), a wrong type, a value outside its enumeration or range, a missing required key, or a vault reference where the field is not referenceable is an error naming its path (`config.redis.port`), and a `name` the control plane has no plugin of is an error on `name`; " +
		"a custom plugin is checked against the `schema.lua` uploaded with `konnect_gateway_custom_plugin_schema`, and when the same plan uploads or changes that schema, when the apply plans the plugin again, after the schema is written; " +
		"values not known at plan are checked when the apply plans again, before the plugin is written; for a control plane created in the same run, `config` is checked at plan against the schemas embedded in the provider (Kong Gateway 3.15; a name not among them, such as a custom plugin, is left to the apply), and again at apply against the control plane's own schema before the plugin is written; " +
		"when the schema cannot be read, a warning, and Konnect checks at apply. A key-auth plugin's `config.identity_realms` entries of scope `realm` (without a region of their own) must name a realm Konnect has. Every bundled plugin's keys are listed in the plugins guide. " +
		"Konnect allows one plugin of a name per scope and there is no name to look up before creating, so the create-time name check does not apply: " +
		"a second plugin with the same name and scope is refused by Konnect at apply, and the error names the plugin that holds that name and scope, with its import block.",
	API:          engine.PluginAPI{CoreEntityAPI: engine.CoreEntityAPI{Collection: engine.InControlPlane("plugins")}},
	NameAttr:     "",
	ConfigSchema: engine.PluginConfigSchema,
	Check:        identityRealmsExist, // plugin_identity_realms.go: key-auth's realms exist
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Mode: engine.Required, ForceNew: true, Description: "The plugin, for example `rate-limiting` or `key-auth`.",
			Validators: []engine.Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^[A-Za-z0-9_-]+$`),
				"must be a plugin name: letters, digits, - and _")}},
		{Name: "instance_name", Default: engine.DefaultNull, Type: engine.String, Description: "A name for this plugin instance, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 128)}},
		{Name: "config", Type: engine.JSON, Description: "The plugin's configuration as a JSON object, written with `jsonencode({...})`. Keys you leave out take Konnect's values and are not tracked.",
			Validators:    []engine.Validator{engine.JSONText(true)},
			PlanModifiers: []engine.PlanModifier{engine.JSONSemanticEquality{}}},
		engine.ConfigSecretsAttr("a redis `password`, an openid-connect `client_secret`, an AI plugin's `auth.header_value`"), engine.ConfigSecretsWOAttr, engine.ConfigSecretsWOVersionAttr,
		{Name: "enabled", Default: true, Type: engine.Bool, Description: "Whether the plugin runs. Konnect's default is true."},
		{Name: "protocols", Default: []any{"grpc", "grpcs", "http", "https"}, Type: engine.SetOf(engine.String), Description: "Protocols the plugin runs for. Konnect's default is `[\"grpc\", \"grpcs\", \"http\", \"https\"]`.",
			Validators: []engine.Validator{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(
				stringvalidator.OneOf("grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"))}},
		pluginScope("service", "service"),
		pluginScope("route", "route"),
		pluginScope("consumer", "consumer"),
		pluginScope("consumer_group", "consumer group"),
		{Name: "ordering", Default: engine.DefaultNull, Description: "Dynamic ordering against other plugins (Kong Enterprise). Set both `before` and `after`; use `access = []` for none.",
			Type: engine.ObjectOf(pluginPhase("before", "before"), pluginPhase("after", "after"))},
		{Name: "condition", Default: engine.DefaultNull, Type: engine.String, Description: "An expression that decides, request by request, whether the plugin runs (at most 1024 characters).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 1024)}},
		{Name: "partials", Default: engine.DefaultNull, Description: "Shared pieces of configuration (a Redis connection, ...) the plugin uses, by partial id; Konnect fills in each one's `name` and `path`.",
			Type: engine.ListOf(engine.ObjectOf(
				engine.Attr{Name: "id", Type: engine.String, Mode: engine.Required, Description: "Id of the partial.",
					Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
				engine.Attr{Name: "name", Type: engine.String, Description: "The partial's name (Konnect fills it in)."},
				engine.Attr{Name: "path", Type: engine.String, Description: "The plugin configuration path the partial fills, for example `config.redis` (Konnect fills it in)."}))},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}
