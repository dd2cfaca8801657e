package konnectmock

import "testing"

// TestWritesTakeKongNulls: Kong's provider sends null for every field its copy of Konnect's
// specification declares nullable with a null default, whenever configuration does not set
// it, and it runs against Konnect daily: so Konnect takes those nulls. Each write below is
// one of its requests, null where Kong's copy allows it (FIDELITY.md lists them), and the
// mock must take it, with the meaning FIDELITY.md gives null there.
func TestWritesTakeKongNulls(t *testing.T) {
	c := newMock(t, Options{})
	var null any
	ok := func(method, path string, body map[string]any) result {
		t.Helper()
		r := c.do(method, path, body)
		if r.status/100 != 2 {
			t.Fatalf("%s %s %v: %d %s", method, path, body, r.status, r.raw)
		}
		return r
	}
	oas := func(v string) map[string]any {
		return map[string]any{"content": `{"openapi":"3.0.0","info":{"title":"x","version":"` + v + `"},"paths":{}}`}
	}

	// portals
	p := ok("POST", "/v3/portals", map[string]any{"name": "p1", "description": null, "default_application_auth_strategy_id": null}).str("id")
	ok("PATCH", "/v3/portals/"+p, map[string]any{"name": "p1", "description": null, "default_application_auth_strategy_id": null})
	dest := ok("POST", "/v2/audit-log-destinations", map[string]any{"name": "siem", "endpoint": "https://siem.example.com/logs",
		"authorization": "Bearer kong-nulls", "log_format": "cef", "skip_ssl_verification": false}).str("id")
	ok("PATCH", "/v3/portals/"+p+"/audit-log-webhook", map[string]any{"enabled": false, "audit_log_destination_id": dest})
	if r := ok("PATCH", "/v3/portals/"+p+"/audit-log-webhook", map[string]any{"enabled": false, "audit_log_destination_id": null}); r.body["audit_log_destination_id"] != nil {
		t.Fatalf("a null destination is kept: %s", r.raw)
	}
	ok("PATCH", "/v3/portals/"+p+"/authentication-settings", map[string]any{"basic_auth_enabled": true,
		"oidc_issuer": null, "oidc_client_id": null, "oidc_client_secret": null, "oidc_scopes": null, "oidc_claim_mappings": null})
	ok("PUT", "/v3/portals/"+p+"/customization", map[string]any{"css": null, "robots": null,
		"menu": map[string]any{"main": null, "footer_sections": null, "footer_bottom": null}})
	pg := ok("POST", "/v3/portals/"+p+"/pages", map[string]any{"slug": "a", "title": "A", "content": "x", "parent_page_id": null}).str("id")
	ok("PATCH", "/v3/portals/"+p+"/pages/"+pg, map[string]any{"parent_page_id": null})
	tm := ok("POST", "/v3/portals/"+p+"/teams", map[string]any{"name": "t", "description": null}).str("id")
	ok("PATCH", "/v3/portals/"+p+"/teams/"+tm, map[string]any{"name": "t", "description": null, "can_own_applications": null})
	ok("POST", "/v3/portals/"+p+"/custom-domain", map[string]any{"hostname": "x.example.com", "enabled": true, "ssl": map[string]any{"domain_verification_method": "http"}})
	if r := ok("PATCH", "/v3/portals/"+p+"/custom-domain", map[string]any{"enabled": null, "ssl": map[string]any{"custom_certificate": null, "custom_private_key": null}}); r.body["enabled"] != true {
		t.Fatalf("a null enabled changed the domain: %s", r.raw)
	}
	ok("POST", "/v2/application-auth-strategies", map[string]any{"name": "k", "display_name": "k", "strategy_type": "key_auth",
		"configs": map[string]any{"key-auth": map[string]any{"key_names": null}}})
	ok("POST", "/v2/application-auth-strategies", map[string]any{"name": "o", "display_name": "o", "strategy_type": "openid_connect", "dcr_provider_id": null,
		"configs": map[string]any{"openid-connect": map[string]any{"issuer": "https://i.example.com", "credential_claim": []string{"sub"}, "scopes": []string{"openid"}, "auth_methods": []string{"client_credentials"}}}})

	// the API catalog
	a := ok("POST", "/v3/apis", map[string]any{"name": "a", "description": null}).str("id")
	ok("PATCH", "/v3/apis/"+a, map[string]any{"name": "a", "description": null})
	d := ok("POST", "/v3/apis/"+a+"/documents", map[string]any{"title": "d", "slug": "d", "content": "x", "parent_document_id": null}).str("id")
	ok("PATCH", "/v3/apis/"+a+"/documents/"+d, map[string]any{"parent_document_id": null})
	ok("PUT", "/v3/apis/"+a+"/publications/"+p, map[string]any{"auth_strategy_ids": null})
	v := ok("POST", "/v3/apis/"+a+"/versions", map[string]any{"version": null, "spec": oas("1.0.0")})
	if v.str("version") != "1.0.0" {
		t.Fatalf("a null version is not the specification's: %s", v.raw)
	}
	if r := ok("PATCH", "/v3/apis/"+a+"/versions/"+v.str("id"), map[string]any{"version": null, "spec": map[string]any{"content": null}}); r.str("version") != "1.0.0" {
		t.Fatalf("a null version changed it: %s", r.raw)
	}

	// identity
	ok("PATCH", "/v3/authentication-settings", map[string]any{"basic_auth_enabled": null, "idp_mapping_enabled": null,
		"konnect_mapping_enabled": null, "oidc_auth_enabled": null, "saml_auth_enabled": null})
	sa := ok("POST", "/v3/system-accounts", map[string]any{"name": "sa", "description": "d", "konnect_managed": null}).str("id")
	ok("PATCH", "/v3/system-accounts/"+sa, map[string]any{"name": "sa", "description": null})
	team := ok("POST", "/v3/teams", map[string]any{"name": "tt", "description": null}).str("id")
	ok("PATCH", "/v3/teams/"+team, map[string]any{"name": "tt", "description": null})
}
