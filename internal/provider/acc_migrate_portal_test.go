package provider

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The portal family in TestMigrateAccFromKong: a portal, a team of its developers and a role
// granted to that team, created in the mock and recorded in a Kong-format state as Kong's
// provider writes it (kong/konnect v3.19.0, and 3.20.0 for konnect_portal_team_role:
// read from Kong's provider's source at those tags).

// kongPortalAttrs are the attributes of Kong's portal types.
var kongPortalAttrs = map[string][]string{
	"konnect_portal": {"authentication_enabled", "auto_approve_applications", "auto_approve_developers", "canonical_domain", "created_at",
		"default_api_visibility", "default_application_auth_strategy_id", "default_domain", "default_page_visibility", "description",
		"display_name", "force_destroy", "id", "labels", "name", "notifications_developer_pii_visibility_enabled", "rbac_enabled",
		"sipr_enabled", "updated_at"},
	"konnect_portal_team":      {"can_own_applications", "created_at", "description", "id", "name", "portal_id", "updated_at"},
	"konnect_portal_team_role": {"entity_id", "entity_region", "entity_type_name", "id", "portal_id", "role_name", "team_id"},
	// Kong 3.18.0
	"konnect_portal_ip_allow_list": {"allowed_ips", "id", "portal_id"},
	// Kong 3.15.0, no id: its key is portal_id
	"konnect_portal_audit_log_webhook": {"audit_log_destination_id", "enabled", "portal_id"},
	// no id: its key is portal_id; Kong's Read moves oidc_config into the oidc_* attributes
	// and leaves oidc_config null
	"konnect_portal_auth": {"basic_auth_enabled", "idp_mapping_enabled", "konnect_mapping_enabled", "oidc_auth_enabled",
		"oidc_claim_mappings", "oidc_client_id", "oidc_client_secret", "oidc_config", "oidc_issuer", "oidc_scopes",
		"oidc_team_mapping_enabled", "portal_id", "saml_auth_enabled"},
	"konnect_portal_customization": {"css", "layout", "menu", "portal_id", "robots", "spec_renderer", "theme"},
	"konnect_portal_custom_domain": {"cname_status", "created_at", "enabled", "hostname", "portal_id", "ssl", "updated_at"},
	"konnect_application_auth_strategy": {"active", "created_at", "display_name", "id", "key_auth", "name", "openid_connect",
		"strategy_type", "supports_multiple_credentials", "updated_at"},
	"konnect_portal_logo":    {"data", "portal_id"},
	"konnect_portal_favicon": {"data", "portal_id"},
}

func init() {
	for typ, attrs := range kongPortalAttrs {
		kongAttrs[typ] = attrs
	}
}

// addKongPortal creates one object of every portal type in the mock, records each in state
// as Kong's provider would have, and returns this provider's configuration of them.
func addKongPortal(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
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
	times := func(obj konnect.Object, names ...string) konnect.Object {
		for _, n := range names {
			obj[n] = kongTime(t, obj[n])
		}
		return obj
	}

	// A portal (changed in round 2: its team depends on it, and Terraform plans nothing
	// that depends on a resource whose plan failed). Kong keeps force_destroy as configured (its default "false"), which Konnect
	// never returns.
	p := times(call(http.MethodPost, "/v3/portals", konnect.Object{"name": "developers", "description": "Our APIs",
		"labels": map[string]any{"env": "prod"}}), "created_at", "updated_at")
	portalID := p["id"].(string)
	state.add("konnect_portal", "developers", p, map[string]any{"force_destroy": "false"})
	edit(2, "konnect_portal.developers", "description", "/v3/portals/"+portalID, set("description", "edited in the UI"))

	// A team of its developers.
	team := times(call(http.MethodPost, "/v3/portals/"+portalID+"/teams", konnect.Object{"name": "partners",
		"description": "Partner developers"}), "created_at", "updated_at")
	teamID := team["id"].(string)
	state.add("konnect_portal_team", "partners", team, map[string]any{"portal_id": portalID})
	edit(1, "konnect_portal_team.partners", "description", "/v3/portals/"+portalID+"/teams/"+teamID,
		set("description", "edited in the UI"))

	// A role granted to the team on an API (Kong 3.20.0).
	role := call(http.MethodPost, "/v3/portals/"+portalID+"/teams/"+teamID+"/assigned-roles", konnect.Object{"role_name": "API Viewer",
		"entity_id": portalAPIID, "entity_type_name": "Services", "entity_region": "us"})
	state.add("konnect_portal_team_role", "partners_viewer", role, map[string]any{"portal_id": portalID, "team_id": teamID})

	// An entry of its IP allow list (Kong 3.18.0): no timestamps, Kong's id, portal_id and
	// allowed_ips.
	allow := call(http.MethodPost, "/v3/portals/"+portalID+"/ip-allow-list", konnect.Object{"allowed_ips": []any{"192.0.2.0/24", "2001:db8::/32"}})
	state.add("konnect_portal_ip_allow_list", "office", allow, map[string]any{"portal_id": portalID})
	edit(1, "konnect_portal_ip_allow_list.office", "allowed_ips", "/v3/portals/"+portalID+"/ip-allow-list/"+allow["id"].(string),
		set("allowed_ips", []any{"198.51.100.7"}))
	// Its authentication settings, as Kong's test configures them (basic and Konnect mapping
	// on), in round 1.
	settingsPath := "/v3/portals/" + portalID + "/authentication-settings"
	settings := call(http.MethodPatch, settingsPath, konnect.Object{"basic_auth_enabled": true, "konnect_mapping_enabled": true})
	state.add("konnect_portal_auth", "developers", settings, map[string]any{"portal_id": portalID, "oidc_config": nil})
	edit(1, "konnect_portal_auth.developers", "konnect_mapping_enabled", settingsPath, set("konnect_mapping_enabled", false))

	// Its customization (Kong PUTs the whole document), in round 1.
	lookPath := "/v3/portals/" + portalID + "/customization"
	look := call(http.MethodPut, lookPath, konnect.Object{"css": "h1 { color: teal; }",
		"theme": map[string]any{"name": "mint", "mode": "dark", "colors": map[string]any{"primary": "#0a7d5a"}}})
	state.add("konnect_portal_customization", "developers", look, map[string]any{"portal_id": portalID})
	edit(1, "konnect_portal_customization.developers", "css", lookPath, set("css", "h1 { color: red; }"))

	// Its custom domain, verified over HTTP (Kong's Read rebuilds ssl: the certificate and
	// key from its state, validation_errors [] when absent), in round 1.
	domainPath := "/v3/portals/" + portalID + "/custom-domain"
	domain := times(call(http.MethodPost, domainPath, konnect.Object{"hostname": "developers.example.com", "enabled": false,
		"ssl": map[string]any{"domain_verification_method": "http"}}), "created_at", "updated_at")
	ssl := domain["ssl"].(map[string]any)
	kongSSL := map[string]any{"custom_certificate": nil, "custom_private_key": nil, "validation_errors": []any{}}
	for _, k := range []string{"domain_verification_method", "expires_at", "skip_ca_check", "uploaded_at", "verification_status"} {
		kongSSL[k] = ssl[k]
	}
	state.add("konnect_portal_custom_domain", "developers", domain, map[string]any{"portal_id": portalID, "ssl": kongSSL})
	edit(1, "konnect_portal_custom_domain.developers", "enabled", domainPath, set("enabled", true))

	// Its logo and favicon, in round 1.
	for _, asset := range []string{"logo", "favicon"} {
		assetPath := "/v3/portals/" + portalID + "/assets/" + asset
		image := call(http.MethodPut, assetPath, konnect.Object{"data": pngPixel})
		state.add("konnect_portal_"+asset, "developers", image, map[string]any{"portal_id": portalID})
		edit(1, "konnect_portal_"+asset+".developers", "data", assetPath, set("data", "data:image/gif;base64,R0lGODlhAQABAAAAACw="))
	}

	// An application auth strategy of API keys: Kong's state holds it in key_auth and repeats
	// its fields at the top level (openid_connect null). In round 1.
	strategy := times(call(http.MethodPost, "/v2/application-auth-strategies", konnect.Object{"name": "partner-keys",
		"display_name": "Partner keys", "strategy_type": "key_auth", "configs": map[string]any{"key-auth": map[string]any{"key_names": []any{"apikey"}}}}),
		"created_at", "updated_at")
	keyAuth := map[string]any{"configs": map[string]any{"key_auth": map[string]any{"key_names": []any{"apikey"}, "ttl": nil}}, "labels": nil, "dcr_provider": nil}
	for _, k := range []string{"active", "created_at", "display_name", "id", "name", "strategy_type", "supports_multiple_credentials", "updated_at"} {
		keyAuth[k] = strategy[k]
	}
	state.add("konnect_application_auth_strategy", "partner_keys", strategy, map[string]any{"key_auth": keyAuth, "openid_connect": nil})
	edit(1, "konnect_application_auth_strategy.partner_keys", "key_auth.display_name", "/v2/application-auth-strategies/"+strategy["id"].(string),
		set("display_name", "Renamed in the UI"))

	// Its audit log webhook, enabled (Kong 3.15.0), changed in round 1.
	hookPath := "/v3/portals/" + portalID + "/audit-log-webhook"
	// Its destinations: the organization's (Konnect refuses one it does not have).
	portalLogs, otherLogs := auditDestination(t, e.client, "portal-logs"), auditDestination(t, e.client, "other-logs")
	hook := call(http.MethodPatch, hookPath, konnect.Object{"enabled": true, "audit_log_destination_id": portalLogs})
	state.add("konnect_portal_audit_log_webhook", "developers", hook, map[string]any{"portal_id": portalID})
	edit(1, "konnect_portal_audit_log_webhook.developers", "audit_log_destination_id", hookPath, set("audit_log_destination_id", otherLogs))

	s.notEditable = append(s.notEditable, "konnect_portal_team_role")
	s.config = `
resource "konnect_portal" "developers" {
  name        = "developers"
  description = "Our APIs"
  labels      = { env = "prod" }
}

resource "konnect_portal_team" "partners" {
  portal_id   = konnect_portal.developers.id
  name        = "partners"
  description = "Partner developers"
}

resource "konnect_portal_auth" "developers" {
  portal_id               = konnect_portal.developers.id
  basic_auth_enabled      = true
  konnect_mapping_enabled = true
}

resource "konnect_portal_customization" "developers" {
  portal_id = konnect_portal.developers.id
  css       = "h1 { color: teal; }"
  theme = {
    name   = "mint"
    mode   = "dark"
    colors = { primary = "#0a7d5a" }
  }
}

resource "konnect_portal_custom_domain" "developers" {
  portal_id = konnect_portal.developers.id
  hostname  = "developers.example.com"
  enabled   = false
  ssl = {
    domain_verification_method = "http"
  }
}

resource "konnect_portal_logo" "developers" {
  portal_id = konnect_portal.developers.id
  data      = "` + pngPixel + `"
}

resource "konnect_portal_favicon" "developers" {
  portal_id = konnect_portal.developers.id
  data      = "` + pngPixel + `"
}

resource "konnect_application_auth_strategy" "partner_keys" {
  key_auth = {
    name         = "partner-keys"
    display_name = "Partner keys"
    configs = {
      key_auth = { key_names = ["apikey"] }
    }
  }
}

resource "konnect_portal_team_role" "partners_viewer" {
  portal_id        = konnect_portal.developers.id
  team_id          = konnect_portal_team.partners.id
  role_name        = "API Viewer"
  entity_id        = "` + portalAPIID + `"
  entity_type_name = "Services"
  entity_region    = "us"
}

resource "konnect_portal_audit_log_webhook" "developers" {
  portal_id                = konnect_portal.developers.id
  enabled                  = true
  audit_log_destination_id = "` + portalLogs + `"
}

resource "konnect_portal_ip_allow_list" "office" {
  portal_id   = konnect_portal.developers.id
  allowed_ips = ["192.0.2.0/24", "2001:db8::/32"]
}
`
	return s
}
