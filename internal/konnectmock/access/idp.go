package access

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var defaultScopes = []string{"email", "openid", "profile"}

var defaultClaims = map[string]any{"name": "name", "email": "email", "groups": "groups"}

// samlReadOnly are the SAML config fields Konnect computes; sent back, they are ignored.
var samlReadOnly = []string{"sp_metadata_url", "sp_entity_id", "login_url", "callback_url"}

// checkConfig validates an identity provider's config for its type and returns
// what is stored: the given fields with defaults, without client_secret and
// read-only fields. secret reports a client_secret given.
func checkConfig(b *mockcore.Body, typ string) (stored map[string]any, secret bool) {
	cfg := b.Nested("config", true)
	if cfg == nil {
		return nil, false
	}
	defer b.Merge(cfg)
	stored = map[string]any{}
	switch typ {
	case "oidc":
		cfg.Only("issuer_url", "client_id", "client_secret", "scopes", "claim_mappings")
		if u := cfg.URL("issuer_url", true); u != nil {
			stored["issuer_url"] = *u
		}
		if id := cfg.String("client_id", true, 1, 0); id != nil {
			stored["client_id"] = *id
		}
		secret = cfg.String("client_secret", false, 1, 0) != nil
		scopes, ok := cfg.Strings("scopes", false)
		if !ok {
			scopes = defaultScopes
		}
		stored["scopes"] = slices.Clone(scopes)
		claims := maps.Clone(defaultClaims)
		if cm := cfg.Nested("claim_mappings", false); cm != nil {
			cm.Only("name", "email", "groups")
			for _, k := range []string{"name", "email", "groups"} {
				if v := cm.String(k, false, 1, 0); v != nil {
					claims[k] = *v
				}
			}
			cfg.Merge(cm)
		}
		stored["claim_mappings"] = claims
	case "saml":
		cfg.Only(append([]string{"idp_metadata_url", "idp_metadata_xml"}, samlReadOnly...)...)
		u := cfg.URL("idp_metadata_url", false)
		x := cfg.String("idp_metadata_xml", false, 1, 0)
		switch {
		case u != nil && x != nil:
			cfg.Fail("idp_metadata_url", "dependent_fields", "cannot be given with idp_metadata_xml")
		case u != nil:
			stored["idp_metadata_url"] = *u
		case x != nil:
			stored["idp_metadata_xml"] = *x
		case !cfg.Has("idp_metadata_url") && !cfg.Has("idp_metadata_xml"):
			cfg.Fail("idp_metadata_url", "required", "one of idp_metadata_url or idp_metadata_xml is required")
		}
	}
	return stored, secret
}

// view renders an identity provider; client_secret is never shown.
func (p *idp) view(org string) map[string]any {
	cfg := maps.Clone(p.Config)
	if p.Type == "saml" {
		base := "https://cloud.konghq.com/v2/authenticate/" + p.LoginPath + "/saml"
		cfg["sp_metadata_url"] = base + "/metadata"
		cfg["sp_entity_id"] = "https://cloud.konghq.com/sp/" + org
		cfg["login_url"] = "https://cloud.konghq.com/login/" + p.LoginPath
		cfg["callback_url"] = base + "/acs"
	}
	return map[string]any{"id": p.ID, "type": p.Type, "enabled": p.Enabled, "login_path": p.LoginPath, "config": cfg,
		"created_at": mockcore.FormatTime(p.Created), "updated_at": mockcore.FormatTime(p.Updated)}
}

func (s *state) idpOfType(typ string) *idp {
	return first(s.IdPs, func(p *idp) bool { return p.Type == typ })
}

// enabledOther is the enabled identity provider other than p, if any: only one may be enabled.
func (s *state) enabledOther(p *idp) *idp {
	return first(s.IdPs, func(o *idp) bool { return o != p && o.Enabled })
}

// listIdPs answers a bare array (the spec's IdentityProviders is not paged).
func listIdPs(c *call) mockcore.Response {
	fs, bad := c.filters(mockcore.FilterSpec{"type": {"eq"}})
	if bad != nil {
		return *bad
	}
	out := []map[string]any{}
	for _, p := range mockcore.MatchAll(c.f.st.IdPs, fs, func(p *idp, _ string) (string, bool) { return p.Type, true }) {
		out = append(out, p.view(c.f.st.Org.ID))
	}
	return c.json(http.StatusOK, out)
}

// createIdP takes type, login_path and config (required) and enabled (default
// false). An organisation has one identity provider of each type.
func createIdP(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("type", "enabled", "login_path", "config")
	typ := b.Enum("type", true, []string{"oidc", "saml"})
	enabled := b.Bool("enabled", false)
	path := b.String("login_path", true, 1, 0)
	var cfg map[string]any
	var secret bool
	if typ != nil {
		cfg, secret = checkConfig(b, *typ)
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	st := c.f.st
	if st.idpOfType(*typ) != nil {
		return c.conflict(fmt.Sprintf("An identity provider of type [%s] already exists", *typ))
	}
	now := c.f.now()
	p := &idp{ID: mockcore.NewUUID(), Type: *typ, LoginPath: *path, Config: cfg, HasSecret: secret,
		Created: now, Updated: now, Mappings: []*mapping{}}
	if enabled != nil && *enabled {
		if st.enabledOther(p) != nil {
			return c.conflict("Only one identity provider can be enabled at a time")
		}
		p.Enabled = true
	}
	st.IdPs = append(st.IdPs, p)
	return c.json(http.StatusCreated, p.view(st.Org.ID))
}

func (c *call) idp(param string) (*idp, *mockcore.Response) {
	id, bad := c.idParam(param)
	if bad != nil {
		return nil, bad
	}
	return found(c, c.f.st.idp(id), "identity provider")
}

func getIdP(c *call) mockcore.Response {
	p, bad := c.idp("id")
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, p.view(c.f.st.Org.ID))
}

// patchIdP changes enabled, login_path and config, whichever are sent. The
// config is merged with the stored one (a null field goes back to its default;
// a SAML metadata URL replaces metadata XML and the other way round) and the
// result must be a valid config; the type is fixed.
func patchIdP(c *call) mockcore.Response {
	p, bad := c.idp("id")
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("enabled", "login_path", "config")
	b.NotNull("login_path")
	enabled := b.Bool("enabled", false)
	path := b.String("login_path", false, 1, 0)
	var cfg map[string]any
	secret := p.HasSecret
	if b.Has("config") {
		patch, isObj := b.In["config"].(map[string]any)
		if !isObj {
			b.Fail("config", "is_object", "must be an object")
		} else {
			check := &mockcore.Body{In: map[string]any{"config": mergeConfig(p.Config, patch, p.Type)}}
			var given bool
			cfg, given = checkConfig(check, p.Type)
			b.Bad = append(b.Bad, check.Bad...)
			secret = secret || given
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if enabled != nil && *enabled && c.f.st.enabledOther(p) != nil {
		return c.conflict("Only one identity provider can be enabled at a time")
	}
	if enabled != nil {
		p.Enabled = *enabled
	}
	if path != nil {
		p.LoginPath = *path
	}
	if cfg != nil {
		p.Config, p.HasSecret = cfg, secret
	}
	p.Updated = c.f.now()
	return c.json(http.StatusOK, p.view(c.f.st.Org.ID))
}

// mergeConfig applies a JSON merge patch to a stored config (one level, and
// claim_mappings one level deeper).
func mergeConfig(stored, patch map[string]any, typ string) map[string]any {
	out := maps.Clone(stored)
	for k, v := range patch {
		switch {
		case slices.Contains(samlReadOnly, k) && typ == "saml":
		case v == nil:
			delete(out, k)
		case k == "claim_mappings":
			inner, ok := v.(map[string]any)
			cur, _ := out[k].(map[string]any)
			if !ok || cur == nil {
				out[k] = v
				continue
			}
			m := maps.Clone(cur)
			for ik, iv := range inner {
				if iv == nil {
					delete(m, ik)
				} else {
					m[ik] = iv
				}
			}
			out[k] = m
		default:
			out[k] = v
			if typ == "saml" && k == "idp_metadata_url" {
				delete(out, "idp_metadata_xml")
			}
			if typ == "saml" && k == "idp_metadata_xml" {
				delete(out, "idp_metadata_url")
			}
		}
	}
	if s, ok := out["scopes"].([]string); ok { // stored scopes come back as the strings they are
		arr := make([]any, len(s))
		for i := range s {
			arr[i] = s[i]
		}
		out["scopes"] = arr
	}
	return out
}

// deleteIdP removes the identity provider and its team group mappings.
func deleteIdP(c *call) mockcore.Response {
	p, bad := c.idp("id")
	if bad != nil {
		return *bad
	}
	c.f.st.IdPs = slices.DeleteFunc(c.f.st.IdPs, func(x *idp) bool { return x == p })
	return mockcore.NoContent()
}

// --- team group mappings of an identity provider (cursor paging)

type cursor struct {
	ID string `json:"id"`
}

func encodeCursor(id string) string {
	raw, _ := json.Marshal(cursor{ID: id})
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeCursor(s string) (string, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	var cur cursor
	if err != nil || json.Unmarshal(raw, &cur) != nil || cur.ID == "" {
		return "", false
	}
	return cur.ID, true
}

// listMappings pages with page[size] and the opaque cursors page[after] and
// page[before]; meta.page carries first, last, next and previous links (next
// and previous null at the ends) and the size, as the spec's CursorMeta.
func listMappings(c *call) mockcore.Response {
	p, bad := c.idp("idpId")
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(mockcore.FilterSpec{"team_id": {"eq"}, "group": {"eq"}})
	if bad != nil {
		return *bad
	}
	size := 10
	if raw := c.q.Get("page[size]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 100 {
			return c.bad(mockcore.InvalidParam{Field: "page[size]", Rule: "invalid", Reason: "must be an integer between 1 and 100"})
		}
		size = n
	}
	items := mockcore.MatchAll(p.Mappings, fs, func(m *mapping, field string) (string, bool) {
		if field == "team_id" {
			return m.TeamID, true
		}
		return m.Group, true
	})
	index := func(param string) (int, *mockcore.Response) {
		id, ok := decodeCursor(c.q.Get(param))
		i := slices.IndexFunc(items, func(m *mapping) bool { return m.ID == id })
		if !ok || i < 0 {
			resp := c.bad(mockcore.InvalidParam{Field: param, Rule: "invalid", Reason: "is not a valid cursor"})
			return 0, &resp
		}
		return i, nil
	}
	lo, hi := 0, min(size, len(items))
	switch {
	case c.q.Get("page[after]") != "" && c.q.Get("page[before]") != "":
		return c.bad(mockcore.InvalidParam{Field: "page[before]", Rule: "dependent_fields", Reason: "cannot be given with page[after]"})
	case c.q.Get("page[after]") != "":
		i, bad := index("page[after]")
		if bad != nil {
			return *bad
		}
		lo, hi = i+1, min(i+1+size, len(items))
	case c.q.Get("page[before]") != "":
		i, bad := index("page[before]")
		if bad != nil {
			return *bad
		}
		lo, hi = max(0, i-size), i
	}
	base := "/identity-providers/" + p.ID + "/team-group-mappings"
	link := func(extra ...string) string {
		q := url.Values{}
		for k, v := range c.q {
			if strings.HasPrefix(k, "filter[") {
				q[k] = v
			}
		}
		q.Set("page[size]", strconv.Itoa(size))
		for i := 0; i+1 < len(extra); i += 2 {
			q.Set(extra[i], extra[i+1])
		}
		return base + "?" + unescapeBrackets(q.Encode())
	}
	var next, prev *string
	if hi < len(items) && hi > 0 {
		s := link("page[after]", encodeCursor(items[hi-1].ID))
		next = &s
	}
	if lo > 0 && lo < len(items) {
		s := link("page[before]", encodeCursor(items[lo].ID))
		prev = &s
	}
	last := link()
	if len(items) > size {
		last = link("page[after]", encodeCursor(items[len(items)-size-1].ID))
	}
	data := []mappingJSON{}
	for _, m := range items[lo:hi] {
		data = append(data, m.view())
	}
	return c.json(http.StatusOK, map[string]any{
		"meta": map[string]any{"page": map[string]any{"first": link(), "last": last, "next": next, "previous": prev, "size": size}},
		"data": data,
	})
}

// unescapeBrackets keeps page[size] readable in links, as Konnect writes them.
func unescapeBrackets(s string) string {
	return strings.NewReplacer("%5B", "[", "%5D", "]").Replace(s)
}

func createMapping(c *call) mockcore.Response {
	p, bad := c.idp("idpId")
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("team_id", "group")
	teamID := b.UUID("team_id", true)
	group := b.String("group", true, 1, 0)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if c.f.st.team(*teamID) == nil {
		return c.notFound("team")
	}
	if slices.ContainsFunc(p.Mappings, func(m *mapping) bool { return m.TeamID == *teamID && m.Group == *group }) {
		return c.conflict(fmt.Sprintf("Group [%s] is already mapped to team [%s]", *group, *teamID))
	}
	now := c.f.now()
	m := &mapping{ID: mockcore.NewUUID(), TeamID: *teamID, Group: *group, Created: now, Updated: now}
	p.Mappings = append(p.Mappings, m)
	return c.json(http.StatusCreated, m.view())
}

func (c *call) mapping() (*idp, *mapping, *mockcore.Response) {
	p, bad := c.idp("idpId")
	if bad != nil {
		return nil, nil, bad
	}
	id, bad := c.idParam("id")
	if bad != nil {
		return nil, nil, bad
	}
	m, bad := found(c, first(p.Mappings, func(m *mapping) bool { return m.ID == id }), "team group mapping")
	if bad != nil {
		return nil, nil, bad
	}
	return p, m, nil
}

func getMapping(c *call) mockcore.Response {
	_, m, bad := c.mapping()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, m.view())
}

func deleteMapping(c *call) mockcore.Response {
	p, m, bad := c.mapping()
	if bad != nil {
		return *bad
	}
	p.Mappings = slices.DeleteFunc(p.Mappings, func(x *mapping) bool { return x == m })
	return mockcore.NoContent()
}
