package portal

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func keyAuth(name string) map[string]any {
	return map[string]any{"name": name, "display_name": "API Key Auth", "strategy_type": "key_auth",
		"principals": map[string]any{"enabled": false}, "configs": map[string]any{"key-auth": map[string]any{"key_names": []string{"apikey", "api-key", "x-api-key"}}}}
}

func oidc(name string) map[string]any {
	return map[string]any{"name": name, "display_name": "Enterprise Auth", "strategy_type": "openid_connect",
		"configs": map[string]any{"openid-connect": map[string]any{"issuer": "https://oidc.example.com", "credential_claim": []string{"client_id"},
			"scopes": []string{"openid", "email"}, "auth_methods": []string{"client_credentials", "bearer"}}}}
}

func TestStrategies(t *testing.T) {
	fx := newFixture(t)
	base := "/v2/application-auth-strategies"
	r := fx.ok("POST", base, keyAuth("auth strategy 1"), 201)
	ka := r.str("id")
	stamps(t, r.body)
	want := `{"id":"` + ka + `","name":"auth strategy 1","display_name":"API Key Auth","strategy_type":"key_auth","active":false,
		"configs":{"key-auth":{"key_names":["apikey","api-key","x-api-key"]}},"dcr_provider":null,"labels":{},
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z","supports_multiple_credentials":true,"principals":{"enabled":false}}`
	r.jsonEq(t, want)
	fx.ok("GET", base+"/"+ka, nil, 200).jsonEq(t, want)

	body := oidc("auth strategy 2")
	body["configs"].(map[string]any)["openid-connect"].(map[string]any)["extra_setting"] = "kept"
	body["labels"] = map[string]any{"team": "identity"}
	r = fx.ok("POST", base, body, 201)
	oi := r.str("id")
	r.jsonEq(t, `{"name":"auth strategy 2","display_name":"Enterprise Auth","strategy_type":"openid_connect","active":false,
		"configs":{"openid-connect":{"issuer":"https://oidc.example.com","credential_claim":["client_id"],"scopes":["openid","email"],
		"auth_methods":["client_credentials","bearer"],"extra_setting":"kept"}},"dcr_provider":null,"labels":{"team":"identity"},
		"supports_multiple_credentials":false,"principals":{"enabled":false}}`, "id", "created_at", "updated_at")
	// names need not be unique
	fx.ok("POST", base, keyAuth("auth strategy 1"), 201)

	// the request's checks
	fx.do("POST", base, map[string]any{"name": "x"}).invalid(t, `strategy_type: "strategy_type" is required`, `display_name: "display_name" is required`)
	fx.do("POST", base, map[string]any{"name": "x", "display_name": "x", "strategy_type": "key_auth", "configs": map[string]any{"openid-connect": map[string]any{}}}).invalid(t,
		`configs.openid-connect: "configs.openid-connect" is not allowed`, `configs.key-auth: "configs.key-auth" is required`)
	fx.do("POST", base, map[string]any{"name": "x", "display_name": "x", "strategy_type": "key_auth", "dcr_provider_id": missing,
		"configs": map[string]any{"key-auth": map[string]any{"key_names": []string{}, "ttl": map[string]any{"value": 0, "unit": "months"}}}}).invalid(t,
		`dcr_provider_id: "dcr_provider_id" is not allowed`,
		`configs.key-auth.key_names: "configs.key-auth.key_names" must have at least 1 item`,
		`configs.key-auth.ttl.unit: must be one of [days, weeks, years]`,
		`configs.key-auth.ttl.value: value of "configs.key-auth.ttl.value" must be at least 1`)
	bad := oidc("x")
	bad["configs"] = map[string]any{"openid-connect": map[string]any{"issuer": "not a url"}}
	bad["dcr_provider_id"] = missing
	fx.do("POST", base, bad).invalid(t,
		`configs.openid-connect.credential_claim: "configs.openid-connect.credential_claim" is required`,
		`configs.openid-connect.scopes: "configs.openid-connect.scopes" is required`,
		`configs.openid-connect.auth_methods: "configs.openid-connect.auth_methods" is required`,
		`configs.openid-connect.issuer: value of "configs.openid-connect.issuer" must be an absolute http or https URL`,
		`dcr_provider_id: "dcr_provider_id" does not name a DCR provider`)
	fx.do("POST", base, map[string]any{"name": "x", "display_name": "x", "strategy_type": "basic"}).invalid(t,
		`strategy_type: must be one of [key_auth, openid_connect]`)

	// PATCH: only the fields sent; configs merged into the type's member
	fx.clock.Advance(time.Second)
	r = fx.ok("PATCH", base+"/"+ka, map[string]any{"display_name": "API Key", "configs": map[string]any{"key-auth": map[string]any{"ttl": map[string]any{"value": 30, "unit": "days"}}}}, 200)
	r.jsonEq(t, `{"id":"`+ka+`","name":"auth strategy 1","display_name":"API Key","strategy_type":"key_auth","active":false,
		"configs":{"key-auth":{"key_names":["apikey","api-key","x-api-key"],"ttl":{"value":30,"unit":"days"}}},"dcr_provider":null,"labels":{},
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z","supports_multiple_credentials":true,"principals":{"enabled":false}}`)
	r = fx.ok("PATCH", base+"/"+ka, map[string]any{"configs": map[string]any{"key-auth": map[string]any{"ttl": nil}}, "principals": map[string]any{"enabled": true}}, 200)
	if fmt.Sprint(r.body["configs"]) != "map[key-auth:map[key_names:[apikey api-key x-api-key]]]" || fmt.Sprint(r.body["principals"]) != "map[enabled:true]" {
		t.Fatalf("ttl null unsets it: %s", r.raw)
	}
	fx.do("PATCH", base+"/"+ka, map[string]any{"configs": map[string]any{"openid-connect": map[string]any{}}}).invalid(t,
		`configs.openid-connect: "configs.openid-connect" is not allowed`)
	fx.do("PATCH", base+"/"+ka, map[string]any{"strategy_type": "openid_connect"}).invalid(t, `strategy_type: "strategy_type" is not allowed`)
	r = fx.ok("PATCH", base+"/"+oi, map[string]any{"configs": map[string]any{"openid-connect": map[string]any{"scopes": []string{"openid"}, "extra_setting": nil}},
		"labels": map[string]any{"team": nil, "env": "prod"}}, 200)
	if fmt.Sprint(r.body["configs"].(map[string]any)["openid-connect"]) != "map[auth_methods:[client_credentials bearer] credential_claim:[client_id] issuer:https://oidc.example.com scopes:[openid]]" ||
		fmt.Sprint(r.body["labels"]) != "map[env:prod]" {
		t.Fatalf("oidc patch: %s", r.raw)
	}

	// PUT replaces (the type may change) and answers 201; an unknown id is created with it
	r = fx.ok("PUT", base+"/"+ka, oidc("replaced"), 201)
	if r.str("id") != ka || r.str("strategy_type") != "openid_connect" || r.str("created_at") != "2026-03-04T05:06:07.123Z" || r.body["principals"].(map[string]any)["enabled"] != false {
		t.Fatalf("PUT replace: %s", r.raw)
	}
	if r = fx.ok("PUT", base+"/"+missing, keyAuth("new"), 201); r.str("id") != missing {
		t.Fatalf("PUT create: %s", r.raw)
	}
	fx.ok("GET", base+"/"+missing, nil, 200)

	// list: paged, filtered, sorted
	r = fx.ok("GET", base+"?sort=name&page[size]=10", nil, 200)
	if r.meta(t) != "1/10/4" || fmt.Sprint(r.names(t, "name")) != "[auth strategy 1 auth strategy 2 new replaced]" {
		t.Fatalf("list: %s", r.raw)
	}
	if got := fx.ok("GET", base+"?filter[strategy_type]=key_auth", nil, 200).names(t, "name"); fmt.Sprint(got) != "[auth strategy 1 new]" {
		t.Fatalf("by type: %v", got)
	}
	fx.do("GET", base+"?filter[labels]=x", nil).invalid(t, `filter[labels]: "filter[labels]" is not allowed`)
	fx.do("GET", base+"?sort=labels", nil).invalid(t, `sort: must be one of [created_at, updated_at, strategy_type, name, display_name, dcr_provider_id, dcr_provider_name, dcr_provider_type]`)

	// in use: a portal's default strategy, or a publication's
	p := fx.ok("POST", "/v3/portals", map[string]any{"name": "p", "default_application_auth_strategy_id": oi}, 201)
	fx.do("DELETE", base+"/"+oi, nil).conflict(t, "Application auth strategy ["+oi+"] is in use by [portal "+p.str("id")+"]")
	fx.ok("PATCH", "/v3/portals/"+p.str("id"), map[string]any{"default_application_auth_strategy_id": nil}, 200)
	api := "11111111-2222-4333-8444-555555555555"
	if err := fx.f.Publish(p.str("id"), api, oi); err != nil {
		t.Fatal(err)
	}
	if r = fx.ok("GET", base+"/"+oi, nil, 200); r.body["active"] != true {
		t.Fatalf("active: %s", r.raw)
	}
	fx.do("DELETE", base+"/"+oi, nil).conflict(t, "Application auth strategy ["+oi+"] is in use by [API "+api+" published to portal "+p.str("id")+"]")
	if err := fx.f.Unpublish(p.str("id"), api); err != nil {
		t.Fatal(err)
	}
	fx.ok("DELETE", base+"/"+oi, nil, 204)
	fx.do("GET", base+"/"+oi, nil).notFound(t)
	fx.do("DELETE", base+"/"+oi, nil).notFound(t)
	fx.do("GET", base+"/not-a-uuid", nil).notFound(t)
}

func TestDCRProviders(t *testing.T) {
	fx := newFixture(t)
	base := "/v2/dcr-providers"
	r := fx.ok("POST", base, map[string]any{"name": "DCR HTTP 1 - Segment A", "provider_type": "http", "issuer": "https://my-issuer-server.com",
		"dcr_config": map[string]any{"dcr_base_url": "https://my-http-dcr-server.com/v1/dcr", "api_key": "gYmrbDfu_7PTsZWH", "allow_multiple_credentials": true}}, 201)
	httpID := r.str("id")
	r.jsonEq(t, `{"id":"`+httpID+`","name":"DCR HTTP 1 - Segment A","provider_type":"http","issuer":"https://my-issuer-server.com","active":false,
		"dcr_config":{"dcr_base_url":"https://my-http-dcr-server.com/v1/dcr","allow_multiple_credentials":true},"labels":{},
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z"}`)
	r = fx.ok("POST", base, map[string]any{"name": "DCR Auth0 1", "provider_type": "auth0", "issuer": "https://my-issuer.auth0.com/api/v2/",
		"dcr_config": map[string]any{"initial_client_id": "abc123", "initial_client_secret": "abc123xyz098!", "initial_client_audience": "https://my-custom-domain.com/api/v2/"}}, 201)
	auth0 := r.str("id")
	r.jsonEq(t, `{"name":"DCR Auth0 1","provider_type":"auth0","issuer":"https://my-issuer.auth0.com/api/v2/","active":false,
		"dcr_config":{"initial_client_id":"abc123","initial_client_audience":"https://my-custom-domain.com/api/v2/","use_developer_managed_scopes":false},"labels":{}}`,
		"id", "created_at", "updated_at")
	okta := fx.ok("POST", base, map[string]any{"name": "DCR Okta", "provider_type": "okta", "issuer": "https://my-issuer.okta.com/default", "dcr_config": map[string]any{"dcr_token": "tok-s3cr3t"}}, 201)
	okta.jsonEq(t, `{"name":"DCR Okta","provider_type":"okta","issuer":"https://my-issuer.okta.com/default","active":false,"dcr_config":{},"labels":{}}`, "id", "created_at", "updated_at")
	fx.ok("POST", base, map[string]any{"name": "DCR Kong Identity", "provider_type": "kongIdentity", "issuer": "https://sliver.identity.us.konghq.com/"}, 201)

	fx.do("POST", base, map[string]any{"name": "x", "provider_type": "http", "issuer": "https://x.example.com", "dcr_config": map[string]any{"api_key": "short"}}).invalid(t,
		`dcr_config.dcr_base_url: "dcr_config.dcr_base_url" is required`, `dcr_config.api_key: value of "dcr_config.api_key" must have at least 12 characters`)
	fx.do("POST", base, map[string]any{"name": "x", "provider_type": "okta", "issuer": "https://x.example.com"}).invalid(t, `dcr_config: "dcr_config" is required`)
	fx.do("POST", base, map[string]any{"name": "x", "provider_type": "gitlab", "issuer": "x"}).invalid(t,
		`provider_type: must be one of [auth0, azureAd, curity, okta, http, kongIdentity]`, `issuer: value of "issuer" must be an absolute http or https URI`)

	// PATCH merges dcr_config; a new secret is taken and not kept
	fx.clock.Advance(time.Second)
	r = fx.ok("PATCH", base+"/"+auth0, map[string]any{"display_name": "Auth0", "dcr_config": map[string]any{"initial_client_secret": "n3w-s3cr3t", "use_developer_managed_scopes": true}}, 200)
	r.jsonEq(t, `{"id":"`+auth0+`","name":"DCR Auth0 1","display_name":"Auth0","provider_type":"auth0","issuer":"https://my-issuer.auth0.com/api/v2/","active":false,
		"dcr_config":{"initial_client_id":"abc123","initial_client_audience":"https://my-custom-domain.com/api/v2/","use_developer_managed_scopes":true},"labels":{},
		"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z"}`)
	fx.do("PATCH", base+"/"+auth0, map[string]any{"dcr_config": map[string]any{"dcr_token": "x"}}).invalid(t, `dcr_config.dcr_token: "dcr_config.dcr_token" is not allowed`)
	fx.do("PATCH", base+"/"+auth0, map[string]any{"provider_type": "okta"}).invalid(t, `provider_type: "provider_type" is not allowed`)
	for _, raw := range []string{string(fx.f.Snapshot()), string(fx.ok("GET", base, nil, 200).raw)} {
		for _, secret := range []string{"gYmrbDfu_7PTsZWH", "abc123xyz098!", "tok-s3cr3t", "n3w-s3cr3t"} {
			if strings.Contains(raw, secret) {
				t.Fatalf("secret %s shown or kept: %s", secret, raw)
			}
		}
	}
	if got := fx.ok("GET", base+"?filter[provider_type]=okta", nil, 200).names(t, "name"); fmt.Sprint(got) != "[DCR Okta]" {
		t.Fatalf("by type: %v", got)
	}
	if got := fx.ok("GET", base+"?filter[initial_client_id]=abc123", nil, 200).names(t, "name"); fmt.Sprint(got) != "[DCR Auth0 1]" {
		t.Fatalf("by client id: %v", got)
	}
	fx.do("GET", base+"?filter[name][neq]=x", nil).invalid(t, `filter[name][neq]: "filter[name][neq]" is not allowed`)
	if got := fx.ok("GET", base+"?filter[name][contains]=Okta", nil, 200).names(t, "name"); fmt.Sprint(got) != "[DCR Okta]" {
		t.Fatalf("name contains: %v", got)
	}
	if got := fx.ok("GET", base+"?sort=-issuer", nil, 200).names(t, "name"); fmt.Sprint(got) != "[DCR Kong Identity DCR Okta DCR Auth0 1 DCR HTTP 1 - Segment A]" {
		t.Fatalf("by issuer: %v", got)
	}

	// an OIDC strategy with the http provider: its summary, multiple credentials, active with a publication
	body := oidc("with dcr")
	body["dcr_provider_id"] = httpID
	r = fx.ok("POST", "/v2/application-auth-strategies", body, 201)
	strategy := r.str("id")
	if fmt.Sprint(r.body["dcr_provider"]) != "map[id:"+httpID+" name:DCR HTTP 1 - Segment A provider_type:http]" || r.body["supports_multiple_credentials"] != true {
		t.Fatalf("strategy with a DCR provider: %s", r.raw)
	}
	if got := fx.ok("GET", "/v2/application-auth-strategies?filter[dcr_provider_type]=http", nil, 200).names(t, "name"); fmt.Sprint(got) != "[with dcr]" {
		t.Fatalf("strategies by provider type: %v", got)
	}
	p := fx.portal("p")
	if err := fx.f.Publish(p, "11111111-2222-4333-8444-555555555555", strategy); err != nil {
		t.Fatal(err)
	}
	if r = fx.ok("GET", base+"/"+httpID, nil, 200); r.body["active"] != true {
		t.Fatalf("active provider: %s", r.raw)
	}
	fx.do("DELETE", base+"/"+httpID, nil).conflict(t, "DCR provider ["+httpID+"] is used by application auth strategy ["+strategy+"]")
	fx.ok("PATCH", "/v2/application-auth-strategies/"+strategy, map[string]any{"dcr_provider_id": nil}, 200)
	fx.ok("DELETE", base+"/"+httpID, nil, 204)
	fx.do("GET", base+"/"+httpID, nil).notFound(t)
}
