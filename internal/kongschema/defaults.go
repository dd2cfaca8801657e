package kongschema

import "github.com/konnectguard/terraform-provider-konnect/internal/canonjson"

// WithoutDefaults is config without the members whose value is the default the schema's
// `config` field declares for them, at every depth of its records; a record left empty goes
// too. Configuration that leaves such a member out follows what Konnect holds, which is the
// default: the export command writes only what someone chose.
func WithoutDefaults(schema, config map[string]any) map[string]any {
	def, ok := ConfigField(schema)
	if !ok {
		return config
	}
	return withoutDefaults(def, config)
}

func withoutDefaults(rec, m map[string]any) map[string]any {
	defs := map[string]map[string]any{}
	for _, f := range fieldDefs(rec) {
		defs[f.name] = f.def
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		d, declared := defs[k]
		if !declared {
			out[k] = v
			continue
		}
		if dv, has := d["default"]; has && sameDocument(v, dv) {
			continue
		}
		if sub, ok := v.(map[string]any); ok && d["type"] == "record" {
			rest := withoutDefaults(d, sub)
			if len(rest) == 0 {
				continue
			}
			v = rest
		}
		out[k] = v
	}
	return out
}

func sameDocument(a, b any) bool {
	ca, errA := canonjson.Canonical(canonjson.Normalize(a))
	cb, errB := canonjson.Canonical(canonjson.Normalize(b))
	return errA == nil && errB == nil && string(ca) == string(cb)
}
