package export

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/kongschema"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// exportedFamilies are the families this command writes; the others are reported skipped
// (their kinds' listings and imports are not proven by an export test yet).
var exportedFamilies = map[string]bool{"gateway": true, "access": true, "portal": true, "catalog": true, "organization": true, "cloudgateway": true,
	"consumers": true, "kongidentity": true, "servicecatalog": true, "mesh": true}

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
	label   string                       // a link's: what the linked object is called (engine.LinkLabel)
}

// importID is the id the kind's import takes: its path parameters, then its id (a
// singleton's path parameters alone: a publication's <api_id>/<portal_id>).
func (o *object) importID() string {
	var parts []string
	for _, a := range o.kind.Attrs {
		if a.Parent {
			parts = append(parts, o.parents[a.Name])
		}
	}
	if _, singleton := o.kind.API.(engine.SingletonAPI); singleton && len(parts) > 0 {
		return strings.Join(parts, "/")
	}
	return strings.Join(append(parts, o.id), "/")
}

// namedParents are the path parameters of an object listed below parents, with those the
// object itself names (a publication listed below its portal names its API).
func namedParents(k engine.EntityKind, parents map[string]string, obj konnect.Object) map[string]string {
	out, cloned := parents, false
	for _, a := range k.Attrs {
		if s, named := obj[a.Name].(string); a.Parent && named && parents[a.Name] == "" {
			if !cloned {
				out, cloned = maps.Clone(parents), true
			}
			out[a.Name] = s
		}
	}
	return out
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
// konnect_system_account), of the family of the kind it is a parameter of when that family
// has one (a portal team role's team_id: konnect_portal_team, not konnect_team).
func parentKind(param string, of engine.EntityKind) (engine.EntityKind, bool) {
	for _, f := range provider.Families {
		if slices.ContainsFunc(f.Kinds, func(k engine.EntityKind) bool { return k.TypeName == of.TypeName }) {
			if k, ok := shortestEnding(f.Kinds, param); ok {
				return k, true
			}
		}
	}
	return shortestEnding(provider.Kinds, param)
}

func shortestEnding(kinds []engine.EntityKind, param string) (engine.EntityKind, bool) {
	x := "_" + strings.TrimSuffix(param, "_id")
	var best engine.EntityKind
	found := false
	for _, k := range kinds {
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
				pk, ok := parentKind(p, k)
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

// below is where a kind's objects are listed: the parents' path parameters, and the object
// the last one names (nil at the top).
type below struct {
	parents map[string]string
	parent  *object
}

// kind reads every object of one kind below each exported object of its parent kind.
func (w *walk) kind(ctx context.Context, family string, k engine.EntityKind) (int, error) {
	if k.ExportedAs != "" {
		w.skipped = append(w.skipped, skip{k.TypeName, "the same objects as " + k.ExportedAs + ", exported as " + k.ExportedAs})
		return 0, nil
	}
	var under []below
	if p := lastParent(k); p == "" {
		under = []below{{parents: map[string]string{}}}
	} else {
		pk, ok := parentKind(p, k)
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
	// The listings below each parent run side by side (a few at a time: Konnect's rate
	// limits); the objects are added in the parents' order, so the result is the same.
	across, err := w.across(ctx, k, under)
	if err != nil {
		return 0, fmt.Errorf("listing %s: %w", k.TypeName, err)
	}
	type listing struct {
		found []konnect.Object
		ok    bool
		err   error
	}
	results := make([]listing, len(under))
	sem := make(chan struct{}, parallelListings)
	var wg sync.WaitGroup
	for i, u := range under {
		if by, ok := across[u.parents["control_plane_id"]]; ok && u.parent != nil {
			results[i] = listing{by[u.parent.id], true, nil}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r := &results[i]
			r.found, r.ok, r.err = engine.ListAll(ctx, w.data, k, u.parents)
		}()
	}
	wg.Wait()
	n := 0
	for i, u := range under {
		r := results[i]
		if !r.ok {
			w.skipped = append(w.skipped, skip{k.TypeName, "not exported yet"})
			return 0, nil
		}
		if r.err != nil {
			return n, fmt.Errorf("listing %s: %w", k.TypeName, r.err)
		}
		for _, obj := range r.found {
			if done, err := w.add(ctx, family, k, obj, namedParents(k, u.parents, obj), u.parent); err != nil {
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

// parallelListings bounds the listings one kind's walk sends at once.
const parallelListings = 8

// across reads, once per control plane, the control plane's listing of every object of a
// kind that lives below another object (engine.ListAcross: a consumer's credentials), by
// control plane; one without such a listing is not in it.
func (w *walk) across(ctx context.Context, k engine.EntityKind, under []below) (map[string]map[string][]konnect.Object, error) {
	out := map[string]map[string][]konnect.Object{}
	tried := map[string]bool{}
	for _, u := range under {
		cp := u.parents["control_plane_id"]
		if u.parent == nil || cp == "" || u.parent.cp == u.parent || tried[cp] {
			continue
		}
		tried[cp] = true
		by, ok, err := engine.ListAcross(ctx, w.data, k, cp)
		if err != nil {
			return nil, err
		}
		if ok {
			out[cp] = by
		}
	}
	return out, nil
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
	if k.NotExported != nil {
		if why := k.NotExported(obj); why != "" {
			w.skipped = append(w.skipped, skip{fmt.Sprintf("%s %q (%s)", k.TypeName, describe(k, obj), id), why})
			return false, nil
		}
	}
	values, secrets, err := engine.ImportedValues(ctx, w.data, k, obj, parents)
	if err != nil {
		return false, fmt.Errorf("reading %s %s: %w", k.TypeName, id, err)
	}
	if owner, ok := values[k.NameAttr].(string); ok && owner == id && lastParent(k) == "" && k.NameAttr == "control_plane_id" {
		// An object of a control plane's own (a group's member set) goes with its control
		// plane: none when that is not exported (--control-plane names another).
		cp, exported := w.byID[owner]
		if !exported || cp.cp != cp {
			w.skipped = append(w.skipped, skip{fmt.Sprintf("%s (%s)", k.TypeName, id), "its control plane is not exported"})
			return false, nil
		}
		parent = cp // written in its control plane's file
	}
	if sg, single := k.API.(interface{ Singleton() engine.SingletonAPI }); single && onlyDefaults(k, values, sg.Singleton().Defaults) {
		// Settings Konnect made with their parent and nobody changed: nothing to adopt.
		w.skipped = append(w.skipped, skip{fmt.Sprintf("%s (%s)", k.TypeName, id), "holds what Konnect sets for a new one, nothing to adopt"})
		return false, nil
	}
	if cs := k.ConfigSchema; cs != nil {
		// config as someone chose it: without what the schema fills in (a schema that cannot
		// be read, a custom plugin's, leaves it whole)
		if doc, ok := values["config"].(map[string]any); ok {
			if schema, err := w.data.ConfigSchemaOf(ctx, cs, parents["control_plane_id"], values); err == nil {
				clean, _ := engine.DropNulls(doc).(map[string]any) // a record of nulls is left empty, and goes
				values["config"] = kongschema.WithoutDefaults(schema, clean)
			}
		}
	}
	o := &object{kind: k, family: family, id: id, parents: maps.Clone(parents), values: values, secrets: secrets, parent: parent}
	o.label, _ = obj[engine.LinkLabel].(string)
	if parent != nil {
		o.cp = parent.cp // a control plane is its own
	}
	if isCP {
		o.cp = o
	}
	w.objects = append(w.objects, o)
	w.byType[k.TypeName] = append(w.byType[k.TypeName], o)
	// A singleton's id is its parent's (a publication's, its portal's), and a link's may be the
	// linked object's (a team's user, a group's consumer: its name attribute holds its own
	// id): neither is what a reference to that id names.
	linked, _ := values[k.NameAttr].(string)
	if _, taken := w.byID[id]; !taken && (k.NameAttr == "" || linked != id) {
		w.byID[id] = o
	}
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
