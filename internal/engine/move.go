package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
)

// Moving state from Kong's own provider (kong/konnect) with `moved` blocks (Terraform 1.8+,
// OpenTofu 1.10+). Kong's provider has one resource type per plugin
// (konnect_gateway_plugin_<name>, with a typed `config`) and a separate type for expression
// routes (konnect_gateway_route_expression); here they are konnect_gateway_plugin (config
// as a JSON document) and konnect_gateway_route.
//
// A move runs offline, before the provider is configured, and never calls Konnect. Kong's
// schema is not available here, so the source state is read as raw JSON by the attribute
// names and nesting of Kong's published resource documentation. The moved state has no
// guard record and no revision: the refresh that follows reads the object from Konnect and
// establishes both (see the engine's read).

const (
	KongPluginTypePrefix = "konnect_gateway_plugin_"
	kongRouteExpression  = "konnect_gateway_route_expression"
	// KongCustomPlugin is Kong's plugin of any name (a custom plugin's, usually) with a
	// `config` of any type (a Terraform dynamic value).
	KongCustomPlugin = "konnect_gateway_custom_plugin"
)

// kongPluginAttrs are the top-level attributes of every konnect_gateway_plugin_<name> in
// Kong's provider. Those this provider has are carried over; created_at and updated_at are
// Konnect's and the refresh reads them again.
var KongPluginAttrs = []string{"id", "control_plane_id", "config", "condition", "consumer", "consumer_group",
	"created_at", "enabled", "instance_name", "ordering", "partials", "protocols", "route", "service", "tags", "updated_at"}

// KongCustomPluginAttrs are the attributes of Kong's konnect_gateway_custom_plugin: its
// plugin types' but condition and partials.
var KongCustomPluginAttrs = []string{"id", "control_plane_id", "config", "consumer", "consumer_group",
	"created_at", "enabled", "instance_name", "ordering", "protocols", "route", "service", "tags", "updated_at"}

// kongRouteExpressionAttrs are the attributes of Kong's konnect_gateway_route_expression.
var KongRouteExpressionAttrs = []string{"id", "control_plane_id", "created_at", "expression", "https_redirect_status_code",
	"name", "path_handling", "preserve_host", "priority", "protocols", "request_buffering", "response_buffering",
	"service", "strip_path", "tags", "updated_at"}

// kongDropped are Kong's attributes that are Konnect's own bookkeeping: not carried over,
// whatever they hold.
var kongDropped = []string{"created_at", "updated_at"}

// kongJSONStrings are config paths that Kong's provider keeps as a string of JSON text
// ("Parsed as JSON" in its documentation) where Konnect holds a JSON value; a path walks
// through lists element by element.
var kongJSONStrings = map[string][][]string{
	"ai-mcp-proxy": {{"tools", "request_body"}, {"tools", "responses"}},
	"datakit":      {{"nodes", "static", "values"}},
}

var _ resource.ResourceWithMoveState = (*EntityResource)(nil)

// MoveState accepts Kong's plugin types and its custom plugin for konnect_gateway_plugin and
// Kong's expression route for konnect_gateway_route; other kinds take no moves from another
// type.
func (r *EntityResource) MoveState(context.Context) []resource.StateMover {
	switch r.Kind.TypeName {
	case "konnect_gateway_plugin":
		return []resource.StateMover{{StateMover: r.moveKongPlugin}, {StateMover: r.moveKongCustomPlugin}}
	case "konnect_gateway_route":
		return []resource.StateMover{{StateMover: r.moveKongRouteExpression}}
	}
	return nil
}

// kongSource reports whether a move comes from a provider whose type name is konnect: Kong's
// (registry.terraform.io/kong/konnect, or OpenTofu's registry.opentofu.org/kong/konnect),
// or this one after `state replace-provider` (any host and namespace).
func kongSource(address string) bool {
	return strings.HasSuffix(address, "/konnect")
}

func (r *EntityResource) moveKongPlugin(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
	if !kongSource(req.SourceProviderAddress) || !strings.HasPrefix(req.SourceTypeName, KongPluginTypePrefix) {
		return // not ours: the framework says the move is not supported
	}
	plugin := strings.ReplaceAll(strings.TrimPrefix(req.SourceTypeName, KongPluginTypePrefix), "_", "-")
	src, ok := r.decodeSource(req, resp)
	if !ok {
		return
	}
	obj, problems := takeKnown(src, KongPluginAttrs)
	if len(problems) > 0 {
		r.moveError(resp, req, problems)
		return
	}
	obj["name"] = plugin
	var secrets map[string]any
	if cfg, ok := obj["config"].(map[string]any); ok {
		for _, p := range kongJSONStrings[plugin] {
			if err := parseJSONAt(cfg, p); err != nil {
				resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName,
					fmt.Sprintf("config.%s is not JSON text: %v", strings.Join(p, "."), err))
				return
			}
		}
		cfg, _ = DropNulls(cfg).(map[string]any)
		obj["config"], secrets = splitEncrypted(plugin, cfg)
	}
	r.finishMove(ctx, req, resp, obj, secrets)
}

// moveKongCustomPlugin moves Kong's konnect_gateway_custom_plugin: its name is its own
// attribute, and its config a dynamic value, which Terraform's state keeps as
// {"value": …, "type": …}: an object (what Kong's read stores), or a string of JSON text
// (what configuration gave it, `config = jsonencode({…})`). Either is Konnect's JSON object.
func (r *EntityResource) moveKongCustomPlugin(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
	if !kongSource(req.SourceProviderAddress) || req.SourceTypeName != KongCustomPlugin {
		return
	}
	src, ok := r.decodeSource(req, resp)
	if !ok {
		return
	}
	name, _ := src["name"].(string)
	delete(src, "name")
	obj, problems := takeKnown(src, KongCustomPluginAttrs)
	if len(problems) > 0 {
		r.moveError(resp, req, problems)
		return
	}
	if name == "" {
		resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName, "The source state has no plugin name.")
		return
	}
	obj["name"] = name
	cfg, err := dynamicObject(obj["config"])
	if err != nil {
		resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName, "config is not a JSON object: "+err.Error())
		return
	}
	var secrets map[string]any
	obj["config"], secrets = splitEncrypted(name, cfg)
	r.finishMove(ctx, req, resp, obj, secrets)
}

// dynamicObject is the JSON object a dynamic attribute of the state holds ({"value": …,
// "type": …}), its value an object or a string of JSON text; nil for a null one.
func dynamicObject(v any) (map[string]any, error) {
	if d, ok := v.(map[string]any); ok {
		if _, typed := d["type"]; typed {
			v = d["value"]
		}
	}
	if s, ok := v.(string); ok {
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var parsed any
		if err := dec.Decode(&parsed); err != nil {
			return nil, err
		}
		v = parsed
	}
	switch x := DropNulls(v).(type) {
	case nil:
		return nil, nil
	case map[string]any:
		return x, nil
	default:
		return nil, fmt.Errorf("it holds a %T", x)
	}
}

// splitEncrypted takes out of a moved plugin's config the values at the fields the
// plugin's schema marks encrypted (a Redis password, an API key), and returns them apart,
// in config's shape: they move to the sensitive config_secrets, as Kong's state kept them
// in config, which is not. The schema is the one the provider embeds (a move cannot ask
// Konnect); a plugin it does not know (a custom one) keeps its config whole.
func splitEncrypted(plugin string, cfg map[string]any) (map[string]any, map[string]any) {
	schema, ok := embeddedSchema(schemaOfPlugin, plugin)
	if !ok || cfg == nil {
		return cfg, nil
	}
	paths := guard.SecretPathsFromSchema(schema)
	var secrets map[string]any
	clean := DropSecrets(nil, cfg, paths.IsEncrypted, func(p []string, v any) {
		if secrets == nil {
			secrets = map[string]any{}
		}
		setAt(secrets, p, v)
	})
	if secrets == nil {
		return cfg, nil
	}
	return clean, secrets
}

func (r *EntityResource) moveKongRouteExpression(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse) {
	if !kongSource(req.SourceProviderAddress) || req.SourceTypeName != kongRouteExpression {
		return
	}
	src, ok := r.decodeSource(req, resp)
	if !ok {
		return
	}
	obj, problems := takeKnown(src, KongRouteExpressionAttrs)
	if len(problems) > 0 {
		r.moveError(resp, req, problems)
		return
	}
	r.finishMove(ctx, req, resp, obj, nil)
}

// decodeSource reads the source state's JSON, numbers kept exact.
func (r *EntityResource) decodeSource(req resource.MoveStateRequest, resp *resource.MoveStateResponse) (map[string]any, bool) {
	if req.SourceRawState == nil || len(req.SourceRawState.JSON) == 0 {
		resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName,
			"The source state is not in JSON form; run `terraform apply -refresh-only` with the source provider first.")
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(req.SourceRawState.JSON))
	dec.UseNumber()
	var src map[string]any
	if err := dec.Decode(&src); err != nil || src == nil {
		resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName,
			fmt.Sprintf("The source state is not a JSON object: %v", err))
		return nil, false
	}
	return src, true
}

// takeKnown returns the source attributes this move carries over, and the names of
// attributes it does not know that hold a value (null and empty ones are ignored).
func takeKnown(src map[string]any, known []string) (map[string]any, []string) {
	obj := map[string]any{}
	var unknown []string
	for k, v := range src {
		switch {
		case slices.Contains(kongDropped, k):
		case slices.Contains(known, k):
			obj[k] = v
		case !emptyJSON(v):
			unknown = append(unknown, k)
		}
	}
	// Kong's reference attributes are objects that may be present with a null id.
	for _, ref := range []string{"service", "route", "consumer", "consumer_group"} {
		if m, ok := obj[ref].(map[string]any); ok && m["id"] == nil {
			obj[ref] = nil
		}
	}
	sort.Strings(unknown)
	return obj, unknown
}

func (r *EntityResource) moveError(resp *resource.MoveStateResponse, req resource.MoveStateRequest, names []string) {
	sort.Strings(names)
	resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName,
		fmt.Sprintf("These attributes of the source have values that %s cannot hold: %s.\n\n"+
			"Remove them with the source provider first (set them to null and apply), or keep this object with the source provider.",
			r.Kind.TypeName, strings.Join(names, ", ")))
}

// finishMove builds the target state from an object in Konnect's shape: control_plane_id
// and id from the source, no revision (the refresh reads it), attributes the source does
// not have null (the refresh fills them from Konnect), and config_secrets holding secrets
// (nil: none), which the refresh then keeps at the same paths (keepConfigSecrets).
func (r *EntityResource) finishMove(ctx context.Context, req resource.MoveStateRequest, resp *resource.MoveStateResponse, obj, secrets map[string]any) {
	cp, _ := obj["control_plane_id"].(string)
	id, _ := obj["id"].(string)
	if cp == "" || id == "" {
		resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName,
			"The source state has no control_plane_id or no id.")
		return
	}
	keep := map[string]tftypes.Value{
		"control_plane_id": tftypes.NewValue(tftypes.String, cp),
		attrRevision:       tftypes.NewValue(tftypes.String, nil),
	}
	for _, a := range r.Attrs {
		if a.Overlay {
			// Kong's state keeps secrets in config: a moved object's config_secrets holds
			// those splitEncrypted took out, and nothing else (config_secrets.go), as it
			// would otherwise read the whole config.
			keep[a.Name] = tftypes.NewValue(tftypes.String, nil)
			if a.Name == AttrConfigSecrets && secrets != nil {
				v, err := a.Type.FromJSON(secrets)
				if err != nil {
					resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName,
						"The secrets of the source's config cannot be kept in "+AttrConfigSecrets+".")
					return
				}
				keep[a.Name] = v
			}
		}
	}
	val, err := ObjectFromJSON(r.Attrs, obj, keep)
	if err != nil {
		resp.Diagnostics.AddError("Cannot move "+req.SourceTypeName+" to "+r.Kind.TypeName,
			"An attribute of the source state does not have the type this provider expects: "+err.Error())
		return
	}
	resp.TargetState.Raw = val
	tflog.Info(ctx, "moved state from another resource type", map[string]any{
		"source_type": req.SourceTypeName, "source_provider": req.SourceProviderAddress,
		"resource_type": r.Kind.TypeName, "id": id})
}

// emptyJSON reports a value that holds nothing: null, "", [] or {}.
func emptyJSON(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// DropNulls removes null members of objects, at every depth: Kong's typed config holds every
// key of its schema, null where Konnect has no value (and Konnect's own config does too).
func DropNulls(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if e != nil {
				out[k] = DropNulls(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = DropNulls(e)
		}
		return out
	}
	return v
}

// parseJSONAt replaces the string at path (walking lists element by element) with the JSON
// value it holds.
func parseJSONAt(v any, path []string) error {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if err := parseJSONAt(e, path); err != nil {
				return err
			}
		}
	case map[string]any:
		e, ok := x[path[0]]
		if !ok || e == nil {
			return nil
		}
		if len(path) > 1 {
			return parseJSONAt(e, path[1:])
		}
		s, ok := e.(string)
		if !ok {
			return nil
		}
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var parsed any
		if err := dec.Decode(&parsed); err != nil {
			return err
		}
		x[path[0]] = parsed
	}
	return nil
}

// establishBase makes what Konnect holds the guard's record of an object that has none
// (moved from Kong's provider, or from a state written before the record existed), with
// Configured nil, exactly as an import does; it returns the recorded values.
func (r *EntityResource) establishBase(ctx context.Context, p privateSetter, state tftypes.Value, obj map[string]any, rev string, diags diag.Diagnostics) (guard.Values, diag.Diagnostics) {
	values, d := r.saveBase(ctx, p, state, obj, rev, nil)
	diags.Append(d...)
	tflog.Info(ctx, "guard record established from Konnect", map[string]any{"resource_type": r.Kind.TypeName, "id": stateID(state)})
	return values, diags
}

func stateID(v tftypes.Value) string {
	m, _ := AsObject(v)
	return Str(m[AttrID])
}
