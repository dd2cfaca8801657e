package portal

import (
	"encoding/base64"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- authentication settings: one object per portal, created with it

// defaultAuthSettings are a new portal's: developers log in with basic auth
// (e-mail and password); no SSO, no team mapping.
func defaultAuthSettings() authSettings { return authSettings{BasicAuth: true} }

var defaultScopes = []string{"email", "openid", "profile"}

type authSettingsJSON struct {
	BasicAuth       bool            `json:"basic_auth_enabled"`
	OIDCAuth        bool            `json:"oidc_auth_enabled"`
	SAMLAuth        bool            `json:"saml_auth_enabled"`
	OIDCTeamMapping bool            `json:"oidc_team_mapping_enabled"`
	IdPMapping      bool            `json:"idp_mapping_enabled"`
	KonnectMapping  bool            `json:"konnect_mapping_enabled"`
	OIDCConfig      *oidcConfigJSON `json:"oidc_config,omitempty"`
}

type oidcConfigJSON struct {
	Issuer        string            `json:"issuer"`
	ClientID      string            `json:"client_id"`
	Scopes        []string          `json:"scopes"`
	ClaimMappings map[string]string `json:"claim_mappings"`
}

func (a authSettings) view() authSettingsJSON {
	v := authSettingsJSON{BasicAuth: a.BasicAuth, OIDCAuth: a.OIDCAuth, SAMLAuth: a.SAMLAuth,
		OIDCTeamMapping: a.OIDCTeamMapping, IdPMapping: a.IdPMapping, KonnectMapping: a.KonnectMapping}
	if o := a.OIDC; o != nil && o.Issuer != "" && o.ClientID != "" {
		v.OIDCConfig = &oidcConfigJSON{Issuer: o.Issuer, ClientID: o.ClientID, Scopes: append([]string{}, o.Scopes...), ClaimMappings: cloneLabels(o.ClaimMappings)}
	}
	return v
}

func getAuthSettings(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, p.Auth.view())
}

var authBools = []string{"basic_auth_enabled", "oidc_auth_enabled", "saml_auth_enabled", "oidc_team_mapping_enabled",
	"konnect_mapping_enabled", "idp_mapping_enabled"}

var claimMappings = obj(map[string]*schema{"name": str(0), "email": str(0), "groups": str(0)})

// patchAuthSettings changes only the fields sent. The deprecated oidc_* fields
// make the OIDC configuration shown as oidc_config once it has an issuer and a
// client id (scopes and claim mappings take the spec's defaults); the client
// secret is accepted and never shown. The request schema is open: properties
// it does not define are ignored.
//
// The oidc_* fields take null, as Kong's copy of the spec says (nullable,
// default null) and its provider sends on every write that leaves them unset:
// null clears the issuer, client id or secret, and puts the spec's default back
// for scopes and claim mappings. Without an issuer and a client id no OIDC
// configuration is shown, and the next one starts from the defaults again.
func patchAuthSettings(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.optionalBody()
	if bad != nil {
		return *bad
	}
	notNull(b, "is_boolean", authBools...)
	bools := map[string]*bool{}
	for _, k := range authBools {
		bools[k] = b.Bool(k, false)
	}
	issuer := b.URL("oidc_issuer", false)
	clientID := b.String("oidc_client_id", false, 1, 0)
	secret := b.String("oidc_client_secret", false, 1, 0)
	scopes, hasScopes := b.Strings("oidc_scopes", false)
	var mappings map[string]any
	if raw, ok := b.In["oidc_claim_mappings"]; ok && raw != nil {
		claimMappings.check("oidc_claim_mappings", raw, false, &b.Bad)
		mappings, _ = raw.(map[string]any)
		if len(mappings) > 3 {
			b.Fail("oidc_claim_mappings", "max_items", "must not have more than 3 properties")
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	a := &p.Auth
	for k, v := range bools {
		if v == nil {
			continue
		}
		switch k {
		case "basic_auth_enabled":
			a.BasicAuth = *v
		case "oidc_auth_enabled":
			a.OIDCAuth = *v
		case "saml_auth_enabled":
			a.SAMLAuth = *v
		case "oidc_team_mapping_enabled":
			a.OIDCTeamMapping = *v
		case "konnect_mapping_enabled":
			a.KonnectMapping = *v
		case "idp_mapping_enabled":
			a.IdPMapping = *v
		}
	}
	oidcKeys := []string{"oidc_issuer", "oidc_client_id", "oidc_client_secret", "oidc_scopes", "oidc_claim_mappings"}
	if !slices.ContainsFunc(oidcKeys, b.Has) {
		return c.json(http.StatusOK, a.view())
	}
	if a.OIDC == nil {
		a.OIDC = newOIDCConfig()
	}
	o := a.OIDC
	switch {
	case issuer != nil:
		o.Issuer = *issuer
	case b.Null("oidc_issuer"):
		o.Issuer = ""
	}
	switch {
	case clientID != nil:
		o.ClientID = *clientID
	case b.Null("oidc_client_id"):
		o.ClientID = ""
	}
	switch {
	case secret != nil:
		o.HasSecret = true
	case b.Null("oidc_client_secret"):
		o.HasSecret = false
	}
	switch {
	case hasScopes:
		o.Scopes = scopes
	case b.Null("oidc_scopes"):
		o.Scopes = newOIDCConfig().Scopes
	}
	switch {
	case mappings != nil:
		o.ClaimMappings = newOIDCConfig().ClaimMappings
		for k, v := range mappings {
			o.ClaimMappings[k], _ = v.(string)
		}
	case b.Null("oidc_claim_mappings"):
		o.ClaimMappings = newOIDCConfig().ClaimMappings
	}
	if o.Issuer == "" && o.ClientID == "" && !o.HasSecret {
		a.OIDC = nil
	}
	return c.json(http.StatusOK, a.view())
}

// newOIDCConfig is an OIDC configuration before anything is set: the spec's
// default scopes and claim mappings.
func newOIDCConfig() *oidcConfig {
	return &oidcConfig{Scopes: append([]string{}, defaultScopes...),
		ClaimMappings: map[string]string{"name": "name", "email": "email", "groups": "groups"}}
}

// --- customization: one document per portal

var menuItem = obj(map[string]*schema{
	"path": str(512), "title": str(0), "visibility": enum(visibilities...), "external": boolean(nil),
}, "path", "title", "visibility", "external")

var customizationSchema = obj(map[string]*schema{
	"theme": obj(map[string]*schema{
		"name":   str(0),
		"mode":   enum("light", "dark", "system"),
		"colors": obj(map[string]*schema{"primary": {typ: "string", pattern: regexp.MustCompile(`^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$`)}}),
	}),
	"layout": str(0),
	"css":    {typ: "string", nullable: true},
	// The menu's lists take null: Kong's copy of the spec says so (nullable, default null),
	// and Kong's provider sends null for each list it is not given.
	"menu": obj(map[string]*schema{
		"main":            orNull(arrayOf(menuItem, 0, 0)),
		"footer_sections": orNull(arrayOf(obj(map[string]*schema{"title": str(512), "items": arrayOf(menuItem, 0, 0)}, "title", "items"), 0, 0)),
		"footer_bottom":   orNull(arrayOf(menuItem, 0, 0)),
	}),
	// No default for the object itself (neither spec has one): a PUT without it leaves the
	// document without it, as Kong's provider, whose spec_renderer is optional and not
	// computed, expects after it stops sending one; its settings' defaults fill an object
	// that is sent.
	"spec_renderer": {typ: "object", props: map[string]*schema{
		"try_it_ui": boolean(true), "try_it_insomnia": boolean(true), "infinite_scroll": boolean(true),
		"show_schemas": boolean(true), "hide_internal": boolean(false), "hide_deprecated": boolean(false),
		"allow_custom_server_urls": boolean(true),
	}},
	"robots": {typ: "string", nullable: true},
})

// defaultCustomization is a new portal's: the spec renderer's documented
// defaults, nothing else.
func defaultCustomization() map[string]any {
	m := map[string]any{"spec_renderer": map[string]any{}}
	customizationSchema.fill(m)
	return m
}

// orNull is s, which also takes null.
func orNull(s *schema) *schema {
	s.nullable = true
	return s
}

func getCustomization(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, p.Customization)
}

// customizationBody checks a PUT (patch false) or PATCH body.
func (c *call) customizationBody(patch bool) (map[string]any, *mockcore.Response) {
	b, bad := c.optionalBody()
	if bad != nil {
		return nil, bad
	}
	customizationSchema.check("", b.In, patch, &b.Bad)
	if bad := c.invalid(b); bad != nil {
		return nil, bad
	}
	return b.In, nil
}

// putCustomization replaces the document: what it leaves out is gone (the spec
// renderer included); the spec renderer's settings take their defaults when it
// is sent without them.
func putCustomization(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	doc, bad := c.customizationBody(false)
	if bad != nil {
		return *bad
	}
	customizationSchema.fill(doc)
	p.Customization = doc
	return c.json(http.StatusOK, p.Customization)
}

// patchCustomization merges the body into the document as a JSON merge patch:
// objects member by member, arrays replaced whole, null removes a member (a
// null spec_renderer removes it, as a PUT without it does).
func patchCustomization(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	patch, bad := c.customizationBody(true)
	if bad != nil {
		return *bad
	}
	doc := deepCopyMap(p.Customization)
	mergePatch(doc, patch)
	customizationSchema.fill(doc)
	p.Customization = doc
	return c.json(http.StatusOK, p.Customization)
}

// --- assets: the logo and the favicon, data URLs

type asset int

const (
	logo asset = iota
	favicon
)

func (a asset) of(p *portal) **string {
	if a == logo {
		return &p.Logo
	}
	return &p.Favicon
}

// imageDataURL is the spec's PortalImageDataUri: PNG, JPEG, GIF, ICO or SVG data, base64.
var imageDataURL = regexp.MustCompile(`^data:image/(png|jpeg|gif|x-icon|ico|icon|vnd\.microsoft\.icon|svg\+xml)(;base64)?,(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`)

// getAsset answers the image as {"data": "<data URL>"}; a portal without one is a 404.
func getAsset(a asset) handler {
	return func(c *call) mockcore.Response {
		p, bad := c.portal()
		if bad != nil {
			return *bad
		}
		data := *a.of(p)
		if data == nil {
			return c.notFound()
		}
		return c.json(http.StatusOK, map[string]string{"data": *data})
	}
}

func putAsset(a asset) handler {
	return func(c *call) mockcore.Response {
		p, bad := c.portal()
		if bad != nil {
			return *bad
		}
		b, bad := c.body()
		if bad != nil {
			return *bad
		}
		b.Only("data")
		data := b.String("data", true, 1, 0)
		if data != nil && !imageDataURL.MatchString(*data) {
			b.Fail("data", "matches_regex", `"data" must be a data URL with base64 PNG, JPEG, GIF, ICO or SVG image data`)
		}
		if bad := c.invalid(b); bad != nil {
			return *bad
		}
		*a.of(p) = data
		return c.json(http.StatusOK, map[string]string{"data": *data})
	}
}

// getRawAsset answers the image itself, with its media type.
func getRawAsset(a asset) handler {
	return func(c *call) mockcore.Response {
		p, bad := c.portal()
		if bad != nil {
			return *bad
		}
		data := *a.of(p)
		if data == nil {
			return c.notFound()
		}
		head, payload, _ := strings.Cut(strings.TrimPrefix(*data, "data:"), ",")
		media, _, _ := strings.Cut(head, ";")
		img, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			return c.problem(http.StatusInternalServerError, "the stored image cannot be decoded")
		}
		return mockcore.Response{Status: http.StatusOK, CType: media, Body: img}
	}
}

// --- audit log webhook: one per portal

func webhookView(w webhook) map[string]any {
	v := map[string]any{"enabled": w.Enabled}
	if w.DestinationID != nil {
		v["audit_log_destination_id"] = *w.DestinationID
	}
	return v
}

func getWebhook(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, webhookView(p.Webhook))
}

// patchWebhook changes enabled and the destination (a destination of the audit
// logs API, which this family does not serve: it asks the organization family
// whether the destination exists, and refuses one that does not as that family
// does, organization.MissingDestination's answer). Enabling a
// webhook without a destination is the spec's "Required field missing". The
// portal webhook holds no secret: its destination does. The request schema is
// open: properties it does not define are ignored.
func patchWebhook(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.optionalBody()
	if bad != nil {
		return *bad
	}
	// A null destination clears it: Kong's copy of the spec has it nullable (default
	// null), and Kong's provider sends null when it is not given.
	notNull(b, "is_boolean", "enabled")
	enabled := b.Bool("enabled", false)
	dest := b.UUID("audit_log_destination_id", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if dest != nil && (c.f.destinations == nil || !c.f.destinations.DestinationExists(*dest)) {
		return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusBadRequest, "Bad Request", "Invalid destination",
			[]mockcore.InvalidParam{{Field: "audit_log_destination_id", Rule: "missing_reference", Reason: "audit log destination not found"}})
	}
	w := p.Webhook
	if b.Null("audit_log_destination_id") {
		w.DestinationID = nil
	}
	if enabled != nil {
		w.Enabled = *enabled
	}
	if dest != nil {
		w.DestinationID = dest
	}
	if w.Enabled && w.DestinationID == nil {
		return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusBadRequest, "Bad Request", "Required field missing",
			[]mockcore.InvalidParam{{Field: "audit_log_destination_id", Reason: "cannot be blank"}})
	}
	p.Webhook = w
	return c.json(http.StatusOK, webhookView(p.Webhook))
}

// deleteWebhook empties the destination and disables the webhook, as the spec says.
func deleteWebhook(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	p.Webhook = webhook{}
	return mockcore.NoContent()
}

// getWebhookStatus: the mock sends no audit logs, so an enabled webhook is
// active and has made no attempt.
func getWebhookStatus(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	status := "inactive"
	if p.Webhook.Enabled {
		status = "active"
	}
	return c.json(http.StatusOK, map[string]any{"webhook_enabled": p.Webhook.Enabled, "webhook_status": status})
}
