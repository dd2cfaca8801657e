package portal

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"
)

// certPair is a self-signed certificate for host, valid until notAfter, and its key, PEM-encoded.
func certPair(t *testing.T, host string, notAfter time.Time) (certPEM, keyPEM string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: notAfter.AddDate(-1, 0, 0), NotAfter: notAfter}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})), string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pk}))
}

func TestCustomDomain(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	dom := "/v3/portals/" + p + "/custom-domain"
	fx.do("GET", dom, nil).notFound(t)
	fx.do("PATCH", dom, map[string]any{"enabled": true}).notFound(t)
	fx.do("DELETE", dom, nil).notFound(t)

	// http verification
	r := fx.ok("POST", dom, map[string]any{"hostname": "dev.example.com", "enabled": true, "ssl": map[string]any{"domain_verification_method": "http"}}, 201)
	r.jsonEq(t, `{"hostname":"dev.example.com","enabled":true,"ssl":{"domain_verification_method":"http","verification_status":"pending"},
		"cname_status":"pending","created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z"}`)
	if got := fx.ok("GET", "/v3/portals/"+p, nil, 200).str("canonical_domain"); got != "dev.example.com" {
		t.Fatalf("canonical domain with an enabled custom domain: %s", got)
	}
	fx.do("POST", dom, map[string]any{"hostname": "two.example.com", "enabled": true, "ssl": map[string]any{"domain_verification_method": "http"}}).
		conflict(t, "Portal ["+p+"] already has a custom domain [dev.example.com]")
	cert, key := certPair(t, "dev.example.com", time.Date(2027, 1, 2, 3, 4, 5, 0, time.UTC))
	fx.do("PATCH", dom, map[string]any{"ssl": map[string]any{"custom_certificate": cert, "custom_private_key": key}}).invalid(t,
		`ssl: "ssl" has no certificate to change: the domain is verified by http`)
	fx.clock.Advance(time.Second)
	r = fx.ok("PATCH", dom, map[string]any{"enabled": false}, 200)
	if r.body["enabled"] != false || r.str("updated_at") != "2026-03-04T05:06:08.123Z" || r.str("created_at") != "2026-03-04T05:06:07.123Z" {
		t.Fatalf("patch enabled: %s", r.raw)
	}
	if got := fx.ok("GET", "/v3/portals/"+p, nil, 200).str("canonical_domain"); !strings.HasSuffix(got, ".us.portal.konghq.com") {
		t.Fatalf("canonical domain with a disabled custom domain: %s", got)
	}
	if err := fx.f.VerifyDomain(p); err != nil {
		t.Fatal(err)
	}
	r = fx.ok("GET", dom, nil, 200)
	if r.str("cname_status") != "verified" || r.body["ssl"].(map[string]any)["verification_status"] != "verified" {
		t.Fatalf("verified: %s", r.raw)
	}
	// another portal cannot take the hostname
	q := fx.portal("q")
	fx.do("POST", "/v3/portals/"+q+"/custom-domain", map[string]any{"hostname": "DEV.example.com", "enabled": true, "ssl": map[string]any{"domain_verification_method": "http"}}).
		conflict(t, "Custom domain [DEV.example.com] is already used by another portal")
	fx.ok("DELETE", dom, nil, 204)
	fx.do("GET", dom, nil).notFound(t)

	// a custom certificate: checked, its key never returned
	r = fx.ok("POST", dom, map[string]any{"hostname": "dev.example.com", "enabled": true,
		"ssl": map[string]any{"domain_verification_method": "custom_certificate", "custom_certificate": cert, "custom_private_key": key, "skip_ca_check": true}}, 201)
	r.jsonEq(t, `{"hostname":"dev.example.com","enabled":true,"ssl":{"domain_verification_method":"custom_certificate","verification_status":"verified",
		"uploaded_at":"2026-03-04T05:06:08.123Z","expires_at":"2027-01-02T03:04:05.000Z","skip_ca_check":true},
		"cname_status":"pending","created_at":"2026-03-04T05:06:08.123Z","updated_at":"2026-03-04T05:06:08.123Z"}`)
	for _, raw := range [][]byte{r.raw, fx.ok("GET", dom, nil, 200).raw, []byte(fx.f.Snapshot())} {
		if strings.Contains(string(raw), "PRIVATE KEY") || strings.Contains(string(raw), "CERTIFICATE") {
			t.Fatalf("the certificate or its key is shown or kept: %s", raw)
		}
	}
	// a new certificate needs its key; a key of another certificate, or a certificate for another host, is refused
	cert2, key2 := certPair(t, "dev.example.com", time.Date(2028, 1, 1, 0, 0, 0, 0, time.UTC))
	otherCert, otherKey := certPair(t, "other.example.com", time.Date(2028, 1, 1, 0, 0, 0, 0, time.UTC))
	fx.do("PATCH", dom, map[string]any{"ssl": map[string]any{"custom_certificate": cert2}}).invalid(t, `ssl.custom_private_key: "ssl.custom_private_key" is required`)
	fx.do("PATCH", dom, map[string]any{"ssl": map[string]any{"custom_certificate": cert2, "custom_private_key": key}}).invalid(t,
		`ssl.custom_private_key: "ssl.custom_private_key" must be the PEM-encoded private key of the certificate`)
	fx.do("PATCH", dom, map[string]any{"ssl": map[string]any{"custom_certificate": otherCert, "custom_private_key": otherKey}}).invalid(t,
		`ssl.custom_certificate: "ssl.custom_certificate" is not valid for dev.example.com`)
	fx.do("PATCH", dom, map[string]any{"ssl": map[string]any{"custom_certificate": "junk", "custom_private_key": key}}).invalid(t,
		`ssl.custom_certificate: "ssl.custom_certificate" must be a PEM-encoded X.509 certificate`)
	r = fx.ok("PATCH", dom, map[string]any{"ssl": map[string]any{"custom_certificate": cert2, "custom_private_key": key2, "skip_ca_check": false}}, 200)
	if ssl := r.body["ssl"].(map[string]any); ssl["expires_at"] != "2028-01-01T00:00:00.000Z" || ssl["skip_ca_check"] != false || strings.Contains(string(r.raw), "KEY") {
		t.Fatalf("new certificate: %s", r.raw)
	}

	// the request's checks
	fx.do("POST", "/v3/portals/"+q+"/custom-domain", map[string]any{}).invalid(t,
		`hostname: "hostname" is required`, `enabled: "enabled" is required`, `ssl: "ssl" is required`)
	fx.do("POST", "/v3/portals/"+q+"/custom-domain", map[string]any{"hostname": "not a host", "enabled": true,
		"ssl": map[string]any{"domain_verification_method": "custom_certificate"}}).invalid(t,
		`hostname: "hostname" must be a fully qualified domain name`,
		`ssl.custom_certificate: "ssl.custom_certificate" is required`, `ssl.custom_private_key: "ssl.custom_private_key" is required`)
	fx.do("POST", "/v3/portals/"+q+"/custom-domain", map[string]any{"hostname": "q.example.com", "enabled": true,
		"ssl": map[string]any{"domain_verification_method": "http", "custom_certificate": cert}}).invalid(t,
		`ssl.custom_certificate: "ssl.custom_certificate" is not allowed`)
	fx.do("POST", "/v3/portals/"+q+"/custom-domain", map[string]any{"hostname": "q.example.com", "enabled": true,
		"ssl": map[string]any{"domain_verification_method": "dns"}}).invalid(t, `ssl.domain_verification_method: must be one of [http, custom_certificate]`)
	fx.do("POST", "/v3/portals/"+missing+"/custom-domain", map[string]any{}).notFound(t)
}

func TestAuthenticationSettings(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	path := "/v3/portals/" + p + "/authentication-settings"
	// created with the portal
	fx.ok("GET", path, nil, 200).jsonEq(t, `{"basic_auth_enabled":true,"oidc_auth_enabled":false,"saml_auth_enabled":false,
		"oidc_team_mapping_enabled":false,"idp_mapping_enabled":false,"konnect_mapping_enabled":false}`)
	fx.ok("PATCH", path, map[string]any{"basic_auth_enabled": false}, 200).jsonEq(t, `{"basic_auth_enabled":false,"oidc_auth_enabled":false,
		"saml_auth_enabled":false,"oidc_team_mapping_enabled":false,"idp_mapping_enabled":false,"konnect_mapping_enabled":false}`)
	// the spec's OIDC example: the secret is taken, never shown; scopes and mappings take their defaults
	r := fx.ok("PATCH", path, map[string]any{"oidc_auth_enabled": true, "konnect_mapping_enabled": true,
		"oidc_issuer": "https://identity.example.com/v2", "oidc_client_id": "x7id0o42lklas0blidl2", "oidc_client_secret": "s3cr3t-value",
		"oidc_claim_mappings": map[string]any{"groups": "custom-group-claim"}}, 200)
	want := `{"basic_auth_enabled":false,"oidc_auth_enabled":true,"saml_auth_enabled":false,"oidc_team_mapping_enabled":false,
		"idp_mapping_enabled":false,"konnect_mapping_enabled":true,"oidc_config":{"issuer":"https://identity.example.com/v2",
		"client_id":"x7id0o42lklas0blidl2","scopes":["email","openid","profile"],"claim_mappings":{"name":"name","email":"email","groups":"custom-group-claim"}}}`
	r.jsonEq(t, want)
	fx.ok("GET", path, nil, 200).jsonEq(t, want)
	if strings.Contains(string(fx.f.Snapshot()), "s3cr3t-value") {
		t.Fatal("the client secret is kept")
	}
	if r = fx.ok("PATCH", path, map[string]any{"oidc_scopes": []string{"openid"}}, 200); fmt.Sprint(r.body["oidc_config"].(map[string]any)["scopes"]) != "[openid]" {
		t.Fatalf("scopes: %s", r.raw)
	}
	// Kong's provider sends every oidc_* field it is not given as null (nullable in its copy
	// of the spec): null scopes and claim mappings go back to the defaults, and a null
	// issuer and client id clear the OIDC configuration, which GET then no longer shows.
	kongNulls := map[string]any{"oidc_issuer": nil, "oidc_client_id": nil, "oidc_client_secret": nil, "oidc_scopes": nil, "oidc_claim_mappings": nil}
	withClient := map[string]any{"oidc_issuer": "https://identity.example.com/v2", "oidc_client_id": "x7id0o42lklas0blidl2",
		"oidc_client_secret": nil, "oidc_scopes": nil, "oidc_claim_mappings": nil}
	fx.ok("PATCH", path, withClient, 200).jsonEq(t, strings.Replace(want, `"groups":"custom-group-claim"`, `"groups":"groups"`, 1))
	cleared := `{"basic_auth_enabled":false,"oidc_auth_enabled":true,"saml_auth_enabled":false,"oidc_team_mapping_enabled":false,
		"idp_mapping_enabled":false,"konnect_mapping_enabled":true}`
	fx.ok("PATCH", path, kongNulls, 200).jsonEq(t, cleared)
	fx.ok("GET", path, nil, 200).jsonEq(t, cleared)
	// a new configuration starts from the defaults, not from the scopes set before
	fx.ok("PATCH", path, map[string]any{"oidc_issuer": "https://identity.example.com/v2", "oidc_client_id": "x7id0o42lklas0blidl2"}, 200).
		jsonEq(t, strings.Replace(want, `"groups":"custom-group-claim"`, `"groups":"groups"`, 1))
	// the spec's 400 examples; properties the open schema does not define are ignored
	fx.do("PATCH", path, map[string]any{"basic_auth_enabled": "yes", "oidc_issuer": 5, "oidc_scopes": "openid"}).invalid(t,
		`basic_auth_enabled: value of "basic_auth_enabled" must be true or false`,
		`oidc_issuer: value of "oidc_issuer" must be a utf-8 string`,
		`oidc_scopes: "oidc_scopes" must be an array`)
	fx.ok("PATCH", path, map[string]any{"something_else": 1}, 200)
	fx.do("PATCH", path, map[string]any{"saml_auth_enabled": nil}).invalid(t, `saml_auth_enabled: value of "saml_auth_enabled" must be true or false`)
	fx.do("GET", "/v3/portals/"+missing+"/authentication-settings", nil).notFound(t)
}

func TestCustomization(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	path := "/v3/portals/" + p + "/customization"
	defaults := `{"try_it_ui":true,"try_it_insomnia":true,"infinite_scroll":true,"show_schemas":true,"hide_internal":false,"hide_deprecated":false,"allow_custom_server_urls":true}`
	fx.ok("GET", path, nil, 200).jsonEq(t, `{"spec_renderer":`+defaults+`}`)

	item := func(path, title string) map[string]any {
		return map[string]any{"path": path, "title": title, "visibility": "public", "external": false}
	}
	doc := map[string]any{
		"theme":  map[string]any{"name": "mint_rocket", "mode": "dark", "colors": map[string]any{"primary": "#0A0"}},
		"layout": "top_nav", "css": nil, "robots": "User-agent: *",
		"menu":          map[string]any{"main": []any{item("/apis", "APIs")}, "footer_sections": []any{map[string]any{"title": "More", "items": []any{item("/about", "About")}}}},
		"spec_renderer": map[string]any{"hide_internal": true},
	}
	r := fx.ok("PUT", path, doc, 200)
	want := `{"theme":{"name":"mint_rocket","mode":"dark","colors":{"primary":"#0A0"}},"layout":"top_nav","css":null,"robots":"User-agent: *",
		"menu":{"main":[{"path":"/apis","title":"APIs","visibility":"public","external":false}],
		"footer_sections":[{"title":"More","items":[{"path":"/about","title":"About","visibility":"public","external":false}]}]},
		"spec_renderer":{"try_it_ui":true,"try_it_insomnia":true,"infinite_scroll":true,"show_schemas":true,"hide_internal":true,"hide_deprecated":false,"allow_custom_server_urls":true}}`
	r.jsonEq(t, want)
	fx.ok("GET", path, nil, 200).jsonEq(t, want)

	// PATCH merges: objects member by member, arrays whole, null removes
	r = fx.ok("PATCH", path, map[string]any{"theme": map[string]any{"colors": map[string]any{"primary": "#123456"}}, "robots": nil,
		"menu": map[string]any{"main": []any{item("/docs", "Docs"), item("/apis", "APIs")}}}, 200)
	r.jsonEq(t, `{"theme":{"name":"mint_rocket","mode":"dark","colors":{"primary":"#123456"}},"layout":"top_nav","css":null,
		"menu":{"main":[{"path":"/docs","title":"Docs","visibility":"public","external":false},{"path":"/apis","title":"APIs","visibility":"public","external":false}],
		"footer_sections":[{"title":"More","items":[{"path":"/about","title":"About","visibility":"public","external":false}]}]},
		"spec_renderer":{"try_it_ui":true,"try_it_insomnia":true,"infinite_scroll":true,"show_schemas":true,"hide_internal":true,"hide_deprecated":false,"allow_custom_server_urls":true}}`)
	// PUT replaces the whole document: without spec_renderer (what Kong's provider sends once
	// configuration stops setting it) the document has none, and GET shows none, so Kong's
	// provider, whose spec_renderer is optional and not computed, plans nothing more
	fx.ok("PUT", path, map[string]any{"layout": "sidebar"}, 200).jsonEq(t, `{"layout":"sidebar"}`)
	fx.ok("GET", path, nil, 200).jsonEq(t, `{"layout":"sidebar"}`)
	// sent, its settings' defaults fill what it leaves out
	fx.ok("PUT", path, map[string]any{"layout": "sidebar", "spec_renderer": map[string]any{}}, 200).jsonEq(t, `{"layout":"sidebar","spec_renderer":`+defaults+`}`)
	// PATCH null removes it (a JSON merge patch)
	fx.ok("PATCH", path, map[string]any{"spec_renderer": nil}, 200).jsonEq(t, `{"layout":"sidebar"}`)
	// Kong's provider sends null for the menu lists it is not given (nullable in its copy of the spec)
	fx.ok("PUT", path, map[string]any{"css": nil, "robots": nil, "menu": map[string]any{"main": nil, "footer_sections": nil, "footer_bottom": nil}}, 200).
		jsonEq(t, `{"css":null,"robots":null,"menu":{"main":null,"footer_sections":null,"footer_bottom":null}}`)

	fx.do("PUT", path, map[string]any{"my_property": 1}).invalid(t, `my_property: "my_property" is not allowed`)
	fx.do("PATCH", path, map[string]any{"theme": map[string]any{"mode": "sepia", "colors": map[string]any{"primary": "blue"}},
		"menu": map[string]any{"main": []any{map[string]any{"path": "/x", "visibility": "public", "external": "no"}}}}).invalid(t,
		`menu.main[0].title: "menu.main[0].title" is required`,
		`menu.main[0].external: value of "menu.main[0].external" must be true or false`,
		`theme.colors.primary: value of "theme.colors.primary" must match ^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$`,
		`theme.mode: must be one of [light, dark, system]`)
	fx.do("PUT", path, map[string]any{"layout": nil}).invalid(t, `layout: value of "layout" must be a utf-8 string`)
}

func TestAssets(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	for _, kind := range []string{"logo", "favicon"} {
		path := "/v3/portals/" + p + "/assets/" + kind
		fx.do("GET", path, nil).notFound(t)
		fx.do("GET", path+"/raw", nil).notFound(t)
		// the spec's example: "nice_looking_picture"
		data := "data:image/png;base64,bmljZV9sb29raW5nX3BpY3R1cmU="
		fx.ok("PUT", path, map[string]any{"data": data}, 200).jsonEq(t, `{"data":"`+data+`"}`)
		fx.ok("GET", path, nil, 200).jsonEq(t, `{"data":"`+data+`"}`)
		raw := fx.do("GET", path+"/raw", nil).expect(t, 200, "image/png")
		if string(raw.raw) != "nice_looking_picture" {
			t.Fatalf("%s raw: %q", kind, raw.raw)
		}
		svg := "data:image/svg+xml;base64,PHN2Zy8+"
		fx.ok("PUT", path, map[string]any{"data": svg}, 200)
		if raw = fx.do("GET", path+"/raw", nil).expect(t, 200, "image/svg+xml"); string(raw.raw) != "<svg/>" {
			t.Fatalf("%s svg: %q", kind, raw.raw)
		}
		fx.do("PUT", path, map[string]any{}).invalid(t, `data: "data" is required`)
		fx.do("PUT", path, map[string]any{"data": "data:text/plain;base64,eA=="}).invalid(t,
			`data: "data" must be a data URL with base64 PNG, JPEG, GIF, ICO or SVG image data`)
		fx.do("PUT", path, map[string]any{"data": "data:image/png;base64,%%%"}).invalid(t,
			`data: "data" must be a data URL with base64 PNG, JPEG, GIF, ICO or SVG image data`)
	}
	// the logo and the favicon are two images
	fx.ok("PUT", "/v3/portals/"+p+"/assets/logo", map[string]any{"data": "data:image/jpeg;base64,eA=="}, 200)
	if got := fx.ok("GET", "/v3/portals/"+p+"/assets/favicon", nil, 200).str("data"); got != "data:image/svg+xml;base64,PHN2Zy8+" {
		t.Fatalf("favicon after a new logo: %s", got)
	}
}

func TestAuditLogWebhook(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	path := "/v3/portals/" + p + "/audit-log-webhook"
	dest := auditDestination
	fx.ok("GET", path, nil, 200).jsonEq(t, `{"enabled":false}`)
	// a destination the organization does not have is refused, and nothing changes
	fx.do("PATCH", path, map[string]any{"audit_log_destination_id": "0b7c1a54-2f0e-4f38-9a53-6bd1a1f7f0d1"}).problem(t, 400, "Bad Request",
		"Invalid destination", "audit_log_destination_id: audit log destination not found")
	fx.ok("GET", path, nil, 200).jsonEq(t, `{"enabled":false}`)
	fx.ok("GET", path+"/status", nil, 200).jsonEq(t, `{"webhook_enabled":false,"webhook_status":"inactive"}`)
	fx.do("PATCH", path, map[string]any{"enabled": true}).problem(t, 400, "Bad Request", "Required field missing", "audit_log_destination_id: cannot be blank")
	fx.ok("PATCH", path, map[string]any{"audit_log_destination_id": dest}, 200).jsonEq(t, `{"enabled":false,"audit_log_destination_id":"`+dest+`"}`)
	// the portal webhook holds no secret: an authorization sent is not a field of it, and not kept
	fx.ok("PATCH", path, map[string]any{"enabled": true, "authorization": "Bearer s3cr3t"}, 200).jsonEq(t, `{"enabled":true,"audit_log_destination_id":"`+dest+`"}`)
	if strings.Contains(string(fx.f.Snapshot()), "s3cr3t") {
		t.Fatal("an authorization header is kept")
	}
	fx.ok("GET", path+"/status", nil, 200).jsonEq(t, `{"webhook_enabled":true,"webhook_status":"active"}`)
	fx.do("PATCH", path, map[string]any{"audit_log_destination_id": "x", "enabled": "on"}).invalid(t,
		`enabled: value of "enabled" must be true or false`, `audit_log_destination_id: value of "audit_log_destination_id" must be a UUID`)
	fx.do("PATCH", path, `{`).problem(t, 400, "Bad Request", "Could not parse request body", "body: request format is invalid")
	fx.ok("DELETE", path, nil, 204)
	fx.ok("GET", path, nil, 200).jsonEq(t, `{"enabled":false}`)
	fx.do("GET", "/v3/portals/"+missing+"/audit-log-webhook", nil).notFound(t)
}

func TestIPAllowList(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	path := "/v3/portals/" + p + "/ip-allow-list"
	r := fx.ok("POST", path, map[string]any{"allowed_ips": []string{"192.168.1.1", "192.168.1.0/22"}}, 201)
	id := r.str("id")
	r.jsonEq(t, `{"id":"`+id+`","allowed_ips":["192.168.1.1","192.168.1.0/22"]}`)
	fx.ok("GET", path+"/"+id, nil, 200).jsonEq(t, `{"id":"`+id+`","allowed_ips":["192.168.1.1","192.168.1.0/22"]}`)
	fx.ok("PATCH", path+"/"+id, map[string]any{}, 200).jsonEq(t, `{"id":"`+id+`","allowed_ips":["192.168.1.1","192.168.1.0/22"]}`)
	fx.ok("PATCH", path+"/"+id, map[string]any{"allowed_ips": []string{"2001:db8::/32"}}, 200).jsonEq(t, `{"id":"`+id+`","allowed_ips":["2001:db8::/32"]}`)
	fx.ok("PUT", path+"/"+id, map[string]any{"allowed_ips": []string{"10.0.0.1"}}, 200).jsonEq(t, `{"id":"`+id+`","allowed_ips":["10.0.0.1"]}`)
	fx.do("PUT", path+"/"+id, map[string]any{}).invalid(t, `allowed_ips: "allowed_ips" is required`)
	fx.do("POST", path, map[string]any{"allowed_ips": []string{}}).invalid(t, `allowed_ips: "allowed_ips" must have at least 1 item`)
	fx.do("POST", path, map[string]any{"allowed_ips": []string{"1.2.3.4", "nope", "1.2.3.4"}}).invalid(t,
		`allowed_ips[1]: "allowed_ips[1]" must be an IP address or a CIDR block`, `allowed_ips[2]: "allowed_ips[2]" repeats an earlier item`)
	many := make([]string, 26)
	for i := range many {
		many[i] = fmt.Sprintf("10.0.0.%d", i)
	}
	fx.do("POST", path, map[string]any{"allowed_ips": many}).invalid(t, `allowed_ips: "allowed_ips" must have at most 25 items`)

	// cursor paging: links relative to /v3, next and previous null at the ends
	ids := []string{id}
	for i := range 4 {
		ids = append(ids, fx.ok("POST", path, map[string]any{"allowed_ips": []string{fmt.Sprintf("10.1.0.%d", i)}}, 201).str("id"))
	}
	r = fx.ok("GET", path+"?page[size]=2", nil, 200)
	meta := r.body["meta"].(map[string]any)
	if fmt.Sprint(r.names(t, "id")) != fmt.Sprint(ids[:2]) || meta["previous"] != nil || meta["size"].(interface{ String() string }).String() != "2" ||
		meta["first"] != "/portals/"+p+"/ip-allow-list?page[size]=2" {
		t.Fatalf("first page: %s", r.raw)
	}
	var seen []string
	next, _ := meta["next"].(string)
	seen = append(seen, r.names(t, "id")...)
	for next != "" {
		r = fx.ok("GET", "/v3"+next, nil, 200)
		seen = append(seen, r.names(t, "id")...)
		next, _ = r.body["meta"].(map[string]any)["next"].(string)
	}
	if fmt.Sprint(seen) != fmt.Sprint(ids) {
		t.Fatalf("paged through %v, want %v", seen, ids)
	}
	prev := r.body["meta"].(map[string]any)["previous"].(string)
	if got := fx.ok("GET", "/v3"+prev, nil, 200).names(t, "id"); fmt.Sprint(got) != fmt.Sprint(ids[2:4]) {
		t.Fatalf("previous page: %v", got)
	}
	fx.do("GET", path+"?page[after]=garbage", nil).invalid(t, `page[after]: "page[after]" is not a valid cursor`)

	fx.ok("DELETE", path+"/"+id, nil, 204)
	fx.do("GET", path+"/"+id, nil).notFound(t)
	fx.do("DELETE", path+"/"+id, nil).notFound(t)
}
