package gateway

import (
	"sort"
)

// entity is one stored core entity. Replacing it (PUT) mutates obj in place, so
// pointers held by indexes and membership sets stay valid.
type entity struct {
	seq  uint64 // creation order; list order and pagination key
	id   string
	kind *kind
	obj  map[string]any // the complete object as returned to clients
	rev  uint64         // the family's write counter at the last write; the ETag source
}

// orderedSet keeps entities sorted by seq so a page costs O(log n + page size).
type orderedSet struct{ items []*entity }

func (o *orderedSet) add(e *entity) {
	n := len(o.items)
	if n == 0 || o.items[n-1].seq < e.seq {
		o.items = append(o.items, e)
		return
	}
	i := o.search(e.seq)
	if i < n && o.items[i] == e {
		return
	}
	o.items = append(o.items, nil)
	copy(o.items[i+1:], o.items[i:])
	o.items[i] = e
}

func (o *orderedSet) remove(e *entity) {
	i := o.search(e.seq)
	if i < len(o.items) && o.items[i] == e {
		o.items = append(o.items[:i], o.items[i+1:]...)
	}
}

func (o *orderedSet) has(e *entity) bool {
	if o == nil {
		return false
	}
	i := o.search(e.seq)
	return i < len(o.items) && o.items[i] == e
}

// search returns the index of the first entity with seq >= seq.
func (o *orderedSet) search(seq uint64) int {
	return sort.Search(len(o.items), func(i int) bool { return o.items[i].seq >= seq })
}

func (o *orderedSet) len() int {
	if o == nil {
		return 0
	}
	return len(o.items)
}

// kindStore holds the entities of one kind in one control plane.
type kindStore struct {
	kind      *kind
	byID      map[string]*entity
	all       orderedSet
	unique    map[string]map[string]*entity     // field -> value -> entity
	composite map[string]*entity                // kind.compositeKey -> entity
	refs      map[string]map[string]*orderedSet // foreign field -> referenced id -> referencing entities
}

func newKindStore(k *kind) *kindStore {
	ks := &kindStore{
		kind:      k,
		byID:      map[string]*entity{},
		unique:    map[string]map[string]*entity{},
		composite: map[string]*entity{},
		refs:      map[string]map[string]*orderedSet{},
	}
	for _, f := range k.fields {
		if f.unique {
			ks.unique[f.name] = map[string]*entity{}
		}
		if f.typ == tForeign {
			ks.refs[f.name] = map[string]*orderedSet{}
		}
	}
	return ks
}

func (ks *kindStore) index(e *entity) {
	ks.byID[e.id] = e
	ks.all.add(e)
	for name, idx := range ks.unique {
		if s, ok := e.obj[name].(string); ok {
			idx[s] = e
		}
	}
	if key := ks.kind.compositeKey(e.obj); key != "" {
		ks.composite[key] = e
	}
	for name, idx := range ks.refs {
		if id := refID(e.obj[name]); id != "" {
			set := idx[id]
			if set == nil {
				set = &orderedSet{}
				idx[id] = set
			}
			set.add(e)
		}
	}
}

func (ks *kindStore) unindex(e *entity) {
	delete(ks.byID, e.id)
	ks.all.remove(e)
	for name, idx := range ks.unique {
		if s, ok := e.obj[name].(string); ok && idx[s] == e {
			delete(idx, s)
		}
	}
	if key := ks.kind.compositeKey(e.obj); key != "" && ks.composite[key] == e {
		delete(ks.composite, key)
	}
	for name, idx := range ks.refs {
		if id := refID(e.obj[name]); id != "" {
			if set := idx[id]; set != nil {
				set.remove(e)
				if set.len() == 0 {
					delete(idx, id)
				}
			}
		}
	}
}

// referencing returns the entities whose foreign field points at id.
func (ks *kindStore) referencing(field, id string) *orderedSet {
	if idx := ks.refs[field]; idx != nil {
		return idx[id]
	}
	return nil
}

func refID(v any) string {
	if m, ok := v.(map[string]any); ok {
		if id, ok := m["id"].(string); ok {
			return id
		}
	}
	return ""
}

// coreStore holds every core entity of one control plane.
type coreStore struct {
	kinds map[string]*kindStore // by collection name
	// consumer group membership, both directions
	groupMembers   map[string]*orderedSet // group id -> consumers
	consumerGroups map[string]*orderedSet // consumer id -> groups
	// custom plugin schemas by name, and in upload order (plugin_schemas.go)
	custom      map[string]*customSchema
	customOrder []*customSchema
	// nextRev hands out revisions when derived data changes an entity (a certificate's snis)
	nextRev func() uint64
}

func newCoreStore(nextRev func() uint64) *coreStore {
	cs := &coreStore{
		nextRev:        nextRev,
		kinds:          map[string]*kindStore{},
		groupMembers:   map[string]*orderedSet{},
		consumerGroups: map[string]*orderedSet{},
		custom:         map[string]*customSchema{},
	}
	for _, k := range kindList {
		cs.kinds[k.name] = newKindStore(k)
	}
	return cs
}

// byID returns the entity of collection with that id, or nil.
func (cs *coreStore) byID(collection, id string) *entity {
	if ks := cs.kinds[collection]; ks != nil {
		return ks.byID[id]
	}
	return nil
}

// lookup finds an entity by id or by its kind's name field. When parent is set
// (a nested path), the entity must reference that parent through parentField.
func (cs *coreStore) lookup(k *kind, idOrName string, parentField string, parent *entity) *entity {
	ks := cs.kinds[k.name]
	belongs := func(e *entity) bool {
		return parent == nil || refID(e.obj[parentField]) == parent.id
	}
	if e := ks.byID[normalizeUUID(idOrName)]; e != nil {
		if belongs(e) {
			return e
		}
		return nil
	}
	if k.nameField == "" {
		return nil
	}
	if idx := ks.unique[k.nameField]; idx != nil {
		if e := idx[idOrName]; e != nil && belongs(e) {
			return e
		}
		return nil
	}
	// names unique only within a parent (targets, acls): scan the parent's children
	if parent != nil {
		if set := ks.referencing(parentField, parent.id); set != nil {
			for _, e := range set.items {
				if s, _ := e.obj[k.nameField].(string); s == idOrName {
					return e
				}
			}
		}
	}
	return nil
}

// deleteClosure returns the entities removed when e is deleted (e first), following
// cascading references, or the first restricting reference that forbids the delete.
func (cs *coreStore) deleteClosure(e *entity) ([]*entity, *restriction) {
	seen := map[*entity]bool{e: true}
	order := []*entity{e}
	for i := 0; i < len(order); i++ {
		cur := order[i]
		for _, ref := range referrers[cur.kind.name] {
			set := cs.kinds[ref.kind.name].referencing(ref.field.name, cur.id)
			if set.len() == 0 {
				continue
			}
			for _, child := range set.items {
				if seen[child] {
					continue
				}
				if !ref.field.cascade {
					return nil, &restriction{by: child, field: ref.field, target: cur}
				}
				seen[child] = true
				order = append(order, child)
			}
		}
	}
	return order, nil
}

type restriction struct {
	by     *entity
	field  *field
	target *entity
}

// remove deletes the entities (already computed by deleteClosure) and their memberships.
func (cs *coreStore) remove(es []*entity) {
	for _, e := range es {
		cs.kinds[e.kind.name].unindex(e)
		switch e.kind.name {
		case "consumers":
			if groups := cs.consumerGroups[e.id]; groups != nil {
				for _, g := range groups.items {
					cs.groupMembers[g.id].remove(e)
				}
				delete(cs.consumerGroups, e.id)
			}
		case "consumer_groups":
			if members := cs.groupMembers[e.id]; members != nil {
				for _, c := range members.items {
					cs.consumerGroups[c.id].remove(e)
				}
				delete(cs.groupMembers, e.id)
			}
		}
		if e.kind.afterDelete != nil {
			e.kind.afterDelete(cs, e)
		}
	}
}

func (cs *coreStore) addMember(g, c *entity) bool {
	gm := cs.groupMembers[g.id]
	if gm == nil {
		gm = &orderedSet{}
		cs.groupMembers[g.id] = gm
	}
	if gm.has(c) {
		return false
	}
	gm.add(c)
	cg := cs.consumerGroups[c.id]
	if cg == nil {
		cg = &orderedSet{}
		cs.consumerGroups[c.id] = cg
	}
	cg.add(g)
	return true
}

func (cs *coreStore) removeMember(g, c *entity) {
	if gm := cs.groupMembers[g.id]; gm != nil {
		gm.remove(c)
	}
	if cg := cs.consumerGroups[c.id]; cg != nil {
		cg.remove(g)
	}
}
