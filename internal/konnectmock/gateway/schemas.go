package gateway

import (
	"math"
	"net/http"
	"slices"
)

// serveSchema answers the schema endpoints Kong's tools read, generated from the
// same declarations the engine validates with:
//
//	v1/schemas/json/{service|route|upstream|target|…}  JSON Schema with defaults
//	schemas/plugins/{name}                               Kong's plugin schema shape
//	schemas/partials/{type}                              the same shape for a partial type
//	schemas/vaults/{name}                                a vault type's config record
func (f *Family) serveSchema(r *http.Request, rest []string) response {
	if r.Method != http.MethodGet {
		return methodNotAllowed("GET")
	}
	switch {
	case len(rest) == 4 && rest[0] == "v1" && rest[1] == "schemas" && rest[2] == "json":
		for _, k := range kindList {
			if k.singular == rest[3] {
				return coreJSON(http.StatusOK, jsonSchema(k))
			}
		}
	case len(rest) == 3 && rest[0] == "schemas" && rest[1] == "plugins":
		if sch, ok := pluginSchemas[rest[2]]; ok {
			return coreJSON(http.StatusOK, pluginSchemaDoc(sch))
		}
	case len(rest) == 3 && rest[0] == "schemas" && rest[1] == "vaults":
		if fields, ok := vaultConfigs[rest[2]]; ok {
			return coreJSON(http.StatusOK, vaultSchemaDoc(fields))
		}
	case len(rest) == 3 && rest[0] == "schemas" && rest[1] == "partials":
		if pt, ok := partialTypes[rest[2]]; ok {
			return coreJSON(http.StatusOK, partialSchemaDoc(pt))
		}
	}
	return notFound()
}

func jsonSchema(k *kind) map[string]any {
	props := map[string]any{
		"id":         map[string]any{"type": "string", "format": "uuid"},
		"created_at": map[string]any{"type": "integer"},
	}
	if !k.noUpdatedAt {
		props["updated_at"] = map[string]any{"type": "integer"}
	}
	var required []string
	for _, f := range k.fields {
		props[f.name] = jsonSchemaField(f)
		if f.required {
			required = append(required, f.name)
		}
	}
	if k.name == "services" {
		props["url"] = map[string]any{"type": "string", "writeOnly": true, "description": "write-only shorthand for protocol, host, port and path"}
	}
	doc := map[string]any{"type": "object", "title": k.singular, "properties": props, "additionalProperties": false}
	if required != nil {
		doc["required"] = required
	}
	return doc
}

func jsonSchemaField(f *field) map[string]any {
	out := map[string]any{}
	switch f.typ {
	case tString:
		out["type"] = "string"
	case tInt:
		out["type"] = "integer"
	case tNumber:
		out["type"] = "number"
	case tBool:
		out["type"] = "boolean"
	case tStrings:
		item := map[string]any{"type": "string"}
		if f.enum != nil {
			item["enum"] = f.enum
		}
		out["type"], out["items"] = "array", item
	case tInts:
		out["type"], out["items"] = "array", map[string]any{"type": "integer"}
	case tRecord, tRecords:
		props := map[string]any{}
		for _, s := range f.sub {
			props[s.name] = jsonSchemaField(s)
		}
		rec := map[string]any{"type": "object", "properties": props, "additionalProperties": f.open}
		if f.typ == tRecords {
			out["type"], out["items"] = "array", rec
		} else {
			out = rec
		}
	case tForeign:
		// additionalProperties false is how Konnect marks a reference: clients then
		// leave it null instead of filling it as {}
		out["type"], out["additionalProperties"] = "object", false
		out["properties"] = map[string]any{"id": map[string]any{"type": "string", "format": "uuid"}}
	case tHeaders:
		out["type"] = "object"
		out["additionalProperties"] = map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	case tStringMap:
		out["type"], out["additionalProperties"] = "object", map[string]any{"type": "string"}
	default:
		out["type"], out["additionalProperties"] = "object", true
	}
	if f.enum != nil && f.typ == tString {
		out["enum"] = f.enum
	}
	if f.hasRange && f.typ != tInts {
		out["minimum"], out["maximum"] = f.lo, f.hi
	}
	if f.def != nil {
		out["default"] = clone(f.def)
	} else if f.typ == tRecord && f.autoRecord {
		out["default"] = defaults(f.sub)
	}
	if f.readOnly {
		out["readOnly"] = true
	}
	return out
}

// pluginSchemaDoc renders Kong's {"fields":[{"name":{…}}]} schema format.
func pluginSchemaDoc(sch *pluginSchema) map[string]any {
	cfg := map[string]any{"type": "record", "required": true, "fields": kongFields(sch.fields)}
	if sch.open {
		cfg["open"] = true
	}
	scope := func(name, ref string) map[string]any {
		d := map[string]any{"type": "foreign", "reference": ref, "default": nil}
		if sch.scopes != nil && !slices.Contains(sch.scopes, name) {
			d["eq"] = nil // Kong's mark of a scope the plugin cannot have
		}
		return map[string]any{name: d}
	}
	protocols, protocolsDefault := pluginProtocols, []string{"grpc", "grpcs", "http", "https"}
	if sch.protocols != nil {
		protocols = sch.protocols
	}
	if sch.protocolsDefault != nil {
		protocolsDefault = sch.protocolsDefault
	}
	doc := map[string]any{"fields": []any{
		scope("consumer", "consumers"),
		scope("service", "services"),
		scope("route", "routes"),
		map[string]any{"protocols": map[string]any{"type": "set", "elements": map[string]any{"type": "string", "one_of": protocols},
			"default": protocolsDefault, "required": true}},
		map[string]any{"enabled": map[string]any{"type": "boolean", "default": true}},
		map[string]any{"config": cfg},
	}}
	if sch.partials != nil {
		doc["supported_partials"] = sch.partials
	}
	if sch.entityChecks != nil {
		doc["entity_checks"] = sch.entityChecks
	}
	return doc
}

// partialSchemaDoc renders a partial type's schema in Kong's format: the partial's own
// fields, and its config as the record the type declares.
func partialSchemaDoc(pt *partialType) map[string]any {
	cfg := map[string]any{"type": "record", "required": true, "fields": kongFields(pt.fields)}
	if pt.open {
		cfg["open"] = true
	}
	return map[string]any{"fields": []any{
		map[string]any{"id": map[string]any{"type": "string", "uuid": true, "auto": true}},
		map[string]any{"name": map[string]any{"type": "string", "unique": true}},
		map[string]any{"type": map[string]any{"type": "string", "required": true, "one_of": partialTypeNames}},
		map[string]any{"created_at": map[string]any{"type": "integer", "timestamp": true, "auto": true}},
		map[string]any{"updated_at": map[string]any{"type": "integer", "timestamp": true, "auto": true}},
		map[string]any{"tags": map[string]any{"type": "set", "elements": map[string]any{"type": "string"}}},
		map[string]any{"config": cfg},
	}}
}

func kongFields(fields []*field) []any {
	out := []any{}
	for _, f := range fields {
		out = append(out, map[string]any{f.name: kongField(f)})
	}
	return out
}

// kongField renders one field (or an array's elements, a map's values) in Kong's format.
func kongField(f *field) map[string]any {
	d := map[string]any{}
	switch f.typ {
	case tString:
		d["type"] = "string"
	case tInt:
		d["type"] = "integer"
	case tNumber:
		d["type"] = "number"
	case tBool:
		d["type"] = "boolean"
	case tStrings:
		d["type"], d["elements"] = "array", map[string]any{"type": "string"}
	case tInts:
		d["type"], d["elements"] = "array", map[string]any{"type": "integer"}
	case tArray:
		d["type"], d["elements"] = "array", kongField(f.elem)
	case tMap:
		d["type"], d["keys"], d["values"] = "map", map[string]any{"type": "string"}, kongField(f.elem)
	case tRecord:
		d["type"], d["fields"] = "record", kongFields(f.sub)
		if f.autoRecord {
			// stored as its fields' defaults when absent: clients fill it the same way
			d["required"] = true
		}
		if f.open {
			d["open"] = true
		}
	case tRecords:
		d["type"], d["elements"] = "array", map[string]any{"type": "record", "fields": kongFields(f.sub)}
	case tForeign:
		d["type"] = "foreign"
	case tAny:
		d["type"] = "any"
	case tObject:
		// free-form JSON: a map whose values are any JSON
		d["type"], d["keys"], d["values"] = "map", map[string]any{"type": "string"}, map[string]any{"type": "any"}
	default:
		// keys and values mark an arbitrary map, which clients keep as given
		d["type"], d["keys"] = "map", map[string]any{"type": "string"}
		d["values"] = map[string]any{"type": "string"}
		if f.typ == tHeaders {
			d["values"] = map[string]any{"type": "array", "elements": map[string]any{"type": "string"}}
		}
	}
	if f.required {
		d["required"] = true
	}
	if f.enum != nil {
		if f.typ == tString {
			d["one_of"] = f.enum
		} else if el, ok := d["elements"].(map[string]any); ok {
			el["one_of"] = f.enum
		}
	}
	// Kong's format has no mark for a range open on one side (three fields of the data)
	if f.hasRange && !math.IsInf(f.lo, -1) && !math.IsInf(f.hi, 1) {
		d["between"] = []float64{f.lo, f.hi}
	}
	if f.minLen > 0 {
		d["len_min"] = f.minLen
	}
	if f.maxLen > 0 {
		d["len_max"] = f.maxLen
	}
	if f.def != nil {
		d["default"] = clone(f.def)
	}
	secretMarks(f, d)
	return d
}
