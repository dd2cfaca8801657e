package gateway

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/kongschema"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// CustomPluginSchemaKind is a custom plugin's schema (…/core-entities/plugin-schemas/{name}):
// once uploaded, a `konnect_gateway_plugin` of that name can be created. The name comes
// from the schema's Lua source; it is the object's id.
var CustomPluginSchemaKind = engine.EntityKind{
	KongKey:  "name",
	TypeName: "konnect_gateway_custom_plugin_schema",
	Description: "The schema of a custom plugin in a Konnect control plane, uploaded as the plugin's `schema.lua` source. " +
		"Once it exists, a `konnect_gateway_plugin` whose `name` is the schema's name can be created (reference `name` from this resource " +
		"so that Terraform creates the schema first). The id is the plugin's name, taken from the `name = \"…\"` of the table the source returns; " +
		"Konnect refuses source that is not a valid schema, and a change of that name (upload a new schema instead). " +
		"Konnect refuses to delete a schema that a plugin still uses. A change of the schema that the plugins already using it no longer pass " +
		"(a field one of them sets removed, a type or an allowed value it no longer meets) fails the plan naming each plugin and path, " +
		"whether the plugin is managed here or not: Konnect would keep its config and refuse it at its next write.",
	API: engine.PlatformAPI{Collection: func(p map[string]string) string {
		return konnect.CoreEntitiesPath(p["control_plane_id"], "plugin-schemas")
	}, Item: true, Key: "name"},
	PluginSchemaSource: "lua_schema",
	Check:              schemaKeepsPlugins("lua_schema"),
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "lua_schema", Type: engine.String, Mode: engine.Required, Description: "The plugin's `schema.lua` source, for example `file(\"${path.module}/my-plugin/schema.lua\")`.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), luaSchemaReads{}}},
		{Name: "name", Type: engine.String, Mode: engine.Computed, Description: "The plugin's name, from the schema."},
	},
}

// luaSchemaReads: the source is read at plan as Konnect reads it (pluginspec.EvalLua: the
// interpreter, in a sandbox with a time budget): source Konnect would refuse (a syntax
// error, a field type Kong lacks, no config record) fails the plan on lua_schema with the
// interpreter's line, instead of a 400 at apply after the rest was written.
type luaSchemaReads struct{}

func (luaSchemaReads) Description(context.Context) string {
	return "a plugin schema Konnect can read"
}

func (v luaSchemaReads) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (luaSchemaReads) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || strings.TrimSpace(req.ConfigValue.ValueString()) == "" {
		return
	}
	if _, _, err := pluginspec.EvalLua(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid plugin schema",
			"Konnect cannot read this schema.lua: "+err.Error()+"\n\nChecked at plan the way Konnect reads it (Kong's typedefs stand in for `require`); nothing was written.")
	}
}

// schemaKeepsPlugins: a change of a schema (the schema.lua source in attribute attr) that
// plugins already use is checked at plan against what those plugins hold in Konnect
// (managed here or not): a field removed that a plugin sets, a type or an allowed value
// that its setting no longer meets. Konnect keeps each plugin's config as it is, and
// refuses it at that plugin's next write; the plan fails instead, naming each plugin and
// path (never a value: a config may hold secrets). A required field added is left to the
// plugins' next write, which can set it.
func schemaKeepsPlugins(attr string) func(context.Context, *konnect.Client, konnect.Object) []engine.Problem {
	return func(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
		return checkSchemaKeepsPlugins(ctx, c, values, attr)
	}
}

func checkSchemaKeepsPlugins(ctx context.Context, c *konnect.Client, values konnect.Object, attr string) []engine.Problem {
	cp, _ := values["control_plane_id"].(string)
	src, _ := values[attr].(string)
	if values[engine.AttrID] == nil || cp == "" || src == "" || c == nil {
		return nil // a create: no plugin can use a schema that does not exist yet
	}
	name, p, err := pluginspec.EvalLua(src)
	if err != nil {
		return nil // the attribute's validator reports it
	}
	schema, ok := (&pluginspec.Set{Plugins: map[string]*pluginspec.Plugin{name: p}}).PluginSchema(name)
	if !ok {
		return nil
	}
	plugins, err := c.ListEntities(ctx, konnect.CoreEntitiesPath(cp, "plugins"), url.Values{"filter[name][eq]": {name}})
	if err != nil {
		return nil // the apply reports what Konnect says
	}
	var broken []string
	for _, pl := range plugins {
		if pl["name"] != name {
			continue
		}
		cfg, _ := engine.DropNulls(pl["config"]).(map[string]any)
		problems := kongschema.CheckConfig(schema, cfg, kongschema.Options{SkipRequired: true, Secret: true})
		if len(problems) == 0 {
			continue
		}
		line := fmt.Sprintf("- plugin %v%s:", pl["id"], pluginWhere(pl))
		for _, pr := range problems {
			line += "\n    " + pr.String()
		}
		broken = append(broken, line)
	}
	if len(broken) == 0 {
		return nil
	}
	return []engine.Problem{{Attr: attr, Summary: "Schema change breaks plugins that use it",
		Detail: fmt.Sprintf("Control plane %s has %d plugin(s) named %q whose config this schema.lua no longer accepts:\n\n%s\n\n"+
			"Konnect keeps their config as it is and would refuse each at its next write. Keep the field (or what it allows) until "+
			"those plugins no longer set it, or remove and recreate them; nothing was written.", cp, len(broken), name, strings.Join(broken, "\n"))}}
}

// pluginWhere describes a plugin for a diagnostic: its instance name and its scope.
func pluginWhere(pl konnect.Object) string {
	var parts []string
	if n, ok := pl["instance_name"].(string); ok && n != "" {
		parts = append(parts, "instance_name "+n)
	}
	for _, scope := range engine.PluginScopeParts(pl) {
		parts = append(parts, "on "+scope)
	}
	if len(parts) == 0 {
		return " (global)"
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
