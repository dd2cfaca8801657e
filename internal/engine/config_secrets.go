package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Secrets of a JSON `config` (plugins, partials, vaults). `config` is a plain attribute: a
// sensitive variable inside jsonencode() loses its mark once the provider answers, and
// Terraform prints the attribute's changes in plan diffs and its DEBUG log. So secrets get
// their own attributes, of the same shape as `config`:
//
//   - `config_secrets`: a sensitive JSON document, deep-merged into `config` on every
//     write. State keeps, in it, the paths it sets with the values Konnect holds (a change
//     in Konnect is a conflict shown as "(a different secret)"), and `config` never
//     shows them. Removing a path resets it to Konnect's default, like a `config` key.
//   - `config_secrets_wo` with `config_secrets_wo_version` (Terraform 1.11+, OpenTofu
//     1.11+): write-only, merged into `config` when the object is created and when the
//     version changes; never in plan or state. A write that does not send it keeps what
//     Konnect holds at its paths.
//
// A path may be set in only one of `config` and these. A plan whose `config` holds a
// literal at a secret path (the plugin schema's marks, and the name rule) gets a warning
// naming the path and `config_secrets`; vault references (`{vault://…}`) are fine.

const (
	attrConfig                 = "config"
	AttrConfigSecrets          = "config_secrets"
	AttrConfigSecretsWO        = "config_secrets_wo"
	AttrConfigSecretsWOVersion = "config_secrets_wo_version"
)

// configSecretsAttr, configSecretsWOAttr and configSecretsWOVersionAttr are declared, in
// this order after `config`, by each kind whose `config` is a JSON document.
func ConfigSecretsAttr(what string) Attr {
	return Attr{Name: AttrConfigSecrets, Type: JSON, JSON: attrConfig, Sensitive: true, Overlay: true,
		Description: "Secrets of `config` (" + what + "), as a JSON object of the same shape written with `jsonencode({...})`: sensitive, so Terraform never prints them in plans or logs. " +
			"Deep-merged into `config` on every write; state keeps here the paths you set, with the values Konnect holds (a change made in Konnect is a conflict shown as `(a different secret)`), and `config` never shows them. " +
			"A path may be set in `config` or here, not both. Prefer a vault reference (`{vault://…}`) in `config` where the data plane can resolve one; use this for a literal secret. Conflicts with `config_secrets_wo`.",
		Validators:    []Validator{configSecretsValidator{}, stringvalidator.ConflictsWith(path.MatchRoot(AttrConfigSecretsWO))},
		PlanModifiers: []PlanModifier{JSONSemanticEquality{}}}
}

var ConfigSecretsWOAttr = Attr{Name: AttrConfigSecretsWO, Type: JSON, Mode: Optional, Sensitive: true, WriteOnly: true,
	Description: "Write-only alternative to `config_secrets` (Terraform 1.11+, OpenTofu 1.11+): a JSON object of the same shape as `config`, merged into it when the object is created and whenever `config_secrets_wo_version` changes; never kept in the plan or state. " +
		"A write that does not send it keeps what Konnect holds at its paths.",
	Validators: []Validator{configSecretsValidator{}, stringvalidator.AlsoRequires(path.MatchRoot(AttrConfigSecretsWOVersion))}}

var ConfigSecretsWOVersionAttr = Attr{Name: AttrConfigSecretsWOVersion, Type: Int64, Mode: Optional, Versions: AttrConfigSecretsWO,
	Description: "Any number, kept in state: `config_secrets_wo` is sent to Konnect when the object is created and whenever this number changes. Change it (for example increment it) to send new secrets.",
	Validators:  []Validator{int64validator.AlsoRequires(path.MatchRoot(AttrConfigSecretsWO))}}

// withoutOverlays: a data source's attributes, without config_secrets, the write-only
// twin and Local attributes (a data source reports config as Konnect holds it, without its
// secrets, and nothing that only configuration holds).
func WithoutOverlays(attrs []Attr) []Attr {
	out := make([]Attr, 0, len(attrs))
	for _, a := range attrs {
		if !a.Overlay && !a.Local && a.Name != AttrConfigSecretsWO && a.Name != AttrConfigSecretsWOVersion {
			out = append(out, a)
		}
	}
	return out
}

// withoutOverlaidPaths takes out of config the paths config_secrets holds in the same
// values (after an import or a read that rebuilt config from Konnect's whole document).
func (r *EntityResource) withoutOverlaidPaths(val tftypes.Value) (tftypes.Value, error) {
	if _, ok := r.Attr(AttrConfigSecrets); !ok || val.IsNull() || !val.IsKnown() {
		return val, nil
	}
	m, err := AsObject(val)
	if err != nil {
		return val, err
	}
	secrets, config := jsonObject(m[AttrConfigSecrets]), jsonObject(m[attrConfig])
	if secrets == nil || config == nil {
		return val, nil
	}
	clean, removed := WithoutPaths(config, LeafPaths(secrets))
	if !removed {
		return val, nil
	}
	v, err := JSON.FromJSON(clean)
	if err != nil {
		return val, err
	}
	m[attrConfig] = v
	return tftypes.NewValue(val.Type(), map[string]tftypes.Value(m)), nil
}

// leafPaths lists the paths of a JSON document's leaves (anything that is not a non-empty
// object), sorted.
func LeafPaths(doc map[string]any) [][]string {
	var out [][]string
	var walk func(m map[string]any, at []string)
	walk = func(m map[string]any, at []string) {
		for _, k := range slices.Sorted(mapsKeys(m)) {
			p := append(slices.Clone(at), k)
			if sub, ok := m[k].(map[string]any); ok && len(sub) > 0 {
				walk(sub, p)
				continue
			}
			out = append(out, p)
		}
	}
	walk(doc, nil)
	return out
}

func mapsKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// setAt sets the value at a path of a JSON document (in place), creating objects on the way.
func setAt(doc map[string]any, p []string, v any) {
	for _, k := range p[:len(p)-1] {
		m, ok := doc[k].(map[string]any)
		if !ok {
			m = map[string]any{}
			doc[k] = m
		}
		doc = m
	}
	doc[p[len(p)-1]] = v
}

// overlaps lists, dotted, the paths that two documents both set: a leaf of one at or below
// a leaf of the other.
func Overlaps(a, b map[string]any) []string {
	var out []string
	for _, p := range LeafPaths(a) {
		var cur any = b
		for i, k := range p {
			m, ok := cur.(map[string]any)
			if !ok {
				break
			}
			v, ok := m[k]
			if !ok {
				break
			}
			if sub, isMap := v.(map[string]any); i == len(p)-1 || !isMap || len(sub) == 0 {
				out = append(out, strings.Join(p[:i+1], "."))
				break
			}
			cur = v
		}
	}
	return out
}

// withoutPaths returns a copy of doc without the values at paths; objects left empty by a
// removal go too.
func WithoutPaths(doc map[string]any, paths [][]string) (map[string]any, bool) {
	out, _ := canonjson.Normalize(doc).(map[string]any)
	if out == nil {
		return doc, false
	}
	removed := false
	for _, p := range paths {
		if ValueAt(out, p) == nil {
			if parent, ok := ValueAt(out, p[:len(p)-1]).(map[string]any); !ok || !hasKey(parent, p[len(p)-1]) {
				if len(p) > 1 || !hasKey(out, p[0]) {
					continue
				}
			}
		}
		removeAt(out, p)
		removed = true
		for i := len(p) - 1; i > 0; i-- {
			if m, ok := ValueAt(out, p[:i]).(map[string]any); ok && len(m) == 0 {
				removeAt(out, p[:i])
			}
		}
	}
	return out, removed
}

func hasKey(m map[string]any, k string) bool { _, ok := m[k]; return ok }

// jsonObject parses a JSON object attribute value; nil when null, unknown or not an object.
func jsonObject(v tftypes.Value) map[string]any {
	if !v.IsKnown() || v.IsNull() {
		return nil
	}
	j, err := JSON.ToJSON(v)
	if err != nil {
		return nil
	}
	m, _ := j.(map[string]any)
	return m
}

// keepConfigSecrets fills keep (stateFromAPI): config_secrets holds the paths the previous
// values (a plan, or state) set, with Konnect's values, and nothing when it set none; config
// never shows those paths; the write-only document is null and its version as before.
func (r *EntityResource) keepConfigSecrets(obj konnect.Object, previous ObjectValues, keep map[string]tftypes.Value) {
	sa, ok := r.Attr(AttrConfigSecrets)
	if !ok {
		return
	}
	keep[AttrConfigSecretsWO] = tftypes.NewValue(tftypes.String, nil)
	keep[AttrConfigSecretsWOVersion] = tftypes.NewValue(tftypes.Number, nil)
	if v, ok := previous[AttrConfigSecretsWOVersion]; ok && v.IsKnown() {
		keep[AttrConfigSecretsWOVersion] = v
	}
	secrets := jsonObject(previous[sa.Name])
	if secrets == nil {
		keep[sa.Name] = tftypes.NewValue(tftypes.String, nil)
		return
	}
	ca, _ := r.Attr(attrConfig)
	var doc map[string]any
	if v, ok := keep[ca.Name]; ok {
		doc = jsonObject(v)
	} else {
		doc, _ = canonjson.Normalize(Lookup(obj, ca)).(map[string]any)
	}
	if doc == nil {
		return
	}
	if clean, removed := WithoutPaths(doc, LeafPaths(secrets)); removed {
		if v, err := ca.Type.FromJSON(clean); err == nil {
			keep[ca.Name] = v
		}
	}
}

// writeConfigSecretsWO merges config_secrets_wo (from configuration only) into the body's
// config on a create (prior nil) and when its version changed. Otherwise the body keeps, at
// its paths, what Konnect holds: a PUT replaces the whole config.
func (r *EntityResource) writeConfigSecretsWO(body konnect.Object, cfg, prior, planned ObjectValues, live konnect.Object) {
	v, ok := cfg[AttrConfigSecretsWO]
	if !ok || !v.IsKnown() || v.IsNull() {
		return
	}
	doc, err := canonjson.ParseJSON(Str(v))
	secrets, _ := doc.(map[string]any)
	if err != nil || secrets == nil {
		return
	}
	config, _ := body[attrConfig].(map[string]any)
	if config == nil {
		config = map[string]any{}
	}
	if prior == nil || !planned[AttrConfigSecretsWOVersion].Equal(prior[AttrConfigSecretsWOVersion]) {
		body[attrConfig] = Overlay(config, secrets)
		return
	}
	have, _ := live[attrConfig].(map[string]any)
	for _, p := range LeafPaths(secrets) {
		if hv := ValueAt(have, p); hv != nil {
			setAt(config, p, hv)
		}
	}
	body[attrConfig] = config
}

// planConfigSecrets runs after ModifyPlan (deferred): a `config` left unset while
// config_secrets(_wo) is set plans as {} (so that state never holds the whole document
// Konnect returns, secrets included), and a literal at a secret path of `config` gets a
// warning.
func (r *EntityResource) planConfigSecrets(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if _, ok := r.Attr(AttrConfigSecrets); !ok || req.Plan.Raw.IsNull() || resp.Plan.Raw.IsNull() {
		return
	}
	cfg, err1 := AsObject(req.Config.Raw)
	planned, err2 := AsObject(resp.Plan.Raw)
	if err1 != nil || err2 != nil {
		return
	}
	usesSecrets := !cfg[AttrConfigSecrets].IsNull() || !cfg[AttrConfigSecretsWO].IsNull()
	changed := false
	if cfg[attrConfig].IsNull() && usesSecrets && !planned[attrConfig].IsKnown() {
		planned[attrConfig] = tftypes.NewValue(tftypes.String, "{}")
		changed = true
	}
	if cfg[AttrConfigSecrets].IsNull() && !planned[AttrConfigSecrets].IsKnown() {
		// never set: state keeps nothing here (keepConfigSecrets)
		planned[AttrConfigSecrets] = tftypes.NewValue(tftypes.String, nil)
		changed = true
	}
	// a path that moves from config to config_secrets(_wo) leaves config in the plan too
	// (jsonSemanticEquality may have kept the state's document, which holds it)
	var moved [][]string
	for _, name := range []string{AttrConfigSecrets, AttrConfigSecretsWO} {
		if doc := jsonObject(cfg[name]); doc != nil {
			moved = append(moved, LeafPaths(doc)...)
		}
	}
	if pc := jsonObject(planned[attrConfig]); pc != nil && len(moved) > 0 {
		if clean, removed := WithoutPaths(pc, moved); removed {
			if v, err := JSON.FromJSON(clean); err == nil {
				planned[attrConfig] = v
				changed = true
			}
		}
	}
	if changed {
		resp.Plan.Raw = tftypes.NewValue(resp.Plan.Raw.Type(), map[string]tftypes.Value(planned))
	}
	doc := jsonObject(cfg[attrConfig])
	if doc == nil {
		return
	}
	var paths guard.SecretPaths
	if _, isPlugin := r.Kind.API.(PluginAPI); isPlugin && r.Data != nil && r.Data.Client != nil {
		if cp, name := cfg["control_plane_id"], cfg["name"]; cp.IsKnown() && !cp.IsNull() && name.IsKnown() && !name.IsNull() {
			paths = r.Data.secrets.Paths(ctx, r.Data.Client, Str(cp), Str(name))
		}
	}
	if s := LoadImportSecrets(ctx, req.Private, r.Data.digestKey()); s != nil && !req.State.Raw.IsNull() {
		// After an import, a secret configured at the value Konnect holds (its digest is the
		// import's record) changes nothing and is never printed: no warning for it.
		if prior, err := AsObject(req.State.Raw); err == nil {
			doc = s.Matching(attrConfig, doc, jsonObject(prior[attrConfig]))
		}
	}
	if found := LiteralSecrets(doc, paths.IsWrittenSecret); len(found) > 0 {
		resp.Diagnostics.AddAttributeWarning(path.Root(attrConfig), "A secret is written in config",
			fmt.Sprintf("%s: config holds a literal value at %s, a secret path. `config` is not sensitive: Terraform prints its changes in plans and in its logs, secrets included.\n\n"+
				"Use a vault reference there (for example \"{vault://env/my-secret}\"), or move the value to `config_secrets` "+
				"(sensitive, same shape as config) or `config_secrets_wo` (write-only, Terraform 1.11+ and OpenTofu 1.11+).",
				r.Kind.TypeName, "config."+strings.Join(found, ", config.")))
	}
}

// literalSecrets lists, dotted, the paths of a config document that hold a literal secret:
// text (alone or in an array) at a path isSecret reports, other than a vault reference.
func LiteralSecrets(doc map[string]any, isSecret func([]string) bool) []string {
	var out []string
	var walk func(v any, at []string)
	walk = func(v any, at []string) {
		switch t := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(mapsKeys(t)) {
				walk(t[k], append(slices.Clone(at), k))
			}
		case []any:
			for _, e := range t {
				if s, ok := e.(string); ok && literal(s) && len(at) > 0 && isSecret(at) {
					out = append(out, strings.Join(at, "."))
					return
				}
				if m, ok := e.(map[string]any); ok {
					walk(m, at)
				}
			}
		case string:
			if literal(t) && len(at) > 0 && isSecret(at) {
				out = append(out, strings.Join(at, "."))
			}
		}
	}
	walk(doc, nil)
	return slices.Compact(out)
}

func literal(s string) bool { return s != "" && !strings.HasPrefix(s, "{vault://") }

// configSecretsValidator: a JSON object that sets no path `config` sets too. The message
// names paths, never values.
type configSecretsValidator struct{}

func (configSecretsValidator) Description(context.Context) string {
	return "must be a JSON object (use jsonencode) that sets no path `config` sets"
}

func (v configSecretsValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (configSecretsValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	doc, err := canonjson.ParseJSON(req.ConfigValue.ValueString())
	secrets, ok := doc.(map[string]any)
	if err != nil || !ok {
		// the value is secret: no parser message, which may quote it
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid JSON", req.Path.String()+" must be a JSON object, written with jsonencode({...}).")
		return
	}
	var config types.String
	if d := req.Config.GetAttribute(ctx, path.Root(attrConfig), &config); d.HasError() || config.IsNull() || config.IsUnknown() {
		return
	}
	cdoc, _ := canonjson.ParseJSON(config.ValueString())
	cm, _ := cdoc.(map[string]any)
	if both := Overlaps(secrets, cm); len(both) > 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "A path is set in both config and "+req.Path.String(),
			fmt.Sprintf("config and %s both set %s. Each path of the plugin's configuration is set in one place: keep secrets in %s only, and remove %s from config.",
				req.Path, strings.Join(both, ", "), req.Path, strings.Join(both, ", ")))
	}
}
