package gateway

import (
	"fmt"
	"slices"
	"strings"
)

// pluginSchema declares a plugin's config: its fields and defaults, whether
// undeclared config keys are kept (open), and cross-field rules.
type pluginSchema struct {
	fields []*field
	open   bool
	// the scopes (consumer, consumer_group, route, service) Kong lets the plugin have;
	// nil allows every one
	scopes []string
	// the protocols the plugin runs on, and its default (nil: the kind's)
	protocols, protocolsDefault []string
	check                       func(cfg map[string]any) []string
	// entityChecks are the rules check enforces, as Kong serves them in the plugin's schema
	// (`entity_checks`, from pluginspec's corrections), for clients that check a config
	// before writing it; check is the mock's own enforcement of them
	entityChecks []any
	// the partial types the plugin can link to, each with the config paths it fills
	// (Kong's `supported_partials`); clients read the default path from it
	partials map[string][]string
}

var pluginProtocols = []string{"grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss"}

func init() {
	order := []*field{fld("access", tStrings)}
	register(&kind{
		name:        "plugins",
		singular:    "plugin",
		nameField:   "instance_name",
		filterField: "name",
		parents: map[string]string{
			"services": "service", "routes": "route", "consumers": "consumer", "consumer_groups": "consumer_group",
		},
		fields: []*field{
			fld("name", tString, required()),
			fld("instance_name", tString, unique()),
			fld("config", tObject),
			fld("enabled", tBool, def(true)),
			fld("protocols", tStrings, def([]string{"grpc", "grpcs", "http", "https"}), enum(pluginProtocols...), nonEmpty()),
			fld("service", tForeign, refCascade("services")),
			fld("route", tForeign, refCascade("routes")),
			fld("consumer", tForeign, refCascade("consumers")),
			fld("consumer_group", tForeign, refCascade("consumer_groups")),
			fld("ordering", tRecord, sub(fld("before", tRecord, sub(order...)), fld("after", tRecord, sub(order...)))),
			// an expression; the plugin runs only when it is true
			fld("condition", tString, maxLength(1024)),
			// links to shared partials; name and path are filled from the partial
			fld("partials", tRecords, sub(fld("id", tString), fld("name", tString), fld("path", tString))),
			tagsField(),
		},
		// one plugin of a given name per scope
		composite: func(obj map[string]any) (string, string) {
			name, _ := obj["name"].(string)
			return strings.Join([]string{name, refID(obj["service"]), refID(obj["route"]), refID(obj["consumer"]), refID(obj["consumer_group"])}, "|"), "name"
		},
		finish: finishPlugin,
	})
}

func finishPlugin(b *build) {
	name, _ := b.obj["name"].(string) // required: the validator has made it a string
	finishPartialLinks(b)
	sch, known := pluginSchemas[name]
	if !known {
		sch, known = b.cs.customPluginSchema(name)
	}
	if !known {
		b.fail("name", "plugin '"+name+"' not enabled; add it to the 'plugins' configuration property")
		return
	}
	if sch.scopes != nil {
		for _, scope := range []string{"consumer", "consumer_group", "route", "service"} {
			if b.obj[scope] != nil && !slices.Contains(sch.scopes, scope) {
				b.fail(scope, "value must be null")
			}
		}
	}
	if sch.protocolsDefault != nil && b.in["protocols"] == nil {
		b.obj["protocols"] = clone(sch.protocolsDefault)
	}
	if sch.protocols != nil {
		given, _ := b.obj["protocols"].([]any)
		for i, p := range given {
			if s, _ := p.(string); !slices.Contains(sch.protocols, s) {
				b.fail(fmt.Sprintf("protocols[%d]", i), "expected one of: "+strings.Join(sch.protocols, ", "))
			}
		}
	}
	cfg, _ := b.obj["config"].(map[string]any)
	if cfg == nil {
		cfg = map[string]any{}
	}
	v := &validator{}
	out := v.record(sch.fields, cfg, "config.", sch.open, nil)
	if len(v.missing) > 0 {
		v.errs = append(v.errs, missingErr(v.missing))
	}
	if len(v.errs) == 0 && sch.check != nil {
		// Kong checks the plugin with its partials' configs in place: a linked Redis
		// partial is what satisfies `policy: redis`
		for _, msg := range sch.check(withPartials(b.cs, out, partialLinks(b.obj))) {
			v.errs = append(v.errs, entityErr(msg))
		}
	}
	b.v.errs = append(b.v.errs, v.errs...)
	b.obj["config"] = out
}

// atLeastOne renders Kong's entity check message for an "at least one of" rule.
func atLeastOne(cfg map[string]any, names ...string) []string {
	if hasAny(cfg, names...) {
		return nil
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'config." + n + "'"
	}
	return []string{"at least one of these fields must be non-empty: " + strings.Join(q, ", ")}
}

// Entity checks Kong's Lua schemas state and its published schemas do not carry.
func init() {
	positive := checkNumber(func(x float64) string {
		if x <= 0 {
			return "value must be greater than 0"
		}
		return ""
	})
	for _, k := range []string{"second", "minute", "hour", "day", "month", "year"} {
		positive(configField("rate-limiting", k))
	}
	pluginSchemas["rate-limiting"].check = func(cfg map[string]any) []string {
		if msgs := atLeastOne(cfg, "second", "minute", "hour", "day", "month", "year"); msgs != nil {
			return msgs
		}
		if cfg["policy"] == "redis" {
			if r, _ := cfg["redis"].(map[string]any); r == nil || emptyish(r["host"]) {
				return []string{"failed conditional validation given value of field 'config.policy'"}
			}
		}
		return nil
	}
	pluginSchemas["acl"].check = func(cfg map[string]any) []string {
		if hasAny(cfg, "allow") && hasAny(cfg, "deny") {
			return []string{"only one of these fields must be non-empty: 'config.allow', 'config.deny'"}
		}
		return atLeastOne(cfg, "allow", "deny")
	}
	checkString(httpURL)(configField("http-log", "http_endpoint"))
}

// configField is a bundled plugin's top-level config field; it panics when the data
// lacks it, so a refresh of the data that drops the field is noticed.
func configField(plugin, name string) *field {
	for _, f := range pluginSchemas[plugin].fields {
		if f.name == name {
			return f
		}
	}
	panic("plugin " + plugin + " has no config field " + name)
}

func httpURL(s string) string {
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return "missing host in url"
	}
	return ""
}
