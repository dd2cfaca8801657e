package engine

import (
	"slices"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Configuration is intent: what it stops saying goes back to Konnect's default. The base
// (private state) remembers which attributes configuration set at the last write; an
// attribute it set then and leaves unset now is reset, one it never set follows Konnect.
// Inside a JSON document (a plugin's config) the same holds for keys at any depth.

// configured names the managed attributes that configuration sets (a value, known or not).
func (r *EntityResource) configured(config tftypes.Value) []string {
	cfg, err := AsObject(config)
	if err != nil {
		return nil
	}
	out := []string{}
	for _, a := range r.Kind.Attrs {
		if v, ok := cfg[a.Name]; ok && a.Managed() && !v.IsNull() {
			out = append(out, a.Name)
		}
	}
	return out
}

// resetPlan is what a plan resets: attributes configuration no longer sets, and keys of
// JSON documents it no longer sets.
type resetPlan struct {
	attrs []Attr
	keys  map[string][][]string // by attribute name: removed key paths
}

// resets compares configuration with the base. Nothing is reset without a record of what
// configuration set (after an import, or a state from an older version).
func (r *EntityResource) resets(cfg ObjectValues, b *guard.Base) resetPlan {
	var p resetPlan
	if b == nil || b.Configured == nil || cfg == nil {
		return p
	}
	for _, a := range r.Kind.Attrs {
		v, ok := cfg[a.Name]
		if !ok || !b.Configures(a.Name) {
			continue
		}
		if a.Overlay {
			// config_secrets: each path it no longer sets goes back to Konnect's default
			if removed := RemovedSecretPaths(b.Values[a.Name], v); len(removed) > 0 {
				if p.keys == nil {
					p.keys = map[string][][]string{}
				}
				p.keys[a.Name] = removed
			}
			continue
		}
		if v.IsNull() {
			if a.resettable() {
				p.attrs = append(p.attrs, a)
			}
			continue
		}
		if a.Type.Kind != KJSON || !v.IsKnown() {
			continue
		}
		desired, err := a.Type.ToJSON(v)
		if err != nil {
			continue
		}
		if removed := guard.RemovedPaths(b.Values[a.Name], desired); len(removed) > 0 {
			if p.keys == nil {
				p.keys = map[string][][]string{}
			}
			p.keys[a.Name] = removed
		}
	}
	r.keepOverlaidPaths(cfg, &p) // config_secrets.go
	return p
}

// plan sets the planned values of what is reset: Konnect's default where it is known,
// unknown otherwise; a JSON document as configuration writes it (the removed keys gone).
func (p resetPlan) plan(planned, cfg ObjectValues) {
	for _, a := range p.attrs {
		planned[a.Name] = tftypes.NewValue(a.Type.TFType(), tftypes.UnknownValue)
		if def, ok := a.ResetValue(); ok {
			if v, err := a.Type.FromJSON(def); err == nil {
				planned[a.Name] = v
			}
		}
	}
	for name := range p.keys {
		planned[name] = cfg[name]
	}
}

// desired is what Guard 2 compares for the reset attributes: the default, or a value that
// equals nothing when the default is not known before the write.
func (p resetPlan) desired(values guard.Values) {
	for _, a := range p.attrs {
		if def, ok := a.ResetValue(); ok {
			values[a.Name] = def
		} else {
			values[a.Name] = guard.KonnectDefault
		}
	}
}

// resetsByValue is implemented by APIs whose update merges (PATCH): an attribute left out
// of the body keeps its value there, so a reset sends the default itself.
type resetsByValue interface{ mergesOnUpdate() }

// apply writes the resets into a request body: a replacing write (PUT) leaves the
// attribute out so that Konnect applies its default; a merging one (PATCH) sends the
// default. Removed keys of a JSON document are sent as null, Konnect's "use the default".
func (p resetPlan) apply(r *EntityResource, body konnect.Object) {
	_, merges := r.Kind.API.(resetsByValue)
	for _, a := range p.attrs {
		delete(body, a.JSONName())
		if def, ok := a.ResetValue(); ok && merges {
			body[a.JSONName()] = canonjson.Normalize(def) // a copy: the API may edit the body
		}
	}
	for name, paths := range p.keys {
		i := slices.IndexFunc(r.Kind.Attrs, func(a Attr) bool { return a.Name == name })
		doc, _ := body[r.Kind.Attrs[i].JSONName()].(map[string]any)
		body[r.Kind.Attrs[i].JSONName()] = guard.WithNulls(doc, paths)
	}
}
