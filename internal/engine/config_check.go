package engine

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/kongschema"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Where a control plane serves the schema of a kind's `config` (ConfigSchema.Of).
const (
	schemaOfPlugin  = "plugins"  // …/schemas/plugins/{name}
	schemaOfPartial = "partials" // …/schemas/partials/{type}
	schemaOfVault   = "vaults"   // …/schemas/vaults/{name}
)

// ConfigSchema declares that a kind's `config` (a JSON document) is checked at plan against
// the schema its control plane serves: a plugin's by its name, a partial's by its type.
type ConfigSchema struct {
	of       string
	nameAttr string
	what     string // "plugin", "partial type"
}

// PluginConfigSchema checks a plugin's `config` against …/schemas/plugins/{name}.
var PluginConfigSchema = &ConfigSchema{of: schemaOfPlugin, nameAttr: "name", what: "plugin"}

// PartialConfigSchema checks a partial's `config` against …/schemas/partials/{type}.
var PartialConfigSchema = &ConfigSchema{of: schemaOfPartial, nameAttr: "type", what: "partial type"}

// VaultConfigSchema checks a vault's `config` against …/schemas/vaults/{name}.
var VaultConfigSchema = &ConfigSchema{of: schemaOfVault, nameAttr: "name", what: "vault"}

// schemaReads reads each schema at most once per control plane and provider process, and
// keeps the answer (an error too: a schema that could not be read is not asked for again
// in the same run). The zero value is ready to use.
type schemaReads struct {
	mu sync.Mutex
	m  map[string]*schemaRead
	// uploads: the custom plugin schemas this run's plan changes (schema_uploads.go)
	uploads map[string]bool
}

type schemaRead struct {
	once   sync.Once
	schema konnect.Object
	err    error
}

func (s *schemaReads) get(ctx context.Context, c *konnect.Client, of, controlPlaneID, name string) (konnect.Object, error) {
	s.mu.Lock()
	if s.m == nil {
		s.m = map[string]*schemaRead{}
	}
	key := of + "/" + controlPlaneID + "/" + name
	e, ok := s.m[key]
	if !ok {
		e = &schemaRead{}
		s.m[key] = e
	}
	s.mu.Unlock()
	e.once.Do(func() {
		switch of {
		case schemaOfPartial:
			e.schema, e.err = c.GetPartialSchema(ctx, controlPlaneID, name)
		case schemaOfVault:
			e.schema, e.err = c.GetVaultSchema(ctx, controlPlaneID, name)
		default:
			e.schema, e.err = c.GetPluginSchema(ctx, controlPlaneID, name)
		}
	})
	return e.schema, e.err
}

// checkConfigSchema checks the planned `config` of a create, or of an update that changes
// it, against the schema the control plane serves (never on a plan that changes nothing,
// which reads nothing). Each problem is an error on `config` naming its path; a name the
// control plane has no schema for is an error on the name; a schema that cannot be read is
// a warning, and Konnect checks `config` at apply. Values unknown at plan are not checked;
// for a control plane created in the same run, the provider's embedded schemas stand in.
func (r *EntityResource) checkConfigSchema(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	cs := r.Kind.ConfigSchema
	if cs == nil || r.Data == nil || r.Data.Client == nil || req.Plan.Raw.IsNull() || req.Plan.Raw.Equal(req.State.Raw) || RefreshCommand() {
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		return
	}
	create := req.State.Raw.IsNull()
	if !create {
		prior, err := AsObject(req.State.Raw)
		if err != nil || (planned[attrConfig].Equal(prior[attrConfig]) && planned[cs.nameAttr].Equal(prior[cs.nameAttr]) &&
			planned[AttrConfigSecrets].Equal(prior[AttrConfigSecrets])) {
			return
		}
	}
	cp, ok1 := knownString(planned["control_plane_id"])
	name, ok2 := knownString(planned[cs.nameAttr])
	cfgV := planned[attrConfig]
	if !cfgV.IsKnown() {
		// config not set: Konnect's defaults, planned as unknown
		if c, err := AsObject(req.Config.Raw); err == nil && c[attrConfig].IsNull() {
			cfgV = c[attrConfig]
		}
	}
	// a control plane created in the same run: the schemas embedded in the provider
	// (config_fallback.go), and the apply checks again against the control plane's
	cpLater := !planned["control_plane_id"].IsKnown()
	if (!ok1 && !cpLater) || !ok2 || !cfgV.IsKnown() {
		tflog.Debug(ctx, "config not checked at plan: a value is not known yet", map[string]any{"kind": r.Kind.TypeName})
		return
	}
	config := map[string]any{}
	if !cfgV.IsNull() {
		j, err := JSON.ToJSON(cfgV)
		m, ok := j.(map[string]any)
		if err != nil || !ok {
			return // the attribute's validator reports text that is not a JSON object
		}
		config = m
	}
	if cs.of == schemaOfPlugin && r.Data.secrets.schemas.uploading(cp, name) {
		tflog.Debug(ctx, "config not checked at plan: this plan changes the plugin's schema; checked when the apply plans again", map[string]any{"kind": r.Kind.TypeName, "plugin": name})
		return
	}
	opts := kongschema.Options{SkipRequired: !create}
	if !opts.SkipRequired {
		opts.Also, opts.SkipRequired = secretsGivenApart(req)
	}

	var schema konnect.Object
	checkedAgainst := fmt.Sprintf("Checked against the schema of %s `%s` that control plane %s serves; the %s was not written.", cs.what, name, cp, r.Kind.TypeName)
	if cpLater {
		var ok bool
		if schema, ok = embeddedSchema(cs.of, name); !ok {
			tflog.Debug(ctx, "config not checked at plan: the control plane is not known yet and the provider embeds no schema of this name; the apply checks it", map[string]any{"kind": r.Kind.TypeName, cs.nameAttr: name})
			return
		}
		checkedAgainst = fmt.Sprintf("Checked against the schemas embedded in the provider, of Kong Gateway %s: the control plane is not known yet (it is created in this run). "+
			"The apply checks `config` again against the schema the control plane serves, before the %s is written.", embeddedGatewayVersion, r.Kind.TypeName)
	} else if schema = r.readConfigSchema(ctx, resp, cs, cp, name); schema == nil {
		return
	}
	linked := planned["partials"]
	if c, err := AsObject(req.Config.Raw); err == nil && !linked.IsKnown() {
		linked = c["partials"] // unset in configuration: planned unknown, and nothing is linked
	}
	r.reportConfigProblems(resp, cs, schema, linked, config, opts, checkedAgainst)
	// config_secrets (and its write-only twin): the same paths and types, every value
	// unquoted; a key missing there is config's to report
	if secrets, unknown := secretsGivenApart(req); !unknown && len(secrets) > 0 {
		for _, p := range kongschema.CheckConfig(schema, secrets, kongschema.Options{SkipRequired: true, Secret: true}) {
			resp.Diagnostics.AddAttributeError(path.Root(AttrConfigSecrets), "Invalid "+cs.what+" configuration in config_secrets", p.String()+"\n\n"+checkedAgainst)
		}
	}
}

// readConfigSchema reads the schema the control plane serves; nil when it cannot (an
// error on the name for a 404, else a warning).
func (r *EntityResource) readConfigSchema(ctx context.Context, resp *resource.ModifyPlanResponse, cs *ConfigSchema, cp, name string) konnect.Object {
	schema, err := r.Data.secrets.schemas.get(ctx, r.Data.Client, cs.of, cp, name)
	switch {
	case konnect.IsNotFound(err) && cs.of == schemaOfPlugin && r.Data.secrets.schemas.uploading(cp, ""):
		tflog.Debug(ctx, "plugin not checked at plan: this plan creates a custom plugin schema in its control plane", map[string]any{"kind": r.Kind.TypeName, "plugin": name})
		return nil
	case konnect.IsNotFound(err) && cs.of == schemaOfVault:
		// the vault's name is one the attribute allows: a control plane that serves no
		// schema for it leaves the check to Konnect at apply
		tflog.Debug(ctx, "config not checked at plan: the control plane serves no schema of this vault", map[string]any{"vault": name})
		return nil
	case konnect.IsNotFound(err):
		resp.Diagnostics.AddAttributeError(path.Root(cs.nameAttr), "Unknown "+cs.what,
			fmt.Sprintf("Control plane %s has no %s `%s` (its schema endpoint answered 404). Check the name", cp, cs.what, name)+
				map[string]string{schemaOfPlugin: "; a custom plugin needs its schema uploaded first (`konnect_gateway_custom_plugin_schema`: set `name` from that resource's `name`).",
					schemaOfPartial: "."}[cs.of])
		return nil
	case err != nil:
		resp.Diagnostics.AddAttributeWarning(path.Root(attrConfig), "Configuration not checked at plan",
			fmt.Sprintf("The schema of %s `%s` could not be read from control plane %s (%v), so `config` was not checked while planning; Konnect checks it when the plan is applied.", cs.what, name, cp, err))
		return nil
	}
	return schema
}

// reportConfigProblems checks config against a schema in Kong's format: one error on
// `config` per problem, each followed by what it was checked against.
func (r *EntityResource) reportConfigProblems(resp *resource.ModifyPlanResponse, cs *ConfigSchema, schema konnect.Object, partials tftypes.Value, config map[string]any, opts kongschema.Options, checkedAgainst string) {
	if !partials.IsNull() {
		// linked partials fill the paths the plugin declares for them
		supported, _ := schema["supported_partials"].(map[string]any)
		for _, paths := range supported {
			opts.SkipRequiredUnder = append(opts.SkipRequiredUnder, asStrings(paths)...)
		}
	}
	problems := kongschema.CheckConfig(schema, config, opts)
	if len(problems) == 0 {
		// the rules across fields, as Kong checks them: once each field is valid
		problems = kongschema.CheckEntity(schema, config, opts)
	}
	for _, p := range problems {
		resp.Diagnostics.AddAttributeError(path.Root(attrConfig), "Invalid "+cs.what+" configuration", p.String()+"\n\n"+checkedAgainst)
	}
}

// secretsGivenApart returns the keys config_secrets and config_secrets_wo configure (they
// count as given for the required check, and are never checked or quoted), and whether
// one of them is not known at plan (the required check is then left out).
func secretsGivenApart(req resource.ModifyPlanRequest) (map[string]any, bool) {
	var also map[string]any
	cfg, err := AsObject(req.Config.Raw)
	if err != nil {
		return nil, true
	}
	for _, v := range []tftypes.Value{cfg[AttrConfigSecrets], cfg[AttrConfigSecretsWO]} {
		if v.IsNull() {
			continue
		}
		if !v.IsFullyKnown() {
			return nil, true
		}
		j, err := JSON.ToJSON(v)
		m, ok := j.(map[string]any)
		if err != nil || !ok {
			continue
		}
		if also == nil {
			also = map[string]any{}
		}
		also = Overlay(also, m)
	}
	return also, false
}

func knownString(v tftypes.Value) (string, bool) {
	var s string
	if !v.IsKnown() || v.IsNull() || v.As(&s) != nil || s == "" {
		return "", false
	}
	return s, true
}

func asStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		if s, ok := e.(string); ok && strings.HasPrefix(s, "config.") {
			out = append(out, s)
		}
	}
	return out
}

// rejectedAt names what Konnect rejected: the attribute, or the path Konnect names inside
// an attribute holding a JSON document (`config.redis.port`, never just `config`).
func (r *EntityResource) rejectedAt(attr, field string) string {
	for _, a := range r.Kind.Attrs {
		if a.Name == attr && a.Type.Kind == KJSON && strings.HasPrefix(field, a.JSONName()+".") {
			return attr + field[len(a.JSONName()):]
		}
	}
	return attr
}
