package gateway

// Kong marks the plugin config fields that hold secrets: `encrypted = true` (Kong
// Enterprise stores them encrypted) and `referenceable = true` (the value may be a
// `{vault://…}` reference). Konnect publishes both in GET …/schemas/plugins/{name}, and
// tools use them to keep those values out of their output. The marks follow Kong's schemas
// (kong/tools/redis/schema.lua for rate-limiting's redis, http-log, openid-connect).

func encrypted() fopt     { return func(f *field) { f.encrypted = true } }
func referenceable() fopt { return func(f *field) { f.referenceable = true } }

// itemsReferenceable marks the elements of an array or the values of a map.
func itemsReferenceable() fopt { return func(f *field) { f.itemsReferenceable = true } }

// secretMarks adds a field's marks to its rendering in Kong's schema format.
func secretMarks(f *field, d map[string]any) {
	if f.encrypted {
		d["encrypted"] = true
	}
	if f.referenceable {
		d["referenceable"] = true
	}
	if !f.itemsReferenceable {
		return
	}
	switch f.typ {
	case tStringMap:
		d["keys"] = map[string]any{"type": "string"}
		d["values"] = map[string]any{"type": "string", "referenceable": true}
	default:
		if el, ok := d["elements"].(map[string]any); ok {
			el["referenceable"] = true
		}
	}
}
