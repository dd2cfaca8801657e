package gateway

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// CustomPluginStreamingKind is a streamed custom plugin (…/core-entities/custom-plugins):
// its name, schema.lua and handler.lua, which Konnect sends to the data planes with the
// configuration. Its schema is read and guarded exactly as an uploaded plugin schema's
// (CustomPluginSchemaKind): the same Lua reader at plan, the same wait of the plugins'
// check while it changes, the same check of the plugins already using it.
var CustomPluginStreamingKind = engine.EntityKind{
	TypeName: "konnect_gateway_custom_plugin_streaming",
	Description: "A custom plugin streamed to the data planes of a Konnect control plane: its `name`, its `schema.lua` source (`schema`) and its `handler.lua` source (`handler`). " +
		"Once it exists, a `konnect_gateway_plugin` whose `name` is this plugin's can be created (reference `name` from this resource so that Terraform creates the custom plugin first), " +
		"and its `config` is checked at plan against this schema like a bundled plugin's: each unknown key, wrong type, value outside its enumeration or range, or missing required key is an error naming its path. " +
		"`schema` is read at plan the way Konnect reads it: source Konnect cannot read, or a schema whose `name` is not this plugin's `name`, fails the plan. " +
		"A change of the schema that the plugins already using it no longer pass fails the plan naming each plugin and path, whether the plugin is managed here or not. " +
		"Konnect refuses to delete or rename a custom plugin that a plugin still uses: a delete is refused naming each plugin of its name with its import block " +
		"(at plan for a destroy, once this configuration's own plugins of it are planned to go first: have them reference this resource's `name`), and a rename names the plugin.",
	API:                engine.CoreEntityAPI{Collection: engine.InControlPlane("custom-plugins")},
	NameAttr:           "name",
	PluginSchemaSource: "schema",
	Check:              checkStreamedPlugin,
	Dependents:         []engine.Dependent{engine.PluginsNamed},
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The custom plugin's name, unique in the control plane: the `name` of the table `schema` returns, and the `name` of the plugins of it. Use a distinct prefix so that a plugin Kong bundles later cannot take it.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "schema", Type: engine.String, Mode: engine.Required, Description: "The plugin's `schema.lua` source, for example `file(\"${path.module}/my-plugin/schema.lua\")`.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), luaSchemaReads{}}},
		{Name: "handler", Type: engine.String, Mode: engine.Required, Description: "The plugin's `handler.lua` source, for example `file(\"${path.module}/my-plugin/handler.lua\")`.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}

// checkStreamedPlugin: the schema names the plugin it describes, which must be this one
// (Konnect refuses another at apply); then a changed schema must keep the plugins using it.
func checkStreamedPlugin(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
	name, _ := values["name"].(string)
	src, _ := values["schema"].(string)
	if name != "" && src != "" {
		if got, _, err := pluginspec.EvalLua(src); err == nil && got != name {
			return []engine.Problem{{Attr: "schema", Summary: "Schema of another plugin",
				Detail: fmt.Sprintf("This schema.lua describes a plugin named %q, and this custom plugin is named %q: Konnect refuses a custom plugin whose schema "+
					"names another plugin. Set name = %q, or the schema's name to %q; nothing was written.", got, name, got, name)}}
		}
	}
	return checkSchemaKeepsPlugins(ctx, c, values, "schema")
}
