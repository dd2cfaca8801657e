package access

import (
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// The legacy single-IdP endpoints (/v3/identity-provider…) are views of the
// identity providers above: the IdP configuration is the OIDC identity
// provider, and the team mappings are the team group mappings of the enabled
// identity provider (or, none being enabled, the first one).

var legacyFields = map[string]string{
	"issuer": "issuer_url", "client_id": "client_id", "client_secret": "client_secret",
	"scopes": "scopes", "claim_mappings": "claim_mappings",
}

func legacyView(p *idp) map[string]any {
	return map[string]any{"issuer": p.Config["issuer_url"], "login_path": p.LoginPath, "client_id": p.Config["client_id"],
		"scopes": p.Config["scopes"], "claim_mappings": p.Config["claim_mappings"]}
}

func getLegacyIdP(c *call) mockcore.Response {
	p := c.f.st.idpOfType("oidc")
	if p == nil {
		return c.problem(http.StatusNotFound, "IdP configuration not found")
	}
	return c.json(http.StatusOK, legacyView(p))
}

// patchLegacyIdP updates the OIDC identity provider, or creates it (disabled)
// when there is none, in which case issuer, client_id and login_path are required.
func patchLegacyIdP(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("issuer", "login_path", "client_id", "client_secret", "scopes", "claim_mappings")
	p := c.f.st.idpOfType("oidc")
	path := b.String("login_path", p == nil, 1, 0)
	patch := map[string]any{}
	for legacy, field := range legacyFields {
		if v, ok := b.In[legacy]; ok {
			patch[field] = v
		}
	}
	stored := map[string]any{}
	if p != nil {
		stored = p.Config
	}
	check := &mockcore.Body{In: map[string]any{"config": mergeConfig(stored, patch, "oidc")}}
	cfg, secret := checkConfig(check, "oidc")
	for _, ip := range check.Bad { // name the fields as this endpoint does
		ip.Field = strings.TrimPrefix(ip.Field, "config.")
		for legacy, field := range legacyFields {
			if strings.HasPrefix(ip.Field, field) {
				ip.Field = legacy + strings.TrimPrefix(ip.Field, field)
			}
		}
		b.Bad = append(b.Bad, ip)
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	if p == nil {
		p = &idp{ID: mockcore.NewUUID(), Type: "oidc", Created: now, Mappings: []*mapping{}}
		c.f.st.IdPs = append(c.f.st.IdPs, p)
	}
	if path != nil {
		p.LoginPath = *path
	}
	p.Config, p.HasSecret, p.Updated = cfg, p.HasSecret || secret, now
	return c.json(http.StatusOK, legacyView(p))
}

// mappingIdP is the identity provider the legacy mapping endpoints work on.
func (s *state) mappingIdP() *idp {
	if p := first(s.IdPs, func(p *idp) bool { return p.Enabled }); p != nil {
		return p
	}
	if len(s.IdPs) > 0 {
		return s.IdPs[0]
	}
	return nil
}

type groupTeams struct {
	Group   string   `json:"group"`
	TeamIDs []string `json:"team_ids"`
}

type teamGroups struct {
	TeamID string   `json:"team_id"`
	Groups []string `json:"groups"`
}

// byGroup folds mappings into one entry per group, in order of first appearance.
func byGroup(ms []*mapping) []groupTeams {
	var out []groupTeams
	for _, m := range ms {
		i := slices.IndexFunc(out, func(g groupTeams) bool { return g.Group == m.Group })
		if i < 0 {
			out = append(out, groupTeams{Group: m.Group, TeamIDs: []string{}})
			i = len(out) - 1
		}
		out[i].TeamIDs = append(out[i].TeamIDs, m.TeamID)
	}
	return out
}

// byTeam folds mappings into one entry per team, in order of first appearance.
func byTeam(ms []*mapping) []teamGroups {
	var out []teamGroups
	for _, m := range ms {
		i := slices.IndexFunc(out, func(t teamGroups) bool { return t.TeamID == m.TeamID })
		if i < 0 {
			out = append(out, teamGroups{TeamID: m.TeamID, Groups: []string{}})
			i = len(out) - 1
		}
		out[i].Groups = append(out[i].Groups, m.Group)
	}
	return out
}

func getLegacyTeamMappings(c *call) mockcore.Response {
	p := c.f.st.mappingIdP()
	if p == nil {
		return c.problem(http.StatusPreconditionFailed, "IdP configuration not found")
	}
	pg, bad := c.page()
	if bad != nil {
		return *bad
	}
	return mockcore.List(byGroup(p.Mappings), pg)
}

// putLegacyTeamMappings replaces, for each group given, the teams it maps to.
func putLegacyTeamMappings(c *call) mockcore.Response {
	p := c.f.st.mappingIdP()
	if p == nil {
		return c.problem(http.StatusPreconditionFailed, "IdP configuration not found")
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("mappings")
	var want []groupTeams
	if raw, ok := b.In["mappings"].([]any); !ok {
		b.Fail("mappings", "is_array", "must be an array")
	} else {
		for _, it := range raw {
			m, _ := it.(map[string]any)
			e := &mockcore.Body{In: m, Prefix: "mappings."}
			e.Only("group", "team_ids")
			g := e.String("group", true, 1, 0)
			ids, _ := e.Strings("team_ids", true)
			for _, id := range ids {
				if !mockcore.IsUUID(id) || c.f.st.team(strings.ToLower(id)) == nil {
					e.Fail("team_ids", "missing_reference", "team "+id+" does not exist")
				}
			}
			b.Merge(e)
			if g != nil {
				want = append(want, groupTeams{Group: *g, TeamIDs: ids})
			}
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	for _, g := range want {
		p.Mappings = slices.DeleteFunc(p.Mappings, func(m *mapping) bool { return m.Group == g.Group })
		for _, id := range g.TeamIDs {
			p.Mappings = append(p.Mappings, &mapping{ID: mockcore.NewUUID(), TeamID: strings.ToLower(id), Group: g.Group, Created: now, Updated: now})
		}
	}
	p.Updated = now
	return c.json(http.StatusOK, map[string]any{"data": byGroup(p.Mappings)})
}

func (c *call) idpRequired() mockcore.Response {
	return c.problem(http.StatusBadRequest, "An IdP configuration is required",
		mockcore.InvalidParam{Field: "data", Reason: "cannot be set before configuring an identity provider"})
}

func getLegacyTeamGroupMappings(c *call) mockcore.Response {
	p := c.f.st.mappingIdP()
	if p == nil {
		return c.idpRequired()
	}
	pg, bad := c.page()
	if bad != nil {
		return *bad
	}
	return mockcore.List(byTeam(p.Mappings), pg)
}

// patchLegacyTeamGroupMappings replaces, for each team given, the groups mapped
// to it; an empty list removes the team's mappings.
func patchLegacyTeamGroupMappings(c *call) mockcore.Response {
	p := c.f.st.mappingIdP()
	if p == nil {
		return c.idpRequired()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("data")
	var want []teamGroups
	if raw, ok := b.In["data"].([]any); !ok {
		b.Fail("data", "is_array", "must be an array")
	} else {
		for _, it := range raw {
			m, _ := it.(map[string]any)
			e := &mockcore.Body{In: m, Prefix: "data."}
			e.Only("team_id", "groups")
			id := e.UUID("team_id", true)
			if id != nil && c.f.st.team(*id) == nil {
				e.Fail("team_id", "missing_reference", "team "+*id+" does not exist")
			}
			groups, _ := e.Strings("groups", true)
			b.Merge(e)
			if id != nil {
				want = append(want, teamGroups{TeamID: *id, Groups: groups})
			}
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	for _, t := range want {
		p.Mappings = slices.DeleteFunc(p.Mappings, func(m *mapping) bool { return m.TeamID == t.TeamID })
		for _, g := range t.Groups {
			p.Mappings = append(p.Mappings, &mapping{ID: mockcore.NewUUID(), TeamID: t.TeamID, Group: g, Created: now, Updated: now})
		}
	}
	p.Updated = now
	all := byTeam(p.Mappings)
	return mockcore.List(all, mockcore.Page{Number: 1, Size: max(len(all), 1)})
}
