package portal

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Snapshot renders the family's state for the state document; the lock is
// held. It is the state itself (state and the types in model.go), which holds
// no secret.
func (f *Family) Snapshot() json.RawMessage { return raw(f.st) }

// Reset returns to a new organisation: no portals, strategies or DCR providers.
func (f *Family) Reset() { f.st = newState() }

// Restore replaces the state with a snapshot, refusing one that is incomplete
// or inconsistent (ids not unique UUIDs, names not unique where the API keeps
// them unique, references to nothing, a page tree with a cycle) rather than
// loading part of it.
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("portal: %w", err)
	}
	if err := st.check(); err != nil {
		return fmt.Errorf("portal: %w", err)
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}

// checker collects the ids of a state document, which must be unique lower-case UUIDs.
type checker map[string]string

func (ids checker) id(where, v string) error {
	if !mockcore.IsUUID(v) || mockcore.NormalizeUUID(v) != v {
		return fmt.Errorf("%s: id %q is not a lower-case UUID", where, v)
	}
	if other, dup := ids[v]; dup {
		return fmt.Errorf("%s: id %s is also %s", where, v, other)
	}
	ids[v] = where
	return nil
}

// unique reports the first name of names that repeats, by key.
func unique[T any](items []T, key func(T) string) (string, bool) {
	seen := map[string]bool{}
	for _, it := range items {
		k := key(it)
		if seen[k] {
			return k, false
		}
		seen[k] = true
	}
	return "", true
}

func (s *state) check() error {
	if s.Portals == nil || s.Strategies == nil || s.DCRProviders == nil {
		return errors.New("portals, application_auth_strategies and dcr_providers are required")
	}
	ids := checker{}
	for i, d := range s.DCRProviders {
		w := fmt.Sprintf("dcr_providers[%d]", i)
		if err := ids.id(w, d.ID); err != nil {
			return err
		}
		if d.Name == "" || !slices.Contains(dcrTypes, d.Type) || d.Config == nil || d.Labels == nil {
			return fmt.Errorf("%s: a name, a known provider_type, dcr_config and labels are required", w)
		}
		for _, k := range dcrSecrets {
			if _, has := d.Config[k]; has {
				return fmt.Errorf("%s: dcr_config holds the secret %s", w, k)
			}
		}
	}
	for i, x := range s.Strategies {
		w := fmt.Sprintf("application_auth_strategies[%d]", i)
		if err := ids.id(w, x.ID); err != nil {
			return err
		}
		key, known := configKey[x.Type]
		if x.Name == "" || !known || x.Configs == nil || x.Configs[key] == nil || x.Labels == nil {
			return fmt.Errorf("%s: a name, a known strategy_type, its configs and labels are required", w)
		}
		if x.DCRProviderID != nil && s.dcrProvider(*x.DCRProviderID) == nil {
			return fmt.Errorf("%s: DCR provider %s does not exist", w, *x.DCRProviderID)
		}
	}
	if name, ok := unique(s.Portals, func(p *portal) string { return p.Name }); !ok {
		return fmt.Errorf("portals: the name %q is not unique", name)
	}
	hosts := map[string]bool{}
	for i, p := range s.Portals {
		w := fmt.Sprintf("portals[%d]", i)
		if err := ids.id(w, p.ID); err != nil {
			return err
		}
		if err := p.check(w, ids, s); err != nil {
			return err
		}
		if p.Domain != nil {
			h := strings.ToLower(p.Domain.Hostname)
			if hosts[h] || !hostname.MatchString(h) {
				return fmt.Errorf("%s: custom domain %q is not a hostname or not unique", w, h)
			}
			hosts[h] = true
		}
	}
	return nil
}

func (p *portal) check(w string, ids checker, s *state) error {
	if p.Name == "" || p.DisplayName == "" || p.DefaultDomain == "" || p.Labels == nil || p.Customization == nil ||
		p.AllowList == nil || p.Pages == nil || p.Snippets == nil || p.Teams == nil || p.Developers == nil || p.Publications == nil {
		return fmt.Errorf("%s: a name, display_name, default_domain, labels, customization and every collection are required", w)
	}
	if !slices.Contains(visibilities, p.DefaultAPIVisibility) || !slices.Contains(visibilities, p.DefaultPageVisibility) {
		return fmt.Errorf("%s: unknown default visibility", w)
	}
	if p.DefaultStrategyID != nil && s.strategy(*p.DefaultStrategyID) == nil {
		return fmt.Errorf("%s: default application auth strategy %s does not exist", w, *p.DefaultStrategyID)
	}
	for i, e := range p.AllowList {
		if err := ids.id(fmt.Sprintf("%s.ip_allow_list[%d]", w, i), e.ID); err != nil {
			return err
		}
	}
	for i, pg := range p.Pages {
		pw := fmt.Sprintf("%s.pages[%d]", w, i)
		if err := ids.id(pw, pg.ID); err != nil {
			return err
		}
		if !slices.Contains(visibilities, pg.Visibility) || (pg.Status != "published" && pg.Status != "unpublished") {
			return fmt.Errorf("%s: unknown visibility or status", pw)
		}
	}
	for i, pg := range p.Pages {
		pw := fmt.Sprintf("%s.pages[%d]", w, i)
		if pg.ParentID != nil && p.page(*pg.ParentID) == nil {
			return fmt.Errorf("%s: parent page %s is not a page of the portal", pw, *pg.ParentID)
		}
		depth := 0
		for x := pg; x.ParentID != nil; x = p.page(*x.ParentID) {
			if depth++; depth > len(p.Pages) {
				return fmt.Errorf("%s: the page tree has a cycle", pw)
			}
		}
		if p.slugTaken(pg.ParentID, pg.Slug, pg) {
			return fmt.Errorf("%s: slug %q is not unique among its siblings", pw, pg.Slug)
		}
	}
	for i, sn := range p.Snippets {
		if err := ids.id(fmt.Sprintf("%s.snippets[%d]", w, i), sn.ID); err != nil {
			return err
		}
	}
	if name, ok := unique(p.Snippets, func(s *snippet) string { return s.Name }); !ok {
		return fmt.Errorf("%s.snippets: the name %q is not unique", w, name)
	}
	for i, d := range p.Developers {
		if err := ids.id(fmt.Sprintf("%s.developers[%d]", w, i), d.ID); err != nil {
			return err
		}
		if !slices.Contains(developerStatuses, d.Status) {
			return fmt.Errorf("%s.developers[%d]: unknown status %q", w, i, d.Status)
		}
	}
	if email, ok := unique(p.Developers, func(d *developer) string { return strings.ToLower(d.Email) }); !ok {
		return fmt.Errorf("%s.developers: the e-mail %q is not unique", w, email)
	}
	if name, ok := unique(p.Teams, func(t *team) string { return t.Name }); !ok {
		return fmt.Errorf("%s.teams: the name %q is not unique", w, name)
	}
	for i, t := range p.Teams {
		tw := fmt.Sprintf("%s.teams[%d]", w, i)
		if err := ids.id(tw, t.ID); err != nil {
			return err
		}
		if t.Developers == nil || t.Roles == nil {
			return fmt.Errorf("%s: developers and assigned_roles are required", tw)
		}
		for _, id := range t.Developers {
			if p.developer(id) == nil {
				return fmt.Errorf("%s: member developer %s does not exist", tw, id)
			}
		}
		for j, r := range t.Roles {
			if err := ids.id(fmt.Sprintf("%s.assigned_roles[%d]", tw, j), r.ID); err != nil {
				return err
			}
			if !slices.Contains(roleNames, r.RoleName) || !slices.Contains(regions, r.EntityRegion) {
				return fmt.Errorf("%s.assigned_roles[%d]: unknown role or region", tw, j)
			}
		}
	}
	for i, pub := range p.Publications {
		if pub.StrategyID != nil && s.strategy(*pub.StrategyID) == nil {
			return fmt.Errorf("%s.api_publications[%d]: application auth strategy %s does not exist", w, i, *pub.StrategyID)
		}
	}
	return nil
}
