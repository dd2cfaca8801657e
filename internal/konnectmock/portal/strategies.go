package portal

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Application auth strategies (/v2/application-auth-strategies): key_auth
// with configs["key-auth"], openid_connect with configs["openid-connect"]
// (optionally linked to a DCR provider).

var strategyTypes = []string{"key_auth", "openid_connect"}

// configKey is the configs member of each strategy type.
var configKey = map[string]string{"key_auth": "key-auth", "openid_connect": "openid-connect"}

var keyAuthConfig = obj(map[string]*schema{
	// null: Kong's copy of the spec has key_names nullable (default null), and Kong's
	// provider sends null when it is not given
	"key_names": orNull(arrayOf(str(256), 1, 10)),
	"ttl": {typ: "object", nullable: true, required: []string{"value", "unit"}, props: map[string]*schema{
		"value": {typ: "integer", minimum: mockcore.IntPtr(1)},
		"unit":  enum("days", "weeks", "years"),
	}},
})

var oidcStrategyConfig = &schema{typ: "object", open: true, required: []string{"issuer", "credential_claim", "scopes", "auth_methods"},
	props: map[string]*schema{
		"issuer":           {typ: "string", maxLen: 256, url: true},
		"credential_claim": arrayOf(str(128), 0, 10),
		"scopes":           arrayOf(str(128), 0, 50),
		"auth_methods":     arrayOf(str(64), 0, 10),
	}}

var configSchema = map[string]*schema{"key_auth": keyAuthConfig, "openid_connect": oidcStrategyConfig}

var principalsSchema = obj(map[string]*schema{"enabled": boolean(false)}, "enabled")

type dcrRefJSON struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	DisplayName  *string `json:"display_name,omitempty"`
	ProviderType string  `json:"provider_type"`
}

type strategyJSON struct {
	ID                          string            `json:"id"`
	Name                        string            `json:"name"`
	DisplayName                 string            `json:"display_name"`
	StrategyType                string            `json:"strategy_type"`
	Active                      bool              `json:"active"`
	Configs                     map[string]any    `json:"configs"`
	DCRProvider                 *dcrRefJSON       `json:"dcr_provider"`
	Labels                      map[string]string `json:"labels"`
	CreatedAt                   string            `json:"created_at"`
	UpdatedAt                   string            `json:"updated_at"`
	SupportsMultipleCredentials bool              `json:"supports_multiple_credentials"`
	Principals                  map[string]bool   `json:"principals"`
}

// active: an API publication uses the strategy (Family.Publish).
func (s *state) strategyActive(id string) bool {
	return slices.ContainsFunc(s.Portals, func(p *portal) bool {
		return slices.ContainsFunc(p.Publications, func(pub *publication) bool { return pub.StrategyID != nil && *pub.StrategyID == id })
	})
}

// view: key auth always supports several credentials; an OIDC strategy does
// when its DCR provider is an http one that allows them.
func (s *state) strategyView(x *strategy) strategyJSON {
	v := strategyJSON{ID: x.ID, Name: x.Name, DisplayName: x.DisplayName, StrategyType: x.Type, Active: s.strategyActive(x.ID),
		Configs: deepCopyMap(x.Configs), Labels: cloneLabels(x.Labels),
		CreatedAt: mockcore.FormatTime(x.Created), UpdatedAt: mockcore.FormatTime(x.Updated),
		SupportsMultipleCredentials: x.Type == "key_auth", Principals: map[string]bool{"enabled": x.Principals}}
	if x.DCRProviderID != nil {
		if d := s.dcrProvider(*x.DCRProviderID); d != nil {
			v.DCRProvider = &dcrRefJSON{ID: d.ID, Name: d.Name, DisplayName: d.DisplayName, ProviderType: d.Type}
			if many, _ := d.Config["allow_multiple_credentials"].(bool); d.Type == "http" && many {
				v.SupportsMultipleCredentials = true
			}
		}
	}
	return v
}

var strategyFilters = filterSpec{"strategy_type": textField, "name": textField, "display_name": textField,
	"dcr_provider_id": uuidField, "dcr_provider_name": textField, "dcr_provider_type": textField}

var strategySorts = []string{"created_at", "updated_at", "strategy_type", "name", "display_name", "dcr_provider_id", "dcr_provider_name", "dcr_provider_type"}

func (s *state) strategyField(x *strategy, field string) (string, bool) {
	var d *dcrProvider
	if x.DCRProviderID != nil {
		d = s.dcrProvider(*x.DCRProviderID)
	}
	switch field {
	case "strategy_type":
		return x.Type, true
	case "name":
		return x.Name, true
	case "display_name":
		return x.DisplayName, true
	case "dcr_provider_id":
		return optString(x.DCRProviderID)
	case "dcr_provider_name":
		if d != nil {
			return d.Name, true
		}
	case "dcr_provider_type":
		if d != nil {
			return d.Type, true
		}
	case "created_at":
		return mockcore.FormatTime(x.Created), true
	case "updated_at":
		return mockcore.FormatTime(x.Updated), true
	}
	return "", false
}

func listStrategies(c *call) mockcore.Response {
	st := c.f.st
	return list(c, st.Strategies, strategyFilters, strategySorts, st.strategyField, st.strategyView)
}

// strategyBody checks a whole strategy (POST, PUT): the fields of its
// strategy_type's request schema.
func (c *call) strategyBody(b *mockcore.Body) *strategy {
	typ := b.Enum("strategy_type", true, strategyTypes)
	keys := []string{"name", "display_name", "strategy_type", "configs", "labels", "principals"}
	if typ != nil && *typ == "openid_connect" {
		keys = append(keys, "dcr_provider_id")
	}
	b.Only(keys...)
	name := b.String("name", true, 1, 256)
	display := b.String("display_name", true, 0, 256)
	x := &strategy{Labels: map[string]string{}}
	if typ != nil {
		key := configKey[*typ]
		if cfg := b.Nested("configs", true); cfg != nil {
			cfg.Only(key)
			if raw, ok := cfg.In[key]; !ok {
				cfg.Fail(key, "required", "")
			} else {
				configSchema[*typ].check("configs."+key, raw, false, &b.Bad)
				if m, isObj := raw.(map[string]any); isObj {
					x.Configs = map[string]any{key: m}
				}
			}
			b.Merge(cfg)
		}
	}
	if typ != nil && *typ == "openid_connect" {
		x.DCRProviderID = c.dcrRef(b)
	}
	if raw, ok := b.In["principals"]; ok {
		principalsSchema.check("principals", raw, false, &b.Bad)
		if m, isObj := raw.(map[string]any); isObj {
			x.Principals, _ = m["enabled"].(bool)
		}
	}
	lbls, _ := b.Labels(false)
	mockcore.ApplyLabels(x.Labels, lbls)
	if len(b.Bad) > 0 {
		return nil
	}
	x.Name, x.DisplayName, x.Type = *name, *display, *typ
	return x
}

// dcrRef checks a dcr_provider_id: a DCR provider of the organisation, or null.
func (c *call) dcrRef(b *mockcore.Body) *string {
	id := b.UUID("dcr_provider_id", false)
	if id != nil && c.f.st.dcrProvider(*id) == nil {
		b.Fail("dcr_provider_id", "missing_reference", `"dcr_provider_id" does not name a DCR provider`)
		return nil
	}
	return id
}

func createStrategy(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	x := c.strategyBody(b)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	x.ID, x.Created, x.Updated = mockcore.NewUUID(), now, now
	c.f.st.Strategies = append(c.f.st.Strategies, x)
	return c.json(http.StatusCreated, c.f.st.strategyView(x))
}

func (c *call) strategy() (*strategy, *mockcore.Response) {
	id, ok := c.pathID("authStrategyId")
	var x *strategy
	if ok {
		x = c.f.st.strategy(id)
	}
	if x == nil {
		resp := c.notFound()
		return nil, &resp
	}
	return x, nil
}

func getStrategy(c *call) mockcore.Response {
	x, bad := c.strategy()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, c.f.st.strategyView(x))
}

// putStrategy replaces the strategy with the body (its type may change); an id
// that names none creates it with that id. Either answers 201, the spec's only
// success status for PUT.
func putStrategy(c *call) mockcore.Response {
	id, ok := c.pathID("authStrategyId")
	if !ok {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	x := c.strategyBody(b)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	x.ID, x.Created, x.Updated = id, now, now
	if old := c.f.st.strategy(id); old != nil {
		x.Created = old.Created
		*old = *x
		x = old
	} else {
		c.f.st.Strategies = append(c.f.st.Strategies, x)
	}
	return c.json(http.StatusCreated, c.f.st.strategyView(x))
}

// patchStrategy changes only the fields sent. configs holds the member of the
// strategy's own type, merged into its configuration (a JSON merge patch: a
// null ttl unsets it). A null dcr_provider_id unlinks the provider.
func patchStrategy(c *call) mockcore.Response {
	x, bad := c.strategy()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "display_name", "labels", "dcr_provider_id", "configs", "principals")
	notNull(b, "is_string", "name", "display_name")
	notNull(b, "is_object", "configs", "principals")
	name := b.String("name", false, 1, 256)
	display := b.String("display_name", false, 0, 256)
	dcr := c.dcrRef(b)
	if x.Type == "key_auth" && dcr != nil {
		b.Fail("dcr_provider_id", "invalid", `"dcr_provider_id" is for openid_connect strategies only`)
	}
	key := configKey[x.Type]
	var cfgPatch map[string]any
	if cfg := b.Nested("configs", false); cfg != nil {
		cfg.Only(key)
		notNull(cfg, "is_object", key)
		if raw, ok := cfg.In[key]; ok && raw != nil {
			configSchema[x.Type].check("configs."+key, raw, true, &b.Bad)
			cfgPatch, _ = raw.(map[string]any)
		}
		b.Merge(cfg)
	}
	var principals *bool
	if raw, ok := b.In["principals"]; ok && raw != nil {
		principalsSchema.check("principals", raw, false, &b.Bad)
		if m, isObj := raw.(map[string]any); isObj {
			v, _ := m["enabled"].(bool)
			principals = &v
		}
	}
	lbls, hasLabels := b.Labels(true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil {
		x.Name = *name
	}
	if display != nil {
		x.DisplayName = *display
	}
	if dcr != nil || b.Null("dcr_provider_id") {
		x.DCRProviderID = dcr
	}
	if cfgPatch != nil {
		cur, _ := deepCopy(x.Configs[key]).(map[string]any)
		if cur == nil {
			cur = map[string]any{}
		}
		mergePatch(cur, cfgPatch)
		x.Configs = map[string]any{key: cur}
	}
	if principals != nil {
		x.Principals = *principals
	}
	if b.Null("labels") {
		x.Labels = map[string]string{}
	}
	if hasLabels {
		mockcore.ApplyLabels(x.Labels, lbls)
	}
	x.Updated = c.f.now()
	return c.json(http.StatusOK, c.f.st.strategyView(x))
}

// deleteStrategy refuses (409, as the spec says) a strategy in use: the
// default strategy of a portal, or the strategy of an API publication.
func deleteStrategy(c *call) mockcore.Response {
	x, bad := c.strategy()
	if bad != nil {
		return *bad
	}
	var users []string
	for _, p := range c.f.st.Portals {
		if p.DefaultStrategyID != nil && *p.DefaultStrategyID == x.ID {
			users = append(users, "portal "+p.ID)
		}
		for _, pub := range p.Publications {
			if pub.StrategyID != nil && *pub.StrategyID == x.ID {
				users = append(users, "API "+pub.APIID+" published to portal "+p.ID)
			}
		}
	}
	if len(users) > 0 {
		return c.conflict(fmt.Sprintf("Application auth strategy [%s] is in use by [%s]", x.ID, strings.Join(users, ", ")))
	}
	c.f.st.Strategies = slices.DeleteFunc(c.f.st.Strategies, func(s *strategy) bool { return s == x })
	return mockcore.NoContent()
}
