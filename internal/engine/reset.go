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

// resetsFor is what a write resets, as the guard decides it (guard.PlanInput.Resets).
func (r *EntityResource) resetsFor(cfg ObjectValues, b *guard.Base) resetPlan {
	in := guard.PlanInput{Attributes: r.attributes, Base: b, Config: r.settings(cfg), Merged: r.merged()}
	return r.resetPlan(in.Resets())
}

// resetPlan is the guard's resets with the attributes' declarations.
func (r *EntityResource) resetPlan(g guard.Resets) resetPlan {
	p := resetPlan{keys: g.Paths}
	for _, reset := range g.Attributes {
		if a, ok := r.Attr(reset.Name); ok {
			p.attrs = append(p.attrs, a)
		}
	}
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

// planCleared sets to null, in a plan that resets an attribute to null, the attributes
// declared ClearedWith it that configuration does not set: Konnect clears them with it.
func (r *EntityResource) planCleared(p resetPlan, planned, cfg ObjectValues) {
	for _, reset := range p.attrs {
		if v, ok := planned[reset.Name]; !ok || !v.IsNull() {
			continue
		}
		for _, a := range r.Kind.Attrs {
			if a.ClearedWith == reset.Name && (cfg[a.Name].IsNull() || a.Mode == Computed) {
				planned[a.Name] = tftypes.NewValue(a.Type.TFType(), nil)
			}
		}
	}
}

// resetsByValue is implemented by APIs whose update merges (PATCH): an attribute left out
// of the body keeps its value there, so a reset sends the default itself.
type resetsByValue interface{ mergesOnUpdate() bool }

// apply writes the resets into a request body: a replacing write (PUT) leaves the
// attribute out so that Konnect applies its default; a merging one (PATCH) sends the
// default. Removed keys of a JSON document are sent as null, Konnect's "use the default".
func (p resetPlan) apply(r *EntityResource, body konnect.Object) {
	m, ok := r.Kind.API.(resetsByValue)
	merges := ok && m.mergesOnUpdate()
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
