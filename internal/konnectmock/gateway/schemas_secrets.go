package gateway

// Kong marks the plugin config fields that hold secrets: `encrypted = true` (Kong
// Enterprise stores them encrypted) and `referenceable = true` (the value may be a
// `{vault://…}` reference). Konnect publishes both in GET …/schemas/plugins/{name}, and
// tools use them to keep those values out of their output. The marks come from Kong's
// published schemas (pluginspec): on a field, or on an array's elements / a map's values
// (rendered with the elements or values).

// secretMarks adds a field's marks to its rendering in Kong's schema format.
func secretMarks(f *field, d map[string]any) {
	if f.encrypted {
		d["encrypted"] = true
	}
	if f.referenceable {
		d["referenceable"] = true
	}
}
