// Package pluginspec holds the configuration schemas of Kong Gateway's bundled plugins
// and partial types, as facts only (names, types, defaults, enums, ranges, required
// flags, element types and the encrypted / referenceable marks). The mock's gateway family
// validates plugin configs and serves schemas/plugins/{name} from it; the provider carries
// it too, for what it knows of the newest gateway version without asking a control plane.
//
// input/ is a trimmed copy of Kong's published plugin schemas (descriptions removed;
// input/README.md names the source and its commit). plugins.json is what Generate
// makes of it; `go generate` rewrites it, and a test checks the two agree.
package pluginspec

//go:generate go run ./gen

import (
	"bytes"
	_ "embed" // plugins.json
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

//go:embed plugins.json
var Data []byte

// GatewayVersion is the Kong Gateway version the input describes.
const GatewayVersion = "3.15"

// Field is one configuration field in the generated data.
type Field struct {
	Name string `json:"name,omitempty"`
	// string, integer, number, boolean, array, record, map, foreign, object
	// (a free-form JSON object) or any (any JSON value)
	Type          string          `json:"type"`
	Required      bool            `json:"required,omitempty"`
	Default       json.RawMessage `json:"default,omitempty"`
	OneOf         []string        `json:"one_of,omitempty"`
	Min           *float64        `json:"min,omitempty"`
	Max           *float64        `json:"max,omitempty"`
	LenMin        int             `json:"len_min,omitempty"`
	LenMax        int             `json:"len_max,omitempty"`
	Encrypted     bool            `json:"encrypted,omitempty"`
	Referenceable bool            `json:"referenceable,omitempty"`
	Elements      *Field          `json:"elements,omitempty"` // array
	Values        *Field          `json:"values,omitempty"`   // map (keys are strings)
	Fields        []*Field        `json:"fields,omitempty"`   // record
	Open          bool            `json:"open,omitempty"`     // record keeping undeclared keys
}

// Plugin is one plugin's schema.
type Plugin struct {
	// the scopes the plugin may be applied to (Kong refuses the others)
	Scopes            []string            `json:"scopes"`
	Protocols         []string            `json:"protocols,omitempty"`
	ProtocolsDefault  []string            `json:"protocols_default,omitempty"`
	SupportedPartials map[string][]string `json:"supported_partials,omitempty"`
	Config            []*Field            `json:"config"`
	// EntityChecks are the rules across fields of Kong's Lua schema, in Kong's format
	// (corrections.go: the published schemas do not carry them)
	EntityChecks []any `json:"entity_checks,omitempty"`
}

// Set is the whole generated data.
type Set struct {
	GatewayVersion string              `json:"gateway_version"`
	Plugins        map[string]*Plugin  `json:"plugins"`
	Partials       map[string][]*Field `json:"partials"`
}

// Load decodes the embedded data, with the corrections (corrections.go).
func Load() (*Set, error) {
	var s Set
	if err := json.Unmarshal(Data, &s); err != nil {
		return nil, err
	}
	corrections(&s)
	return &s, nil
}

// partialSources names, for each partial type, the plugin config path whose schema is
// the partial's config (Kong's schemas list partial types only through the plugins'
// x-supported-partials).
var partialSources = map[string][2]string{
	"redis-ce":   {"rate-limiting", "config.redis"},
	"redis-ee":   {"rate-limiting-advanced", "config.redis"},
	"vectordb":   {"ai-semantic-cache", "config.vectordb"},
	"embeddings": {"ai-semantic-cache", "config.embeddings"},
	"model":      {"ai-llm-as-judge", "config.llm"},
}

// node is a JSON Schema node of Kong's published plugin schemas.
type node struct {
	Type                 string           `json:"type"`
	Default              json.RawMessage  `json:"default"`
	Enum                 []any            `json:"enum"`
	Minimum              *float64         `json:"minimum"`
	Maximum              *float64         `json:"maximum"`
	MinLength            int              `json:"minLength"`
	MaxLength            int              `json:"maxLength"`
	Required             []string         `json:"required"`
	Properties           map[string]*node `json:"properties"`
	Items                *node            `json:"items"`
	AdditionalProperties json.RawMessage  `json:"additionalProperties"`
	OneOf                []*node          `json:"oneOf"`
	Encrypted            bool             `json:"x-encrypted"`
	Referenceable        bool             `json:"x-referenceable"`
	Foreign              bool             `json:"x-foreign"`
	SupportedPartials    []struct {
		Name  string   `json:"name"`
		Paths []string `json:"paths"`
	} `json:"x-supported-partials"`
}

// Generate converts the trimmed input (one <plugin-name>.json per plugin) into the
// data the mock embeds.
func Generate(fsys fs.FS) ([]byte, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, err
	}
	set := &Set{GatewayVersion: GatewayVersion, Plugins: map[string]*Plugin{}, Partials: map[string][]*Field{}}
	for _, file := range names {
		raw, err := fs.ReadFile(fsys, file)
		if err != nil {
			return nil, err
		}
		var top node
		if err := json.Unmarshal(raw, &top); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		name := strings.TrimSuffix(path.Base(file), ".json")
		cfg := top.Properties["config"]
		if cfg == nil {
			return nil, fmt.Errorf("%s: no config", file)
		}
		p := &Plugin{Config: record(cfg).Fields}
		for _, scope := range []string{"consumer", "consumer_group", "route", "service"} {
			if top.Properties[scope] != nil {
				p.Scopes = append(p.Scopes, scope)
			}
		}
		if pr := top.Properties["protocols"]; pr != nil {
			if pr.Items != nil {
				p.Protocols = strs(pr.Items.Enum)
			}
			if pr.Default != nil {
				if err := json.Unmarshal(pr.Default, &p.ProtocolsDefault); err != nil {
					return nil, fmt.Errorf("%s: protocols default: %w", file, err)
				}
			}
		}
		for _, sp := range top.SupportedPartials {
			if p.SupportedPartials == nil {
				p.SupportedPartials = map[string][]string{}
			}
			p.SupportedPartials[sp.Name] = sp.Paths
			for _, at := range sp.Paths {
				if f := lookup(p.Config, at); f == nil || f.Type != "record" {
					return nil, fmt.Errorf("%s: partial %s path %s is not a record of the schema", file, sp.Name, at)
				}
			}
		}
		set.Plugins[name] = p
	}
	for typ, src := range partialSources {
		p := set.Plugins[src[0]]
		if p == nil {
			return nil, fmt.Errorf("partial %s: plugin %s missing", typ, src[0])
		}
		f := lookup(p.Config, src[1])
		if f == nil || f.Type != "record" {
			return nil, fmt.Errorf("partial %s: %s %s is not a record", typ, src[0], src[1])
		}
		set.Partials[typ] = f.Fields
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(set); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// lookup finds the field at a partial path such as "config.redis" or "config.targets[]"
// (an array's elements).
func lookup(fields []*Field, at string) *Field {
	rest, ok := strings.CutPrefix(at, "config.")
	if !ok {
		return nil
	}
	var cur *Field
	for _, part := range strings.Split(rest, ".") {
		elems := strings.HasSuffix(part, "[]")
		part = strings.TrimSuffix(part, "[]")
		i := slices.IndexFunc(fields, func(f *Field) bool { return f.Name == part })
		if i < 0 {
			return nil
		}
		cur = fields[i]
		if elems {
			if cur.Elements == nil {
				return nil
			}
			cur = cur.Elements
		}
		fields = cur.Fields
	}
	return cur
}

func strs(vals []any) []string {
	out := make([]string, 0, len(vals))
	for _, v := range vals {
		out = append(out, fmt.Sprint(v))
	}
	return out
}

// record converts an object node with properties, its fields sorted by name.
func record(n *node) *Field {
	f := &Field{Type: "record"}
	for _, k := range slices.Sorted(mapsKeys(n.Properties)) {
		sub := convert(n.Properties[k])
		sub.Name = k
		sub.Required = slices.Contains(n.Required, k)
		f.Fields = append(f.Fields, sub)
	}
	f.Open = string(n.AdditionalProperties) == "true"
	return f
}

func mapsKeys(m map[string]*node) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func convert(n *node) *Field {
	var f *Field
	switch {
	case n.Foreign:
		f = &Field{Type: "foreign"}
	case len(n.OneOf) > 0:
		// one of several record shapes (datakit's nodes): kept as a free-form object
		f = &Field{Type: "object"}
	case n.Type == "object" && n.Properties != nil:
		f = record(n)
	case n.Type == "object":
		ap := bytes.TrimSpace(n.AdditionalProperties)
		if len(ap) > 0 && ap[0] == '{' {
			var values node
			if err := json.Unmarshal(ap, &values); err == nil {
				f = &Field{Type: "map", Values: convert(&values)}
				break
			}
		}
		f = &Field{Type: "object"}
	case n.Type == "array":
		f = &Field{Type: "array"}
		if n.Items != nil {
			f.Elements = convert(n.Items)
		}
	default:
		f = &Field{Type: n.Type, OneOf: nil}
		if n.Enum != nil {
			f.OneOf = strs(n.Enum)
		}
		f.Min, f.Max = n.Minimum, n.Maximum
	}
	if f.Type != "record" && f.Type != "object" && f.Type != "map" && f.Type != "foreign" && f.Type != "array" {
		// scalars carry their own length limits
		f.LenMin, f.LenMax = n.MinLength, n.MaxLength
	}
	if f.Type == "array" {
		f.LenMin, f.LenMax = n.MinLength, n.MaxLength
	}
	if len(n.Default) > 0 && string(n.Default) != "null" {
		f.Default = compact(n.Default)
	}
	f.Encrypted, f.Referenceable = n.Encrypted, n.Referenceable
	return f
}

func compact(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return raw
	}
	return buf.Bytes()
}
