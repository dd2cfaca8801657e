package portal

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// DCR providers (/v2/dcr-providers), which OIDC strategies may use. Their
// credentials (initial_client_secret, dcr_token, api_key) are checked and
// never kept, so no answer and no state file holds them.

var dcrTypes = []string{"auth0", "azureAd", "curity", "okta", "http", "kongIdentity"}

// dcrSecrets are the dcr_config members that are secrets.
var dcrSecrets = []string{"initial_client_secret", "dcr_token", "api_key"}

var apiKey = regexp.MustCompile(`^[a-zA-Z0-9_]+$`)

// dcrConfigs are the create schemas of dcr_config per provider type.
var dcrConfigs = map[string]*schema{
	"auth0": obj(map[string]*schema{
		"initial_client_id": str(256), "initial_client_secret": str(256),
		"initial_client_audience": {typ: "string", maxLen: 256, nullable: true}, "use_developer_managed_scopes": boolean(nil),
	}, "initial_client_id", "initial_client_secret"),
	"azureAd": obj(map[string]*schema{"initial_client_id": str(256), "initial_client_secret": str(256)}, "initial_client_id", "initial_client_secret"),
	"curity":  obj(map[string]*schema{"initial_client_id": str(256), "initial_client_secret": str(256)}, "initial_client_id", "initial_client_secret"),
	"okta":    obj(map[string]*schema{"dcr_token": str(256)}, "dcr_token"),
	"http": obj(map[string]*schema{
		"dcr_base_url":        {typ: "string", maxLen: 256, url: true},
		"api_key":             {typ: "string", minLen: 12, maxLen: 256, pattern: apiKey},
		"disable_event_hooks": boolean(nil), "disable_refresh_secret": boolean(nil), "allow_multiple_credentials": boolean(false),
	}, "dcr_base_url", "api_key"),
	"kongIdentity": obj(map[string]*schema{}),
}

// dcrConfigView is dcr_config as the spec's DcrConfig…InResponse shows it.
func dcrConfigView(typ string, cfg map[string]any) map[string]any {
	out := map[string]any{}
	switch typ {
	case "auth0":
		out["initial_client_id"] = cfg["initial_client_id"]
		out["initial_client_audience"] = cfg["initial_client_audience"]
		scopes, _ := cfg["use_developer_managed_scopes"].(bool)
		out["use_developer_managed_scopes"] = scopes
	case "azureAd", "curity":
		out["initial_client_id"] = cfg["initial_client_id"]
	case "http":
		for _, k := range []string{"dcr_base_url", "disable_event_hooks", "disable_refresh_secret"} {
			if v, ok := cfg[k]; ok {
				out[k] = v
			}
		}
		many, _ := cfg["allow_multiple_credentials"].(bool)
		out["allow_multiple_credentials"] = many
	}
	return out
}

type dcrJSON struct {
	ID           string            `json:"id"`
	Name         string            `json:"name"`
	DisplayName  *string           `json:"display_name,omitempty"`
	ProviderType string            `json:"provider_type"`
	Issuer       string            `json:"issuer"`
	Active       bool              `json:"active"`
	DCRConfig    map[string]any    `json:"dcr_config"`
	Labels       map[string]string `json:"labels"`
	CreatedAt    string            `json:"created_at"`
	UpdatedAt    string            `json:"updated_at"`
}

// dcrView: active when an active strategy (one an API publication uses) uses the provider.
func (s *state) dcrView(d *dcrProvider) dcrJSON {
	active := slices.ContainsFunc(s.Strategies, func(x *strategy) bool {
		return x.DCRProviderID != nil && *x.DCRProviderID == d.ID && s.strategyActive(x.ID)
	})
	return dcrJSON{ID: d.ID, Name: d.Name, DisplayName: d.DisplayName, ProviderType: d.Type, Issuer: d.Issuer, Active: active,
		DCRConfig: dcrConfigView(d.Type, d.Config), Labels: cloneLabels(d.Labels),
		CreatedAt: mockcore.FormatTime(d.Created), UpdatedAt: mockcore.FormatTime(d.Updated)}
}

var dcrFilters = filterSpec{"id": containsField, "issuer": containsField, "name": containsField, "provider_type": eqField,
	"initial_client_id": containsField, "initial_client_audience": containsField}

var dcrSorts = []string{"created_at", "updated_at", "provider_type", "issuer", "name"}

func dcrField(d *dcrProvider, field string) (string, bool) {
	switch field {
	case "id":
		return d.ID, true
	case "issuer":
		return d.Issuer, true
	case "name":
		return d.Name, true
	case "provider_type":
		return d.Type, true
	case "initial_client_id", "initial_client_audience":
		v, ok := d.Config[field].(string)
		return v, ok
	case "created_at":
		return mockcore.FormatTime(d.Created), true
	case "updated_at":
		return mockcore.FormatTime(d.Updated), true
	}
	return "", false
}

func listDCRProviders(c *call) mockcore.Response {
	st := c.f.st
	return list(c, st.DCRProviders, dcrFilters, dcrSorts, dcrField, st.dcrView)
}

// withoutSecrets copies a checked dcr_config without its secrets.
func withoutSecrets(cfg map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range cfg {
		if !slices.Contains(dcrSecrets, k) {
			out[k] = v
		}
	}
	return out
}

// createDCRProvider: dcr_config is required except for kongIdentity. The
// request schemas leave the top level open: properties they do not define are ignored.
func createDCRProvider(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	typ := b.Enum("provider_type", true, dcrTypes)
	name := b.String("name", true, 1, 256)
	display := b.String("display_name", false, 1, 256)
	issuer := b.URL("issuer", true)
	if issuer != nil && len(*issuer) > 256 {
		b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "issuer", Rule: "max_length", Maximum: mockcore.IntPtr(256)})
	}
	var cfg map[string]any
	if typ != nil {
		raw, ok := b.In["dcr_config"]
		switch {
		case !ok && *typ == "kongIdentity":
			raw = map[string]any{}
		case !ok:
			b.Fail("dcr_config", "required", "")
		}
		if raw != nil || ok {
			dcrConfigs[*typ].check("dcr_config", raw, false, &b.Bad)
			cfg, _ = raw.(map[string]any)
		}
	}
	lbls, _ := b.Labels(false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	d := &dcrProvider{ID: mockcore.NewUUID(), Name: *name, DisplayName: display, Type: *typ, Issuer: *issuer,
		Config: withoutSecrets(cfg), Labels: map[string]string{}, Created: now, Updated: now}
	mockcore.ApplyLabels(d.Labels, lbls)
	c.f.st.DCRProviders = append(c.f.st.DCRProviders, d)
	return c.json(http.StatusCreated, c.f.st.dcrView(d))
}

func (c *call) dcrProvider() (*dcrProvider, *mockcore.Response) {
	id, ok := c.pathID("dcrProviderId")
	var d *dcrProvider
	if ok {
		d = c.f.st.dcrProvider(id)
	}
	if d == nil {
		resp := c.notFound()
		return nil, &resp
	}
	return d, nil
}

func getDCRProvider(c *call) mockcore.Response {
	d, bad := c.dcrProvider()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, c.f.st.dcrView(d))
}

// patchDCRProvider changes only the fields sent; dcr_config is merged member
// by member (its type cannot change), secrets checked and dropped.
func patchDCRProvider(c *call) mockcore.Response {
	d, bad := c.dcrProvider()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "display_name", "issuer", "labels", "dcr_config")
	notNull(b, "is_string", "name", "display_name", "issuer")
	notNull(b, "is_object", "dcr_config")
	name := b.String("name", false, 1, 256)
	display := b.String("display_name", false, 1, 256)
	issuer := b.URL("issuer", false)
	var patch map[string]any
	if raw, ok := b.In["dcr_config"]; ok && raw != nil {
		dcrConfigs[d.Type].check("dcr_config", raw, true, &b.Bad)
		patch, _ = raw.(map[string]any)
	}
	lbls, hasLabels := b.Labels(true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil {
		d.Name = *name
	}
	if display != nil {
		d.DisplayName = display
	}
	if issuer != nil {
		d.Issuer = *issuer
	}
	if patch != nil {
		cfg := deepCopyMap(d.Config)
		mergePatch(cfg, withoutSecrets(patch))
		d.Config = cfg
	}
	if b.Null("labels") {
		d.Labels = map[string]string{}
	}
	if hasLabels {
		mockcore.ApplyLabels(d.Labels, lbls)
	}
	d.Updated = c.f.now()
	return c.json(http.StatusOK, c.f.st.dcrView(d))
}

// deleteDCRProvider refuses (409) a provider a strategy still uses.
func deleteDCRProvider(c *call) mockcore.Response {
	d, bad := c.dcrProvider()
	if bad != nil {
		return *bad
	}
	if x := first(c.f.st.Strategies, func(x *strategy) bool { return x.DCRProviderID != nil && *x.DCRProviderID == d.ID }); x != nil {
		return c.conflict(fmt.Sprintf("DCR provider [%s] is used by application auth strategy [%s]", d.ID, x.ID))
	}
	c.f.st.DCRProviders = slices.DeleteFunc(c.f.st.DCRProviders, func(x *dcrProvider) bool { return x == d })
	return mockcore.NoContent()
}
