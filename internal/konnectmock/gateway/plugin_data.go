package gateway

import (
	"bytes"
	"encoding/json"
	"math"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// The bundled plugins and the partial types come from pluginspec: Kong's published
// schemas of the current gateway, as facts. Entity checks Kong states in its Lua schemas
// but not in the published ones are added by hand (kind_plugins.go).

var pluginSchemas, partialTypes = loadPluginData()

func loadPluginData() (map[string]*pluginSchema, map[string]*partialType) {
	set, err := pluginspec.Load()
	if err != nil {
		panic("pluginspec: " + err.Error())
	}
	plugins := make(map[string]*pluginSchema, len(set.Plugins))
	for name, p := range set.Plugins {
		plugins[name] = &pluginSchema{
			fields:           specFields(p.Config),
			scopes:           p.Scopes,
			protocols:        p.Protocols,
			protocolsDefault: p.ProtocolsDefault,
			partials:         p.SupportedPartials,
			entityChecks:     p.EntityChecks,
		}
	}
	partials := make(map[string]*partialType, len(set.Partials))
	for typ, fs := range set.Partials {
		partials[typ] = &partialType{fields: specFields(fs), path: partialPaths[typ]}
	}
	return plugins, partials
}

// partialPaths is the plugin config path each partial type fills by default.
var partialPaths = map[string]string{
	"redis-ce": "config.redis", "redis-ee": "config.redis",
	"vectordb": "config.vectordb", "embeddings": "config.embeddings", "model": "config.model",
}

func specFields(in []*pluginspec.Field) []*field {
	out := make([]*field, len(in))
	for i, sf := range in {
		out[i] = specField(sf)
	}
	return out
}

func specField(sf *pluginspec.Field) *field {
	f := &field{name: sf.Name, required: sf.Required, enum: sf.OneOf,
		encrypted: sf.Encrypted, referenceable: sf.Referenceable, minLen: sf.LenMin, maxLen: sf.LenMax}
	switch sf.Type {
	case "string":
		f.typ = tString
	case "integer":
		f.typ = tInt
	case "number":
		f.typ = tNumber
	case "boolean":
		f.typ = tBool
	case "array":
		f.typ = tArray
		f.elem = &field{typ: tAny}
		if sf.Elements != nil {
			f.elem = specField(sf.Elements)
		}
	case "map":
		f.typ, f.elem = tMap, specField(sf.Values)
	case "record":
		f.typ, f.sub, f.open = tRecord, specFields(sf.Fields), sf.Open
		// Kong fills an absent record from its fields' defaults only when its schema
		// requires it; Konnect returns any other record null until it is given
		f.autoRecord = pluginspec.Filled(sf)
	case "foreign":
		f.typ = tForeign
	case "any":
		f.typ = tAny
	default:
		f.typ = tObject
	}
	if sf.Min != nil || sf.Max != nil {
		f.hasRange, f.lo, f.hi = true, math.Inf(-1), math.Inf(1)
		if sf.Min != nil {
			f.lo = *sf.Min
		}
		if sf.Max != nil {
			f.hi = *sf.Max
		}
	}
	if len(sf.Default) > 0 {
		dec := json.NewDecoder(bytes.NewReader(sf.Default))
		dec.UseNumber()
		var raw any
		if dec.Decode(&raw) == nil && raw != nil {
			// stored the way the validator stores a given value
			f.def = (&validator{}).value(f, raw, f.name)
		}
	}
	return f
}
