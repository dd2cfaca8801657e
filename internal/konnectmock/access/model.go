package access

import (
	"maps"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// state is the family's whole state; it is also the snapshot document, so every
// field is exported to JSON under the name the API uses where there is one.
type state struct {
	Org           organization `json:"organization"`
	Users         []*user      `json:"users"`
	Teams         []*team      `json:"teams"`
	Accounts      []*account   `json:"system_accounts"`
	IdPs          []*idp       `json:"identity_providers"`
	Settings      authSettings `json:"authentication_settings"`
	Impersonation bool         `json:"impersonation_enabled"`
	// Revoked holds the digests of deleted and revoked tokens, so that a deleted
	// token is refused rather than taken for any well-formed one.
	Revoked []string `json:"revoked_token_digests"`
}

type organization struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	OwnerID string    `json:"owner_id"`
	Created time.Time `json:"created_at"`
	Updated time.Time `json:"updated_at"`
}

type user struct {
	ID            string    `json:"id"`
	Email         string    `json:"email"`
	FullName      string    `json:"full_name"`
	PreferredName string    `json:"preferred_name"`
	Active        bool      `json:"active"`
	Created       time.Time `json:"created_at"`
	Updated       time.Time `json:"updated_at"`
	Roles         []*role   `json:"assigned_roles"`
	Tokens        []*token  `json:"access_tokens"`
}

type team struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Description *string           `json:"description"`
	System      bool              `json:"system_team"`
	Labels      map[string]string `json:"labels"`
	Created     time.Time         `json:"created_at"`
	Updated     time.Time         `json:"updated_at"`
	Users       []string          `json:"users"`           // member user ids, in order added
	Accounts    []string          `json:"system_accounts"` // member system account ids
	Roles       []*role           `json:"assigned_roles"`
}

type account struct {
	ID             string    `json:"id"`
	Name           string    `json:"name"`
	Description    string    `json:"description"`
	KonnectManaged bool      `json:"konnect_managed"`
	Created        time.Time `json:"created_at"`
	Updated        time.Time `json:"updated_at"`
	Tokens         []*token  `json:"access_tokens"`
	Roles          []*role   `json:"assigned_roles"`
}

// token is a system account access token or a personal access token. Only the
// SHA-256 digest of its value is kept: the value is shown once, on creation.
type token struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Digest    string     `json:"digest"`
	Created   time.Time  `json:"created_at"`
	Updated   time.Time  `json:"updated_at"`
	Expires   time.Time  `json:"expires_at"`
	LastUsed  *time.Time `json:"last_used_at,omitempty"`
	Revoked   *time.Time `json:"revoked_at,omitempty"`
	RevokedBy *string    `json:"revoked_by,omitempty"`
}

type role struct {
	ID             string `json:"id"`
	RoleName       string `json:"role_name"`
	EntityID       string `json:"entity_id"`
	EntityTypeName string `json:"entity_type_name"`
	EntityRegion   string `json:"entity_region"`
}

type idp struct {
	ID        string         `json:"id"`
	Type      string         `json:"type"`
	Enabled   bool           `json:"enabled"`
	LoginPath string         `json:"login_path"`
	Config    map[string]any `json:"config"` // as given, without client_secret and read-only fields
	HasSecret bool           `json:"has_client_secret"`
	Created   time.Time      `json:"created_at"`
	Updated   time.Time      `json:"updated_at"`
	Mappings  []*mapping     `json:"team_group_mappings"`
}

type mapping struct {
	ID      string    `json:"id"`
	TeamID  string    `json:"team_id"`
	Group   string    `json:"group"`
	Created time.Time `json:"created_at"`
	Updated time.Time `json:"updated_at"`
}

type authSettings struct {
	BasicAuth      bool `json:"basic_auth_enabled"`
	OIDCAuth       bool `json:"oidc_auth_enabled"`
	SAMLAuth       bool `json:"saml_auth_enabled"`
	IdPMapping     bool `json:"idp_mapping_enabled"`
	KonnectMapping bool `json:"konnect_mapping_enabled"`
}

// --- the API's views

type userJSON struct {
	ID            string `json:"id"`
	Email         string `json:"email"`
	FullName      string `json:"full_name"`
	PreferredName string `json:"preferred_name"`
	Active        bool   `json:"active"`
	CreatedAt     string `json:"created_at"`
	UpdatedAt     string `json:"updated_at"`
}

func (u *user) view() userJSON {
	return userJSON{ID: u.ID, Email: u.Email, FullName: u.FullName, PreferredName: u.PreferredName, Active: u.Active,
		CreatedAt: mockcore.FormatTime(u.Created), UpdatedAt: mockcore.FormatTime(u.Updated)}
}

type teamJSON struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Description *string           `json:"description"`
	SystemTeam  bool              `json:"system_team"`
	Labels      map[string]string `json:"labels"`
	CreatedAt   string            `json:"created_at"`
	UpdatedAt   string            `json:"updated_at"`
}

func (t *team) view() teamJSON {
	labels := maps.Clone(t.Labels)
	if labels == nil {
		labels = map[string]string{}
	}
	return teamJSON{ID: t.ID, Name: t.Name, Description: t.Description, SystemTeam: t.System, Labels: labels,
		CreatedAt: mockcore.FormatTime(t.Created), UpdatedAt: mockcore.FormatTime(t.Updated)}
}

type accountJSON struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	Description    string `json:"description"`
	CreatedAt      string `json:"created_at"`
	UpdatedAt      string `json:"updated_at"`
	KonnectManaged bool   `json:"konnect_managed"`
}

func (a *account) view() accountJSON {
	return accountJSON{ID: a.ID, Name: a.Name, Description: a.Description, KonnectManaged: a.KonnectManaged,
		CreatedAt: mockcore.FormatTime(a.Created), UpdatedAt: mockcore.FormatTime(a.Updated)}
}

// accountTokenJSON is a system account access token; Token is set only in the answer to its creation.
type accountTokenJSON struct {
	ID         string  `json:"id"`
	Name       string  `json:"name"`
	CreatedAt  string  `json:"created_at"`
	UpdatedAt  string  `json:"updated_at"`
	ExpiresAt  string  `json:"expires_at"`
	LastUsedAt *string `json:"last_used_at,omitempty"`
	Token      string  `json:"token,omitempty"`
}

func (t *token) accountView() accountTokenJSON {
	return accountTokenJSON{ID: t.ID, Name: t.Name, CreatedAt: mockcore.FormatTime(t.Created),
		UpdatedAt: mockcore.FormatTime(t.Updated), ExpiresAt: mockcore.FormatTime(t.Expires), LastUsedAt: timePtr(t.LastUsed)}
}

// patJSON is a personal access token; KonnectToken is set only in the answer to its creation.
type patJSON struct {
	ID           string  `json:"id"`
	UserID       string  `json:"user_id"`
	Name         string  `json:"name"`
	State        string  `json:"state"`
	KonnectToken string  `json:"konnect_token,omitempty"`
	RevokedBy    *string `json:"revoked_by"`
	CreatedAt    string  `json:"created_at"`
	UpdatedAt    string  `json:"updated_at"`
	LastUsedAt   *string `json:"last_used_at"`
	ExpiresAt    string  `json:"expires_at"`
	RevokedAt    *string `json:"revoked_at"`
}

func (t *token) patView(userID string, now time.Time) patJSON {
	return patJSON{ID: t.ID, UserID: userID, Name: t.Name, State: t.state(now), RevokedBy: t.RevokedBy,
		CreatedAt: mockcore.FormatTime(t.Created), UpdatedAt: mockcore.FormatTime(t.Updated),
		LastUsedAt: timePtr(t.LastUsed), ExpiresAt: mockcore.FormatTime(t.Expires), RevokedAt: timePtr(t.Revoked)}
}

// state is the personal access token state of the spec: REVOKED, EXPIRED or ACTIVE.
func (t *token) state(now time.Time) string {
	switch {
	case t.Revoked != nil:
		return "REVOKED"
	case !now.Before(t.Expires):
		return "EXPIRED"
	}
	return "ACTIVE"
}

func timePtr(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := mockcore.FormatTime(*t)
	return &s
}

type mappingJSON struct {
	ID        string `json:"id"`
	TeamID    string `json:"team_id"`
	Group     string `json:"group"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

func (m *mapping) view() mappingJSON {
	return mappingJSON{ID: m.ID, TeamID: m.TeamID, Group: m.Group,
		CreatedAt: mockcore.FormatTime(m.Created), UpdatedAt: mockcore.FormatTime(m.Updated)}
}

// --- lookups (the lock is held)

// first is the first of items that match accepts, nil when none does.
func first[T any](items []*T, match func(*T) bool) *T {
	if i := slices.IndexFunc(items, match); i >= 0 {
		return items[i]
	}
	return nil
}

func (s *state) user(id string) *user {
	return first(s.Users, func(u *user) bool { return u.ID == id })
}

func (s *state) team(id string) *team {
	return first(s.Teams, func(t *team) bool { return t.ID == id })
}

func (s *state) account(id string) *account {
	return first(s.Accounts, func(a *account) bool { return a.ID == id })
}

func (s *state) idp(id string) *idp { return first(s.IdPs, func(p *idp) bool { return p.ID == id }) }

func findToken(list []*token, id string) *token {
	return first(list, func(t *token) bool { return t.ID == id })
}
