package pluginspec

import (
	"bytes"
	"encoding/json"
	"slices"
)

// Kong's schema format, the one a control plane serves at …/schemas/plugins/{name} and
// …/schemas/partials/{type}:
//
//	{"fields": [{"config": {"type": "record", "fields": [{"minute": {"type": "number"}}, …]}}]}
//
// PluginSchema and PartialSchema render the embedded data in it, as the document the mock
// serves for a bundled plugin or a partial type (a test of the mock holds the two equal), so
// the provider can check a configuration against them without a control plane. The values
// are those JSON decoding gives (map[string]any, []any, float64, string, bool, nil).

// Protocols are the protocols Kong knows for a plugin, and DefaultProtocols a plugin's
// default when its schema states none.
var (
	Protocols        = []string{"grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"}
	DefaultProtocols = []string{"grpc", "grpcs", "http", "https"}
)

// PartialTypes are the partial types, in the order Konnect lists them.
var PartialTypes = []string{"redis-ce", "redis-ee", "vectordb", "embeddings", "model"}

// PluginSchema renders a bundled plugin's schema in Kong's format; false for a name the
// data does not have (a custom plugin, or one newer than GatewayVersion).
func (s *Set) PluginSchema(name string) (map[string]any, bool) {
	p, ok := s.Plugins[name]
	if !ok {
		return nil, false
	}
	scope := func(name, ref string) any {
		d := map[string]any{"type": "foreign", "reference": ref, "default": nil}
		if p.Scopes != nil && !slices.Contains(p.Scopes, name) {
			d["eq"] = nil // Kong's mark of a scope the plugin cannot have
		}
		return map[string]any{name: d}
	}
	protocols, protocolsDefault := Protocols, DefaultProtocols
	if p.Protocols != nil {
		protocols = p.Protocols
	}
	if p.ProtocolsDefault != nil {
		protocolsDefault = p.ProtocolsDefault
	}
	doc := map[string]any{"fields": []any{
		scope("consumer", "consumers"),
		scope("service", "services"),
		scope("route", "routes"),
		map[string]any{"protocols": map[string]any{"type": "set", "elements": map[string]any{"type": "string", "one_of": anys(protocols)},
			"default": anys(protocolsDefault), "required": true}},
		map[string]any{"enabled": map[string]any{"type": "boolean", "default": true}},
		map[string]any{"config": configRecord(p.Config)},
	}}
	if p.SupportedPartials != nil {
		sp := make(map[string]any, len(p.SupportedPartials))
		for typ, paths := range p.SupportedPartials {
			sp[typ] = anys(paths)
		}
		doc["supported_partials"] = sp
	}
	if p.EntityChecks != nil {
		doc["entity_checks"] = p.EntityChecks
	}
	return doc, true
}

// PartialSchema renders a partial type's schema in Kong's format: the partial's own fields,
// and its config as the record the type declares; false for a type the data does not have.
func (s *Set) PartialSchema(typ string) (map[string]any, bool) {
	fields, ok := s.Partials[typ]
	if !ok {
		return nil, false
	}
	return map[string]any{"fields": []any{
		map[string]any{"id": map[string]any{"type": "string", "uuid": true, "auto": true}},
		map[string]any{"name": map[string]any{"type": "string", "unique": true}},
		map[string]any{"type": map[string]any{"type": "string", "required": true, "one_of": anys(PartialTypes)}},
		map[string]any{"created_at": map[string]any{"type": "integer", "timestamp": true, "auto": true}},
		map[string]any{"updated_at": map[string]any{"type": "integer", "timestamp": true, "auto": true}},
		map[string]any{"tags": map[string]any{"type": "set", "elements": map[string]any{"type": "string"}}},
		map[string]any{"config": configRecord(fields)},
	}}, true
}

func configRecord(fields []*Field) map[string]any {
	return map[string]any{"type": "record", "required": true, "fields": kongFields(fields)}
}

func kongFields(fields []*Field) []any {
	out := make([]any, 0, len(fields))
	for _, f := range fields {
		out = append(out, map[string]any{f.Name: kongField(f)})
	}
	return out
}

// kongField renders one field (or an array's elements, a map's values) in Kong's format.
func kongField(f *Field) map[string]any {
	d := map[string]any{}
	switch f.Type {
	case "string", "integer", "number", "boolean", "foreign", "any":
		d["type"] = f.Type
	case "array":
		el := map[string]any{"type": "any"}
		if f.Elements != nil {
			el = kongField(f.Elements)
		}
		d["type"], d["elements"] = "array", el
	case "map":
		d["type"], d["keys"], d["values"] = "map", map[string]any{"type": "string"}, kongField(f.Values)
	case "record":
		// required (below) is Kong's mark of a record filled from its fields' defaults when
		// absent; a record without it, and without a default, stays null (Filled)
		d["type"], d["fields"] = "record", kongFields(f.Fields)
		if f.Open {
			d["open"] = true
		}
	default:
		// free-form JSON: a map whose values are any JSON
		d["type"], d["keys"], d["values"] = "map", map[string]any{"type": "string"}, map[string]any{"type": "any"}
	}
	if f.Required {
		d["required"] = true
	}
	if f.OneOf != nil && f.Type == "string" {
		d["one_of"] = anys(f.OneOf)
	}
	// Kong's format has no mark for a range open on one side
	if f.Min != nil && f.Max != nil {
		d["between"] = []any{*f.Min, *f.Max}
	}
	if f.LenMin > 0 {
		d["len_min"] = float64(f.LenMin)
	}
	if f.LenMax > 0 {
		d["len_max"] = float64(f.LenMax)
	}
	if v := defaultOf(f); v != nil {
		d["default"] = v
	}
	if f.Encrypted {
		d["encrypted"] = true
	}
	if f.Referenceable {
		d["referenceable"] = true
	}
	return d
}

// defaultOf is a field's default as Kong stores it: a record's absent fields filled with
// their own defaults, null when they have none (a record: unless Filled).
func defaultOf(f *Field) any {
	if len(f.Default) == 0 {
		return nil
	}
	var v any
	if err := json.NewDecoder(bytes.NewReader(f.Default)).Decode(&v); err != nil || v == nil {
		return nil
	}
	return stored(f, v)
}

func stored(f *Field, v any) any {
	switch f.Type {
	case "record":
		in, ok := v.(map[string]any)
		if !ok {
			return v
		}
		out := make(map[string]any, len(f.Fields))
		if f.Open {
			for k, e := range in {
				out[k] = e
			}
		}
		for _, sub := range f.Fields {
			e, present := in[sub.Name]
			switch {
			case present && e != nil:
				out[sub.Name] = stored(sub, e)
			case len(sub.Default) > 0:
				out[sub.Name] = defaultOf(sub)
			case Filled(sub):
				out[sub.Name] = stored(sub, map[string]any{})
			default:
				out[sub.Name] = nil
			}
		}
		return out
	case "array":
		list, ok := v.([]any)
		if !ok || f.Elements == nil {
			return v
		}
		out := make([]any, len(list))
		for i, e := range list {
			out[i] = stored(f.Elements, e)
		}
		return out
	case "map":
		m, ok := v.(map[string]any)
		if !ok || f.Values == nil {
			return v
		}
		out := make(map[string]any, len(m))
		for k, e := range m {
			out[k] = stored(f.Values, e)
		}
		return out
	}
	return v
}

func anys(s []string) []any {
	out := make([]any, len(s))
	for i, e := range s {
		out[i] = e
	}
	return out
}
