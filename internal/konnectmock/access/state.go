package access

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Snapshot renders the family's state for the state document; the lock is held.
// It is the state itself (state and the types in model.go): token values are
// not in it, only their digests, and no client secret is.
func (f *Family) Snapshot() json.RawMessage { return raw(f.st) }

// Reset returns to a new organisation (new ids); the lock is held.
func (f *Family) Reset() {
	f.st = f.seed()
	f.reindex()
}

// Restore replaces the state with a snapshot, refusing one that is incomplete
// or inconsistent (ids not unique UUIDs, references to nothing) rather than
// loading part of it.
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("access: %w", err)
	}
	if err := st.check(); err != nil {
		return fmt.Errorf("access: %w", err)
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	f.reindex()
	return nil
}

func (s *state) check() error {
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
	digests := map[string]bool{}
	tokens := func(where string, list []*token) error {
		for j, t := range list {
			w := fmt.Sprintf("%s.access_tokens[%d]", where, j)
			if err := id(w, t.ID); err != nil {
				return err
			}
			if len(t.Digest) != 64 || digests[t.Digest] || t.Name == "" {
				return fmt.Errorf("%s: a name and a unique SHA-256 digest are required", w)
			}
			digests[t.Digest] = true
		}
		return nil
	}
	roles := func(where string, list []*role) error {
		for j, r := range list {
			w := fmt.Sprintf("%s.assigned_roles[%d]", where, j)
			if err := id(w, r.ID); err != nil {
				return err
			}
			if !slices.Contains(roleNames, r.RoleName) || !slices.Contains(entityTypes, r.EntityTypeName) || !slices.Contains(regions, r.EntityRegion) {
				return fmt.Errorf("%s: unknown role, entity type or region", w)
			}
		}
		return nil
	}
	if s.Users == nil || s.Teams == nil || s.Accounts == nil || s.IdPs == nil || s.Revoked == nil {
		return errors.New("users, teams, system_accounts, identity_providers and revoked_token_digests are required")
	}
	if err := id("organization", s.Org.ID); err != nil {
		return err
	}
	emails := map[string]bool{}
	for i, u := range s.Users {
		w := fmt.Sprintf("users[%d]", i)
		if err := id(w, u.ID); err != nil {
			return err
		}
		if u.Email == "" || emails[u.Email] {
			return fmt.Errorf("%s: e-mail %q is empty or not unique", w, u.Email)
		}
		emails[u.Email] = true
		if err := tokens(w, u.Tokens); err != nil {
			return err
		}
		if err := roles(w, u.Roles); err != nil {
			return err
		}
	}
	names := map[string]bool{}
	for i, a := range s.Accounts {
		w := fmt.Sprintf("system_accounts[%d]", i)
		if err := id(w, a.ID); err != nil {
			return err
		}
		if a.Name == "" || names[a.Name] {
			return fmt.Errorf("%s: name %q is empty or not unique", w, a.Name)
		}
		names[a.Name] = true
		if err := tokens(w, a.Tokens); err != nil {
			return err
		}
		if err := roles(w, a.Roles); err != nil {
			return err
		}
	}
	for i, t := range s.Teams {
		w := fmt.Sprintf("teams[%d]", i)
		if err := id(w, t.ID); err != nil {
			return err
		}
		if t.Name == "" || t.Users == nil || t.Accounts == nil {
			return fmt.Errorf("%s: name, users and system_accounts are required", w)
		}
		for _, uid := range t.Users {
			if s.user(uid) == nil {
				return fmt.Errorf("%s: member user %s does not exist", w, uid)
			}
		}
		for _, aid := range t.Accounts {
			if s.account(aid) == nil {
				return fmt.Errorf("%s: member system account %s does not exist", w, aid)
			}
		}
		if err := roles(w, t.Roles); err != nil {
			return err
		}
		if t.Labels == nil {
			t.Labels = map[string]string{}
		}
	}
	if s.Org.OwnerID != "" && s.user(s.Org.OwnerID) == nil {
		return fmt.Errorf("organization: owner %s does not exist", s.Org.OwnerID)
	}
	for i, p := range s.IdPs {
		w := fmt.Sprintf("identity_providers[%d]", i)
		if err := id(w, p.ID); err != nil {
			return err
		}
		if (p.Type != "oidc" && p.Type != "saml") || s.idpOfType(p.Type) != p || p.Config == nil {
			return fmt.Errorf("%s: type %q is unknown or not unique, or config is missing", w, p.Type)
		}
		for j, m := range p.Mappings {
			mw := fmt.Sprintf("%s.team_group_mappings[%d]", w, j)
			if err := id(mw, m.ID); err != nil {
				return err
			}
			if s.team(m.TeamID) == nil || m.Group == "" {
				return fmt.Errorf("%s: team %s does not exist or the group is empty", mw, m.TeamID)
			}
		}
	}
	return nil
}
