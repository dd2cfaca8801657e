package export

import (
	"maps"
	"slices"
)

// keepTagged leaves in the walk only the gateway objects that carry tag, with what they
// need: the objects they live below (their control plane, a credential's consumer) and
// the exported objects they reference (a route's service, an SNI's certificate), and
// theirs in turn. Objects of the other families stay.
func (w *walk) keepTagged(tag string) {
	keep := map[*object]bool{}
	var need func(o *object)
	need = func(o *object) {
		if o == nil || keep[o] {
			return
		}
		keep[o] = true
		need(o.parent)
		need(o.cp)
		for _, ref := range referenced(o.values, w.byID) {
			if ref.family == o.family {
				need(ref)
			}
		}
	}
	for _, o := range w.objects {
		if o.family != "gateway" {
			keep[o] = true
			continue
		}
		if tags, ok := o.values["tags"].([]any); ok && slices.Contains(tags, any(tag)) {
			need(o)
		}
	}
	out := w.objects[:0]
	for _, o := range w.objects {
		if keep[o] {
			out = append(out, o)
		} else if w.byID[o.id] == o {
			delete(w.byID, o.id)
		}
	}
	w.byType, w.counts = map[string][]*object{}, map[string]int{}
	for _, o := range out {
		w.byType[o.kind.TypeName] = append(w.byType[o.kind.TypeName], o)
		w.counts[o.kind.TypeName]++
	}
	w.objects = out
}

// referenced are the exported objects whose ids a value holds, at any depth.
func referenced(v any, byID map[string]*object) []*object {
	switch v := v.(type) {
	case string:
		if o, ok := byID[v]; ok {
			return []*object{o}
		}
	case map[string]any:
		var out []*object
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = append(out, referenced(v[k], byID)...)
		}
		return out
	case []any:
		var out []*object
		for _, x := range v {
			out = append(out, referenced(x, byID)...)
		}
		return out
	}
	return nil
}
