package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Snapshot renders the family's state for the state document; the lock is held.
func (f *Family) Snapshot() json.RawMessage { return raw(f.st) }

// Reset returns to a new organisation: no APIs.
func (f *Family) Reset() { f.st = newState() }

// Restore replaces the state with a snapshot, refusing one that is incomplete
// or inconsistent (ids not unique lower-case UUIDs, name+version or slugs not
// unique, a document tree with a cycle) rather than loading part of it.
// Publications are not replayed to the portal family, whose own state records them.
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	if err := st.check(); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}

func (s *state) check() error {
	if s.APIs == nil {
		return errors.New("apis is required")
	}
	ids := map[string]string{}
	id := func(where, v string) error {
		if !mockcore.IsUUID(v) || mockcore.NormalizeUUID(v) != v {
			return fmt.Errorf("%s: id %q is not a lower-case UUID", where, v)
		}
		if other, dup := ids[v]; dup {
			return fmt.Errorf("%s: id %s is also %s", where, v, other)
		}
		ids[v] = where
		return nil
	}
	slugs := map[string]bool{}
	for i, a := range s.APIs {
		w := fmt.Sprintf("apis[%d]", i)
		if err := id(w, a.ID); err != nil {
			return err
		}
		if a.Name == "" || a.Labels == nil || a.Attributes == nil || a.Versions == nil || a.Documents == nil ||
			a.Publications == nil || a.Implementations == nil {
			return fmt.Errorf("%s: a name, labels, attributes and every collection are required", w)
		}
		if slugs[a.Slug] || !slugPattern.MatchString(a.Slug) {
			return fmt.Errorf("%s: slug %q is not a slug or not unique", w, a.Slug)
		}
		slugs[a.Slug] = true
		if slices.ContainsFunc(s.APIs[:i], func(o *api) bool { return o.Name == a.Name && eqPtr(o.Version, a.Version) }) {
			return fmt.Errorf("%s: name and version are not unique", w)
		}
		for j, v := range a.Versions {
			if err := id(fmt.Sprintf("%s.versions[%d]", w, j), v.ID); err != nil {
				return err
			}
			if k, _, ok := specKind(v.Content); !ok || k != v.Type {
				return fmt.Errorf("%s.versions[%d]: the content is not a specification of type %q", w, j, v.Type)
			}
		}
		for j, d := range a.Documents {
			if err := id(fmt.Sprintf("%s.documents[%d]", w, j), d.ID); err != nil {
				return err
			}
		}
		for j, d := range a.Documents {
			dw := fmt.Sprintf("%s.documents[%d]", w, j)
			if !slices.Contains(documentStatuses, d.Status) || !slugPattern.MatchString(d.Slug) {
				return fmt.Errorf("%s: unknown status or a bad slug", dw)
			}
			if d.ParentID != nil && a.document(*d.ParentID) == nil {
				return fmt.Errorf("%s: parent document %s is not a document of the API", dw, *d.ParentID)
			}
			depth := 0
			for x := d; x.ParentID != nil; x = a.document(*x.ParentID) {
				if depth++; depth > len(a.Documents) {
					return fmt.Errorf("%s: the document tree has a cycle", dw)
				}
			}
			if a.slugTaken(d.ParentID, d.Slug, d) {
				return fmt.Errorf("%s: slug %q is not unique among its siblings", dw, d.Slug)
			}
		}
		for j, p := range a.Publications {
			if !mockcore.IsUUID(p.PortalID) || !slices.Contains(visibilities, p.Visibility) {
				return fmt.Errorf("%s.publications[%d]: a portal id and a known visibility are required", w, j)
			}
		}
		for j, im := range a.Implementations {
			if err := id(fmt.Sprintf("%s.implementations[%d]", w, j), im.ID); err != nil {
				return err
			}
		}
	}
	return nil
}
