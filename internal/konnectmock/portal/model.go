package portal

import (
	"maps"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// state is the family's whole state; it is also the snapshot document, so every
// field is exported to JSON under the name the API uses where there is one. No
// secret is in it: a custom domain's private key, an OIDC client secret and a
// DCR provider's credentials are checked and dropped, only their presence kept.
type state struct {
	Portals      []*portal      `json:"portals"`
	Strategies   []*strategy    `json:"application_auth_strategies"`
	DCRProviders []*dcrProvider `json:"dcr_providers"`
}

func newState() *state {
	return &state{Portals: []*portal{}, Strategies: []*strategy{}, DCRProviders: []*dcrProvider{}}
}

type portal struct {
	ID                      string            `json:"id"`
	Name                    string            `json:"name"`
	DisplayName             string            `json:"display_name"`
	Description             *string           `json:"description"`
	AuthenticationEnabled   bool              `json:"authentication_enabled"`
	RBACEnabled             bool              `json:"rbac_enabled"`
	SIPREnabled             bool              `json:"sipr_enabled"`
	DefaultAPIVisibility    string            `json:"default_api_visibility"`
	DefaultPageVisibility   string            `json:"default_page_visibility"`
	DefaultStrategyID       *string           `json:"default_application_auth_strategy_id"`
	AutoApproveDevelopers   bool              `json:"auto_approve_developers"`
	AutoApproveApplications bool              `json:"auto_approve_applications"`
	DefaultDomain           string            `json:"default_domain"`
	Labels                  map[string]string `json:"labels"`
	PIIVisibility           bool              `json:"notifications_developer_pii_visibility_enabled"`
	Created                 time.Time         `json:"created_at"`
	Updated                 time.Time         `json:"updated_at"`

	Domain        *customDomain  `json:"custom_domain"`
	Auth          authSettings   `json:"authentication_settings"`
	Customization map[string]any `json:"customization"`
	Logo          *string        `json:"logo"`    // a data URL
	Favicon       *string        `json:"favicon"` // a data URL
	Webhook       webhook        `json:"audit_log_webhook"`
	AllowList     []*ipEntry     `json:"ip_allow_list"`
	// Pages holds every page of the portal; siblings (pages with the same
	// parent) are in the order the tree shows them.
	Pages      []*page      `json:"pages"`
	Snippets   []*snippet   `json:"snippets"`
	Teams      []*team      `json:"teams"`
	Developers []*developer `json:"developers"`
	// Publications are the APIs published to the portal, which the API builder
	// API (not this family) manages; Family.Publish adds them out of band.
	Publications []*publication `json:"api_publications"`
}

type publication struct {
	APIID      string  `json:"api_id"`
	StrategyID *string `json:"auth_strategy_id"`
}

type customDomain struct {
	Hostname    string     `json:"hostname"`
	Enabled     bool       `json:"enabled"`
	Method      string     `json:"domain_verification_method"`
	Verified    bool       `json:"verified"` // the CNAME (and, for http, the certificate) checked out
	SkipCACheck bool       `json:"skip_ca_check"`
	Uploaded    *time.Time `json:"uploaded_at"` // a custom certificate's upload
	Expires     *time.Time `json:"expires_at"`  // a custom certificate's NotAfter
	Created     time.Time  `json:"created_at"`
	Updated     time.Time  `json:"updated_at"`
}

type authSettings struct {
	BasicAuth       bool        `json:"basic_auth_enabled"`
	OIDCAuth        bool        `json:"oidc_auth_enabled"`
	SAMLAuth        bool        `json:"saml_auth_enabled"`
	OIDCTeamMapping bool        `json:"oidc_team_mapping_enabled"`
	IdPMapping      bool        `json:"idp_mapping_enabled"`
	KonnectMapping  bool        `json:"konnect_mapping_enabled"`
	OIDC            *oidcConfig `json:"oidc_config,omitempty"`
}

type oidcConfig struct {
	Issuer        string            `json:"issuer"`
	ClientID      string            `json:"client_id"`
	Scopes        []string          `json:"scopes"`
	ClaimMappings map[string]string `json:"claim_mappings"`
	// HasSecret records that a client secret was given; the secret is not kept.
	HasSecret bool `json:"has_client_secret"`
}

type webhook struct {
	Enabled       bool    `json:"enabled"`
	DestinationID *string `json:"audit_log_destination_id,omitempty"`
}

type ipEntry struct {
	ID         string   `json:"id"`
	AllowedIPs []string `json:"allowed_ips"`
}

type page struct {
	ID          string    `json:"id"`
	Slug        string    `json:"slug"`
	Title       string    `json:"title"`
	Content     string    `json:"content"`
	Description *string   `json:"description,omitempty"`
	Visibility  string    `json:"visibility"`
	Status      string    `json:"status"`
	ParentID    *string   `json:"parent_page_id"`
	Created     time.Time `json:"created_at"`
	Updated     time.Time `json:"updated_at"`
}

type snippet struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Title       string    `json:"title"`
	Content     string    `json:"content"`
	Description *string   `json:"description,omitempty"`
	Visibility  string    `json:"visibility"`
	Status      string    `json:"status"`
	Created     time.Time `json:"created_at"`
	Updated     time.Time `json:"updated_at"`
}

type team struct {
	ID                 string    `json:"id"`
	Name               string    `json:"name"`
	Description        string    `json:"description"`
	CanOwnApplications bool      `json:"can_own_applications"`
	Created            time.Time `json:"created_at"`
	Updated            time.Time `json:"updated_at"`
	Developers         []string  `json:"developers"` // member developer ids, in order added
	Roles              []*role   `json:"assigned_roles"`
}

type role struct {
	ID             string `json:"id"`
	RoleName       string `json:"role_name"`
	EntityID       string `json:"entity_id"`
	EntityTypeName string `json:"entity_type_name"`
	EntityRegion   string `json:"entity_region"`
}

type developer struct {
	ID       string    `json:"id"`
	Email    string    `json:"email"`
	FullName string    `json:"full_name"`
	Status   string    `json:"status"`
	Created  time.Time `json:"created_at"`
	Updated  time.Time `json:"updated_at"`
}

type strategy struct {
	ID            string            `json:"id"`
	Name          string            `json:"name"`
	DisplayName   string            `json:"display_name"`
	Type          string            `json:"strategy_type"`
	Configs       map[string]any    `json:"configs"`
	DCRProviderID *string           `json:"dcr_provider_id"`
	Labels        map[string]string `json:"labels"`
	Principals    bool              `json:"principals_enabled"`
	Created       time.Time         `json:"created_at"`
	Updated       time.Time         `json:"updated_at"`
}

type dcrProvider struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	DisplayName *string           `json:"display_name"`
	Type        string            `json:"provider_type"`
	Issuer      string            `json:"issuer"`
	Config      map[string]any    `json:"dcr_config"` // without its secrets
	Labels      map[string]string `json:"labels"`
	Created     time.Time         `json:"created_at"`
	Updated     time.Time         `json:"updated_at"`
}

// --- the API's views

type portalJSON struct {
	ID                      string            `json:"id"`
	Name                    string            `json:"name"`
	DisplayName             string            `json:"display_name"`
	Description             *string           `json:"description"`
	AuthenticationEnabled   bool              `json:"authentication_enabled"`
	RBACEnabled             bool              `json:"rbac_enabled"`
	SIPREnabled             bool              `json:"sipr_enabled"`
	DefaultAPIVisibility    string            `json:"default_api_visibility"`
	DefaultPageVisibility   string            `json:"default_page_visibility"`
	DefaultStrategyID       *string           `json:"default_application_auth_strategy_id"`
	AutoApproveDevelopers   bool              `json:"auto_approve_developers"`
	AutoApproveApplications bool              `json:"auto_approve_applications"`
	DefaultDomain           string            `json:"default_domain"`
	CanonicalDomain         string            `json:"canonical_domain"`
	Labels                  map[string]string `json:"labels"`
	PIIVisibility           bool              `json:"notifications_developer_pii_visibility_enabled"`
	CreatedAt               string            `json:"created_at"`
	UpdatedAt               string            `json:"updated_at"`
}

// canonical is the portal's canonical domain: its custom domain while that is
// enabled, else the domain Konnect gave it.
func (p *portal) canonical() string {
	if p.Domain != nil && p.Domain.Enabled {
		return p.Domain.Hostname
	}
	return p.DefaultDomain
}

func (p *portal) view() portalJSON {
	return portalJSON{ID: p.ID, Name: p.Name, DisplayName: p.DisplayName, Description: p.Description,
		AuthenticationEnabled: p.AuthenticationEnabled, RBACEnabled: p.RBACEnabled, SIPREnabled: p.SIPREnabled,
		DefaultAPIVisibility: p.DefaultAPIVisibility, DefaultPageVisibility: p.DefaultPageVisibility,
		DefaultStrategyID: p.DefaultStrategyID, AutoApproveDevelopers: p.AutoApproveDevelopers,
		AutoApproveApplications: p.AutoApproveApplications, DefaultDomain: p.DefaultDomain, CanonicalDomain: p.canonical(),
		Labels: cloneLabels(p.Labels), PIIVisibility: p.PIIVisibility,
		CreatedAt: mockcore.FormatTime(p.Created), UpdatedAt: mockcore.FormatTime(p.Updated)}
}

func cloneLabels(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return maps.Clone(m)
}

func timePtr(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := mockcore.FormatTime(*t)
	return &s
}

type pageJSON struct {
	ID           string  `json:"id"`
	Slug         string  `json:"slug"`
	Title        string  `json:"title"`
	Content      string  `json:"content"`
	Visibility   string  `json:"visibility"`
	Status       string  `json:"status"`
	Description  *string `json:"description,omitempty"`
	CreatedAt    string  `json:"created_at"`
	UpdatedAt    string  `json:"updated_at"`
	ParentPageID *string `json:"parent_page_id"`
}

func (pg *page) view() pageJSON {
	return pageJSON{ID: pg.ID, Slug: pg.Slug, Title: pg.Title, Content: pg.Content, Visibility: pg.Visibility,
		Status: pg.Status, Description: pg.Description, ParentPageID: pg.ParentID,
		CreatedAt: mockcore.FormatTime(pg.Created), UpdatedAt: mockcore.FormatTime(pg.Updated)}
}

// pageInfo is a page in the tree list: no content, and its children.
type pageInfo struct {
	ID           string     `json:"id"`
	Slug         string     `json:"slug"`
	Title        string     `json:"title"`
	Visibility   string     `json:"visibility"`
	Status       string     `json:"status"`
	Description  *string    `json:"description,omitempty"`
	CreatedAt    string     `json:"created_at"`
	UpdatedAt    string     `json:"updated_at"`
	ParentPageID *string    `json:"parent_page_id"`
	Children     []pageInfo `json:"children"`
}

type snippetJSON struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Title       string  `json:"title"`
	Content     *string `json:"content,omitempty"` // not in lists
	Visibility  string  `json:"visibility"`
	Status      string  `json:"status"`
	Description *string `json:"description,omitempty"`
	CreatedAt   string  `json:"created_at"`
	UpdatedAt   string  `json:"updated_at"`
}

func (s *snippet) view(withContent bool) snippetJSON {
	v := snippetJSON{ID: s.ID, Name: s.Name, Title: s.Title, Visibility: s.Visibility, Status: s.Status,
		Description: s.Description, CreatedAt: mockcore.FormatTime(s.Created), UpdatedAt: mockcore.FormatTime(s.Updated)}
	if withContent {
		content := s.Content
		v.Content = &content
	}
	return v
}

type teamJSON struct {
	ID                 string `json:"id"`
	Name               string `json:"name"`
	Description        string `json:"description"`
	CreatedAt          string `json:"created_at"`
	UpdatedAt          string `json:"updated_at"`
	CanOwnApplications bool   `json:"can_own_applications"`
}

func (t *team) view() teamJSON {
	return teamJSON{ID: t.ID, Name: t.Name, Description: t.Description, CanOwnApplications: t.CanOwnApplications,
		CreatedAt: mockcore.FormatTime(t.Created), UpdatedAt: mockcore.FormatTime(t.Updated)}
}

type developerJSON struct {
	ID        string `json:"id"`
	Email     string `json:"email"`
	FullName  string `json:"full_name"`
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

func (d *developer) view() developerJSON {
	return developerJSON{ID: d.ID, Email: d.Email, FullName: d.FullName, Status: d.Status,
		CreatedAt: mockcore.FormatTime(d.Created), UpdatedAt: mockcore.FormatTime(d.Updated)}
}

// basicDeveloperJSON is a team member: active means approved.
type basicDeveloperJSON struct {
	ID        string `json:"id"`
	Email     string `json:"email"`
	FullName  string `json:"full_name"`
	Active    bool   `json:"active"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

func (d *developer) basicView() basicDeveloperJSON {
	return basicDeveloperJSON{ID: d.ID, Email: d.Email, FullName: d.FullName, Active: d.Status == "approved",
		CreatedAt: mockcore.FormatTime(d.Created), UpdatedAt: mockcore.FormatTime(d.Updated)}
}

// --- lookups (the lock is held)

func first[T any](items []T, ok func(T) bool) T {
	for _, it := range items {
		if ok(it) {
			return it
		}
	}
	var zero T
	return zero
}

func (s *state) portal(id string) *portal {
	return first(s.Portals, func(p *portal) bool { return p.ID == id })
}

func (s *state) strategy(id string) *strategy {
	return first(s.Strategies, func(x *strategy) bool { return x.ID == id })
}

func (s *state) dcrProvider(id string) *dcrProvider {
	return first(s.DCRProviders, func(x *dcrProvider) bool { return x.ID == id })
}

func (p *portal) page(id string) *page {
	return first(p.Pages, func(x *page) bool { return x.ID == id })
}

func (p *portal) snippet(id string) *snippet {
	return first(p.Snippets, func(x *snippet) bool { return x.ID == id })
}

func (p *portal) team(id string) *team {
	return first(p.Teams, func(x *team) bool { return x.ID == id })
}

func (p *portal) developer(id string) *developer {
	return first(p.Developers, func(x *developer) bool { return x.ID == id })
}

func (p *portal) allowEntry(id string) *ipEntry {
	return first(p.AllowList, func(x *ipEntry) bool { return x.ID == id })
}

// defaultDomain is the domain Konnect gives a portal, unique per portal.
func defaultDomain(id string) string {
	return strings.ReplaceAll(id, "-", "")[:12] + ".us.portal.konghq.com"
}
