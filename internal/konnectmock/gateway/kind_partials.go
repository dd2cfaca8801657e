package gateway

import (
	"fmt"
	"slices"
	"strings"
)

// Partials are shared pieces of plugin configuration (a Redis connection, a vector
// database) that plugins link to through their `partials` field.

// partialType declares one partial type: its config fields (defaults filled by the
// server), whether undeclared keys are kept, and the plugin config path it fills.
type partialType struct {
	fields []*field
	open   bool
	path   string
}

// partialTypeNames are the types Konnect accepts, in the order it lists them.
var partialTypeNames = []string{"redis-ce", "redis-ee", "vectordb", "embeddings", "model"}

func init() {
	register(&kind{
		name:        "partials",
		singular:    "partial",
		nameField:   "name",
		filterField: "name",
		fields: []*field{
			fld("name", tString, unique(), nonEmpty()),
			fld("type", tString, required(), enum(partialTypeNames...)),
			fld("config", tObject, required()),
			tagsField(),
		},
		finish: func(b *build) {
			typ, _ := b.obj["type"].(string) // required enum: the validator has made it a string
			pt := partialTypes[typ]
			cfg, _ := b.obj["config"].(map[string]any)
			v := &validator{}
			out := v.record(pt.fields, cfg, "config.", pt.open, nil)
			if len(v.missing) > 0 {
				v.errs = append(v.errs, missingErr(v.missing))
			}
			b.v.errs = append(b.v.errs, v.errs...)
			b.obj["config"] = out
			// the plugins linked to this partial keep its name in their links
			if b.existing != nil && b.existing.obj["name"] != b.obj["name"] {
				for _, p := range pluginsUsing(b.cs, b.id) {
					for _, l := range partialLinks(p.obj) {
						if l["id"] == b.id {
							l["name"] = b.obj["name"]
						}
					}
					p.rev = b.cs.nextRev()
				}
			}
		},
		refuseDelete: func(cs *coreStore, e *entity) *errDetail {
			users := pluginsUsing(cs, e.id)
			if len(users) == 0 {
				return nil
			}
			p := users[0]
			d := refErr("id", fmt.Sprintf("partial %s is used by plugin '%s' (id %s): remove it from the plugin's partials first",
				e.id, p.obj["name"], p.id))
			return &d
		},
	})
}

// partialLinks returns a stored plugin's partials entries.
func partialLinks(obj map[string]any) []map[string]any {
	arr, _ := obj["partials"].([]any)
	out := make([]map[string]any, 0, len(arr))
	for _, it := range arr {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// pluginsUsing lists the plugins linked to a partial, in creation order.
func pluginsUsing(cs *coreStore, partialID string) []*entity {
	var out []*entity
	for _, p := range cs.kinds["plugins"].all.items {
		if slices.ContainsFunc(partialLinks(p.obj), func(l map[string]any) bool { return l["id"] == partialID }) {
			out = append(out, p)
		}
	}
	return out
}

// finishPartialLinks checks a plugin's partials against the stored partials and
// fills each link's name and path from the partial it names.
func finishPartialLinks(b *build) {
	for i, l := range partialLinks(b.obj) {
		id, _ := l["id"].(string)
		where := fmt.Sprintf("partials[%d]", i)
		if id == "" {
			b.fail("partials", where+".id is required")
			continue
		}
		if !isUUID(id) {
			b.fail("partials", where+".id must be a valid UUID")
			continue
		}
		id = strings.ToLower(id)
		p := b.cs.byID("partials", id)
		if p == nil {
			b.fail("partials", "partial "+id+" does not exist")
			continue
		}
		l["id"] = id
		l["name"] = p.obj["name"]
		if emptyish(l["path"]) {
			typ, _ := p.obj["type"].(string)
			l["path"] = partialTypes[typ].path
		}
	}
}

// withPartials returns a copy of a plugin's config with each linked partial's config at
// the link's path, as Kong sees the plugin when it checks and runs it. The stored config
// keeps only the plugin's own values: a change to the partial reaches every plugin
// linked to it without rewriting them. A path ending in "[]" appends to a list.
func withPartials(cs *coreStore, cfg map[string]any, links []map[string]any) map[string]any {
	if len(links) == 0 {
		return cfg
	}
	out, _ := clone(cfg).(map[string]any)
	for _, l := range links {
		id, _ := l["id"].(string)
		path, _ := l["path"].(string)
		p := cs.byID("partials", id)
		rest, ok := strings.CutPrefix(path, "config.")
		if p == nil || !ok || rest == "" {
			continue // refused by finishPartialLinks, or not a config path
		}
		appendTo := strings.HasSuffix(rest, "[]")
		keys := strings.Split(strings.TrimSuffix(rest, "[]"), ".")
		m := out
		for _, k := range keys[:len(keys)-1] {
			next, ok := m[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				m[k] = next
			}
			m = next
		}
		last := keys[len(keys)-1]
		pcfg := clone(p.obj["config"])
		if appendTo {
			list, _ := m[last].([]any)
			m[last] = append(list, pcfg)
		} else {
			m[last] = pcfg
		}
	}
	return out
}

// expandedPlugin is a stored plugin as GET …/plugins/{id}?expand_partials=true shows it:
// its config with the linked partials' configs in place.
func expandedPlugin(cs *coreStore, e *entity) map[string]any {
	cfg, _ := e.obj["config"].(map[string]any)
	out := make(map[string]any, len(e.obj))
	for k, v := range e.obj {
		out[k] = v
	}
	out["config"] = withPartials(cs, cfg, partialLinks(e.obj))
	return out
}
