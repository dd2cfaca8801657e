package gateway

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
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
		"Konnect refuses to delete a schema that a plugin still uses.",
	API: engine.PlatformAPI{Collection: func(p map[string]string) string {
		return konnect.CoreEntitiesPath(p["control_plane_id"], "plugin-schemas")
	}, Item: true, Key: "name"},
	UploadsPluginSchema: true,
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
