package export

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/kongschema"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// exportedFamilies are the families this command writes; the others are reported skipped
// (their kinds' listings and imports are not proven by an export test yet).
var exportedFamilies = map[string]bool{"gateway": true, "access": true}

// object is one Konnect object on its way to a resource block.
type object struct {
	kind    engine.EntityKind
	family  string
	id      string
	parents map[string]string
	values  map[string]any               // as an import puts them in state
	secrets map[string][]engine.SecretAt // taken out of its JSON documents
	cp      *object                      // its control plane, for the file it goes in and its name's scope
	parent  *object                      // the object its last path parameter names
	name    string                       // its resource name
}

// importID is the id the kind's import takes: its path parameters, then its id.
func (o *object) importID() string {
	var parts []string
	for _, a := range o.kind.Attrs {
		if a.Parent {
			parts = append(parts, o.parents[a.Name])
		}
	}
	return strings.Join(append(parts, o.id), "/")
}

// skip is something the export leaves out, with the reason.
type skip struct {
	what, reason string
}

// walk is one export's reading of Konnect.
type walk struct {
	data     *engine.ProviderData
	cpFilter string
	progress func(format string, args ...any)

	objects []*object
	byType  map[string][]*object
	byID    map[string]*object
	// cpMatched: a control plane matched cpFilter.
	cpMatched bool
	skipped   []skip
	counts    map[string]int
}

// parentKind is the kind a path parameter names: <x>_id names the kind whose type name is
// the shortest ending in _<x> (control_plane_id: konnect_gateway_control_plane, account_id:
// konnect_system_account).
func parentKind(param string) (engine.EntityKind, bool) {
	x := "_" + strings.TrimSuffix(param, "_id")
	var best engine.EntityKind
	found := false
	for _, k := range provider.Kinds {
		if strings.HasSuffix(k.TypeName, x) && (!found || len(k.TypeName) < len(best.TypeName)) {
			best, found = k, true
		}
	}
	return best, found
}

func lastParent(k engine.EntityKind) string {
	p := ""
	for _, a := range k.Attrs {
		if a.Parent {
			p = a.Name
		}
	}
	return p
}

// ordered is a family's kinds with every kind after the kind its last path parameter names.
func ordered(kinds []engine.EntityKind) []engine.EntityKind {
	var out []engine.EntityKind
	done := map[string]bool{}
	for len(out) < len(kinds) {
		progressed := false
		for _, k := range kinds {
			if done[k.TypeName] {
				continue
			}
			if p := lastParent(k); p != "" {
				pk, ok := parentKind(p)
				inFamily := slices.ContainsFunc(kinds, func(x engine.EntityKind) bool { return x.TypeName == pk.TypeName })
				if ok && inFamily && !done[pk.TypeName] && pk.TypeName != k.TypeName {
					continue
				}
			}
			out, done[k.TypeName], progressed = append(out, k), true, true
		}
		if !progressed { // a cycle: keep the declared order for the rest
			for _, k := range kinds {
				if !done[k.TypeName] {
					out, done[k.TypeName] = append(out, k), true
				}
			}
		}
	}
	return out
}

// family reads every object of a family's kinds, parents first.
func (w *walk) family(ctx context.Context, f provider.Family) error {
	total := 0
	for _, k := range ordered(f.Kinds) {
		n, err := w.kind(ctx, f.Name, k)
		if err != nil {
			return err
		}
		total += n
	}
	w.progress("%s: %d objects read\n", f.Name, total)
	return nil
}

// kind reads every object of one kind below each exported object of its parent kind.
func (w *walk) kind(ctx context.Context, family string, k engine.EntityKind) (int, error) {
	type below struct {
		parents map[string]string
		parent  *object
	}
	var under []below
	if p := lastParent(k); p == "" {
		under = []below{{parents: map[string]string{}}}
	} else {
		pk, ok := parentKind(p)
		if !ok {
			w.skipped = append(w.skipped, skip{k.TypeName, "not exported yet"})
			return 0, nil
		}
		for _, o := range w.byType[pk.TypeName] {
			ps := maps.Clone(o.parents)
			ps[p] = o.id
			under = append(under, below{parents: ps, parent: o})
		}
	}
	n := 0
	across := map[string]map[string][]konnect.Object{} // by control plane: ListAcross, where Konnect has it
	for _, u := range under {
		found, ok, err := w.list(ctx, k, u.parents, u.parent, across)
		if !ok {
			w.skipped = append(w.skipped, skip{k.TypeName, "not exported yet"})
			return 0, nil
		}
		if err != nil {
			return n, fmt.Errorf("listing %s: %w", k.TypeName, err)
		}
		for _, obj := range found {
			if done, err := w.add(ctx, family, k, obj, u.parents, u.parent); err != nil {
				return n, err
			} else if done {
				n++
			}
		}
	}
	if n > 0 {
		w.progress("  %s: %d\n", k.TypeName, n)
	}
	return n, nil
}

// list lists the objects of kind k below one parent: from the control plane's listing of
// them all where there is one (read once per control plane, kept in across), else the
// parent's own collection.
func (w *walk) list(ctx context.Context, k engine.EntityKind, parents map[string]string, parent *object,
	across map[string]map[string][]konnect.Object) ([]konnect.Object, bool, error) {
	cp := parents["control_plane_id"]
	if parent == nil || cp == "" || parent.cp == parent {
		return engine.ListAll(ctx, w.data, k, parents)
	}
	by, read := across[cp]
	if !read {
		found, ok, err := engine.ListAcross(ctx, w.data, k, cp)
		if err != nil {
			return nil, true, err
		}
		by = found
		if !ok {
			by = nil // no such listing: each parent's own
		}
		across[cp] = by
	}
	if by == nil {
		return engine.ListAll(ctx, w.data, k, parents)
	}
	return by[parent.id], true, nil
}

// add turns one listed object into an exported one, unless it is left out; it reports
// whether it was added.
func (w *walk) add(ctx context.Context, family string, k engine.EntityKind, obj konnect.Object, parents map[string]string, parent *object) (bool, error) {
	id := fmt.Sprint(obj["id"])
	_, isCP := k.API.(engine.ControlPlaneAPI)
	if isCP && w.cpFilter != "" {
		if w.cpFilter != id && w.cpFilter != obj["name"] {
			return false, nil
		}
		w.cpMatched = true
	}
	if k.Predefined != nil {
		if why := k.Predefined(obj); why != "" {
			w.skipped = append(w.skipped, skip{fmt.Sprintf("%s %q (%s)", k.TypeName, describe(k, obj), id), why + ", not managed by this provider"})
			return false, nil
		}
	}
	values, secrets, err := engine.ImportedValues(ctx, w.data, k, obj, parents)
	if err != nil {
		return false, fmt.Errorf("reading %s %s: %w", k.TypeName, id, err)
	}
	if cs := k.ConfigSchema; cs != nil {
		// config as someone chose it: without what the schema fills in (a schema that cannot
		// be read, a custom plugin's, leaves it whole)
		if doc, ok := values["config"].(map[string]any); ok {
			if schema, err := w.data.ConfigSchemaOf(ctx, cs, parents["control_plane_id"], values); err == nil {
				values["config"] = kongschema.WithoutDefaults(schema, doc)
			}
		}
	}
	o := &object{kind: k, family: family, id: id, parents: maps.Clone(parents), values: values, secrets: secrets, parent: parent}
	if parent != nil {
		o.cp = parent.cp // a control plane is its own
	}
	if isCP {
		o.cp = o
	}
	w.objects = append(w.objects, o)
	w.byType[k.TypeName] = append(w.byType[k.TypeName], o)
	w.byID[id] = o
	w.counts[k.TypeName]++
	return true, nil
}

// describe is an object's name for the summary: its unique name, else its id.
func describe(k engine.EntityKind, obj konnect.Object) string {
	if k.NameAttr != "" {
		if s, ok := obj[k.NameAttr].(string); ok && s != "" {
			return s
		}
	}
	return fmt.Sprint(obj["id"])
}
