package provider

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The access family in TestMigrateAccFromKong: teams, their users and roles, system accounts
// with their teams, roles and access tokens, the authentication settings, and an identity
// provider with a team group mapping, created in the
// mock and recorded in a Kong-format state as Kong's provider (kong/konnect v3.19.0) writes
// it (read from its resource code, not only its documentation).

// kongAccessAttrs are the attributes of Kong's access types. konnect_team_user,
// konnect_system_account_team and konnect_authentication_settings have no `id`.
var kongAccessAttrs = map[string][]string{
	"konnect_team":                        {"created_at", "description", "id", "labels", "name", "system_team", "updated_at"},
	"konnect_team_user":                   {"team_id", "user_id"},
	"konnect_team_role":                   {"entity_id", "entity_region", "entity_type_name", "id", "role_name", "team_id"},
	"konnect_system_account":              {"created_at", "description", "id", "konnect_managed", "name", "updated_at"},
	"konnect_system_account_team":         {"account_id", "team_id"},
	"konnect_system_account_role":         {"account_id", "entity_id", "entity_region", "entity_type_name", "id", "role_name"},
	"konnect_system_account_access_token": {"account_id", "created_at", "expires_at", "id", "last_used_at", "name", "token", "updated_at"},
	"konnect_authentication_settings": {"basic_auth_enabled", "idp_mapping_enabled", "konnect_mapping_enabled",
		"oidc_auth_enabled", "saml_auth_enabled"},
	"konnect_identity_provider":                    {"config", "created_at", "enabled", "id", "login_path", "type", "updated_at"},
	"konnect_identity_provider_team_group_mapping": {"created_at", "group", "id", "identity_provider_id", "team_id", "updated_at"},
}

func init() {
	for typ, attrs := range kongAccessAttrs {
		kongAttrs[typ] = attrs
	}
	// Kong's state marks the token sensitive (sensitive_attributes), as Terraform writes it.
	kongSensitive["konnect_system_account_access_token"] = []string{"token"}
	kongSensitive["konnect_identity_provider"] = []string{"config.oidc_identity_provider_config.client_secret"}
}

// kongTime is a Konnect time as Kong's provider keeps it: parsed, then formatted with
// RFC3339Nano (trailing zeros of the fraction dropped: ".120Z" is ".12Z", ".000Z" is "Z").
func kongTime(t *testing.T, v any) any {
	t.Helper()
	s, ok := v.(string)
	if !ok {
		return v
	}
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("time %q from Konnect: %v", s, err)
	}
	return at.Format(time.RFC3339Nano)
}

// addKongAccess creates one object of every access type in the mock (two teams: one with a
// description and labels, one without, which Kong keeps as nulls), records each in state as
// Kong's provider would have, and returns this provider's configuration of them.
// cpID is the control plane konnect_gateway_control_plane.prod.
func addKongAccess(t *testing.T, e *konnectEnv, state *kongStateFile, cpID string) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	call := func(method, path string, body any) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := e.client.Do(ctx, method, path, nil, body, &out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		return out
	}
	var s kongSameNamed
	edit := func(round int, address, attr, path string, change func(konnect.Object)) {
		typ := address[:strings.Index(address, ".")]
		s.edits = append(s.edits, kongMigrationEdit{round: round, address: address, typeName: typ, attr: attr,
			do: func() { e.edit(path, change) }})
	}
	// Kong's Read writes what Konnect returns, times in its own format.
	times := func(obj konnect.Object, names ...string) konnect.Object {
		for _, n := range names {
			obj[n] = kongTime(t, obj[n])
		}
		return obj
	}

	// Teams. Kong writes labels only when Konnect has some (null otherwise), and a
	// description that is not set as null.
	platform := times(call(http.MethodPost, "/v3/teams", konnect.Object{"name": "platform",
		"description": "Platform engineers", "labels": map[string]any{"env": "prod"}}), "created_at", "updated_at")
	platformID := platform["id"].(string)
	state.add("konnect_team", "platform", platform, nil)
	edit(1, "konnect_team.platform", "description", "/v3/teams/"+platformID, set("description", "edited in the UI"))
	ops := times(call(http.MethodPost, "/v3/teams", konnect.Object{"name": "ops"}), "created_at", "updated_at")
	opsID := ops["id"].(string)
	state.add("konnect_team", "ops", ops, map[string]any{"description": nil, "labels": nil})

	// A user in a team (no id in Kong's state), and a role granted to the team.
	var jane string
	for _, u := range e.list("/v3/users") {
		if u["email"] == "jane.doe@example.com" {
			jane, _ = u["id"].(string)
		}
	}
	if jane == "" {
		t.Fatal("the mock has no user jane.doe@example.com")
	}
	call(http.MethodPost, "/v3/teams/"+platformID+"/users", konnect.Object{"id": jane})
	state.add("konnect_team_user", "jane_platform", nil, map[string]any{"team_id": platformID, "user_id": jane})
	teamRole := call(http.MethodPost, "/v3/teams/"+platformID+"/assigned-roles", konnect.Object{"role_name": "Viewer",
		"entity_id": "*", "entity_type_name": "Control Planes", "entity_region": "us"})
	state.add("konnect_team_role", "platform_viewer", teamRole, map[string]any{"team_id": platformID})

	// A system account (konnect_managed not configured: null in Kong's state), in a team
	// (no id in Kong's state), with a role on the control plane and an access token.
	account := times(call(http.MethodPost, "/v3/system-accounts", konnect.Object{"name": "ci", "description": "CI pipeline"}),
		"created_at", "updated_at")
	accountID := account["id"].(string)
	state.add("konnect_system_account", "ci", account, map[string]any{"konnect_managed": nil})
	edit(2, "konnect_system_account.ci", "description", "/v3/system-accounts/"+accountID, set("description", "edited in the UI"))
	call(http.MethodPost, "/v3/teams/"+opsID+"/system-accounts", konnect.Object{"id": accountID})
	state.add("konnect_system_account_team", "ci_ops", nil, map[string]any{"team_id": opsID, "account_id": accountID})
	accountRole := call(http.MethodPost, "/v3/system-accounts/"+accountID+"/assigned-roles", konnect.Object{"role_name": "Deployer",
		"entity_id": cpID, "entity_type_name": "Control Planes", "entity_region": "us"})
	state.add("konnect_system_account_role", "ci_deployer", accountRole, map[string]any{"account_id": accountID})
	// Kong writes the token from the create's answer only, and keeps expires_at as configured.
	const expires = "2099-01-01T00:00:00Z"
	token := times(call(http.MethodPost, "/v3/system-accounts/"+accountID+"/access-tokens", konnect.Object{"name": "ci-token", "expires_at": expires}),
		"created_at", "updated_at", "last_used_at")
	value, _ := token["token"].(string)
	if value == "" {
		t.Fatal("the mock's token create answered no token")
	}
	s.secrets = append(s.secrets, value)
	state.add("konnect_system_account_access_token", "ci", token, map[string]any{"account_id": accountID, "expires_at": expires})
	edit(1, "konnect_system_account_access_token.ci", "name",
		"/v3/system-accounts/"+accountID+"/access-tokens/"+url.PathEscape(token["id"].(string)), set("name", "renamed-in-ui"))

	// The organization's authentication settings: one object, no id in Kong's state.
	settings := call(http.MethodGet, "/v3/authentication-settings", nil)
	state.add("konnect_authentication_settings", "this", settings, nil)
	edit(1, "konnect_authentication_settings.this", "konnect_mapping_enabled", "/v3/authentication-settings",
		set("konnect_mapping_enabled", false))

	// An OIDC identity provider: Kong's Read rebuilds config from Konnect's (the SAML branch
	// null) and copies the client secret from its state, which Konnect never returns. One of
	// its groups is mapped to the platform team.
	const clientSecret = "kong-oidc-client-secret-5e1f"
	idp := times(call(http.MethodPost, "/v3/identity-providers", konnect.Object{"type": "oidc", "login_path": "kong-sso",
		"config": map[string]any{"issuer_url": "https://idp.example.com", "client_id": "konnect", "client_secret": clientSecret}}),
		"created_at", "updated_at")
	idpID := idp["id"].(string)
	oidc := maps.Clone(idp["config"].(map[string]any))
	oidc["client_secret"] = clientSecret
	state.add("konnect_identity_provider", "sso", idp, map[string]any{"config": map[string]any{
		"oidc_identity_provider_config": oidc, "saml_identity_provider_config": nil}})
	s.secrets = append(s.secrets, clientSecret)
	edit(1, "konnect_identity_provider.sso", "login_path", "/v3/identity-providers/"+idpID, set("login_path", "edited-in-ui"))
	mapping := times(call(http.MethodPost, "/v3/identity-providers/"+idpID+"/team-group-mappings",
		konnect.Object{"team_id": platformID, "group": "Tech Leads"}), "created_at", "updated_at")
	state.add("konnect_identity_provider_team_group_mapping", "tech_leads", mapping, map[string]any{"identity_provider_id": idpID})

	s.notEditable = append(s.notEditable, "konnect_team_user", "konnect_system_account_team", "konnect_team_role", "konnect_system_account_role",
		"konnect_identity_provider_team_group_mapping")
	s.config = fmt.Sprintf(`
data "konnect_user" "jane" {
  email = "jane.doe@example.com"
}

resource "konnect_team" "platform" {
  name        = "platform"
  description = "Platform engineers"
  labels      = { env = "prod" }
}

resource "konnect_team" "ops" {
  name = "ops"
}

resource "konnect_team_user" "jane_platform" {
  team_id = konnect_team.platform.id
  user_id = data.konnect_user.jane.id
}

resource "konnect_team_role" "platform_viewer" {
  team_id          = konnect_team.platform.id
  role_name        = "Viewer"
  entity_id        = "*"
  entity_type_name = "Control Planes"
  entity_region    = "us"
}

resource "konnect_system_account" "ci" {
  name        = "ci"
  description = "CI pipeline"
}

resource "konnect_system_account_team" "ci_ops" {
  team_id    = konnect_team.ops.id
  account_id = konnect_system_account.ci.id
}

resource "konnect_system_account_role" "ci_deployer" {
  account_id       = konnect_system_account.ci.id
  role_name        = "Deployer"
  entity_id        = konnect_gateway_control_plane.prod.id
  entity_type_name = "Control Planes"
  entity_region    = "us"
}

resource "konnect_system_account_access_token" "ci" {
  account_id = konnect_system_account.ci.id
  name       = "ci-token"
  expires_at = %q
}

resource "konnect_authentication_settings" "this" {
  basic_auth_enabled      = true
  konnect_mapping_enabled = true
  idp_mapping_enabled     = false
}

resource "konnect_identity_provider" "sso" {
  type       = "oidc"
  login_path = "kong-sso"
  config = {
    oidc_identity_provider_config = {
      issuer_url    = "https://idp.example.com"
      client_id     = "konnect"
      client_secret = %q
    }
  }
}

resource "konnect_identity_provider_team_group_mapping" "tech_leads" {
  identity_provider_id = konnect_identity_provider.sso.id
  team_id              = konnect_team.platform.id
  group                = "Tech Leads"
}
`, expires, clientSecret)
	return s
}

// merge adds other's objects to s.
func (s *kongSameNamed) merge(other kongSameNamed) {
	s.config += other.config
	s.edits = append(s.edits, other.edits...)
	s.secrets = append(s.secrets, other.secrets...)
	s.notEditable = append(s.notEditable, other.notEditable...)
}
