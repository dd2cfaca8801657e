package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/export"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	mockcgw "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// TestMain serves the provider instead of running the tests when a CLI started by a test
// (acctest.NewCLIRun) starts this test binary as the provider.
func TestMain(m *testing.M) {
	acctest.ServeProvider(provider.SourceAddress, provider.NewServer("test"))
	os.Exit(m.Run())
}

// The secrets a UI user typed into Konnect: none may reach a written file.
const (
	redisPassword = "s3cret-redis-pass"
	keyAuthKey    = "alice-key-7f3e9b"
	legacyKey     = "acme-legacy-5d20c1"
)

// An organization built by hand in Konnect (a control plane with a service, two routes, a
// rate-limiting plugin with a Redis password, a consumer with a key-auth credential, a team
// with a role, one object of each other kind the generic path reaches, a Dev Portal with a
// page tree and a snippet, an API with a version published to the portal and implemented
// by the service, the organization's key, a cloud gateway network with a transit gateway and
// a cloud gateway control plane's configuration, custom domain and managed cache, an auth
// server with a scope, a claim and a client, a realm with a consumer and keys, a catalog
// service, a mesh control plane) adopted in
// one command: the exported folder plans 52 imports and nothing
// else, applies, plans empty after, and the guards hold (an edit in Konnect is a conflict);
// no secret in any file; references instead of ids; a second export is byte-identical.
func TestAccExport(t *testing.T) {
	e := acctest.NewEnv(t, konnectmock.Options{})
	cp := e.MkCP(konnect.Object{"name": "prod", "description": "Production"})
	core := func(segments ...string) string { return konnect.CoreEntitiesPath(cp, segments...) }
	svc := e.PostObj(core("services"), konnect.Object{"name": "orders", "host": "orders.internal", "port": 8080, "retries": 3})
	svcID := svc["id"].(string)
	e.Create(core("routes"), konnect.Object{"name": "orders-api", "paths": []any{"/orders"}, "service": map[string]any{"id": svcID}})
	e.Create(core("routes"), konnect.Object{"name": "orders-admin", "paths": []any{"/admin"}, "methods": []any{"GET"}, "strip_path": false, "service": map[string]any{"id": svcID}})
	e.Create(core("plugins"), konnect.Object{"name": "rate-limiting", "service": map[string]any{"id": svcID},
		"config": map[string]any{"minute": 10, "policy": "redis", "redis": map[string]any{"host": "redis.internal", "port": 6379, "password": redisPassword}}})
	alice := e.PostObj(core("consumers"), konnect.Object{"username": "alice"})
	e.Create(core("consumers", alice["id"].(string), "key-auth"), konnect.Object{"key": keyAuthKey})
	team := e.PostObj("/v3/teams", konnect.Object{"name": "Platform Team", "description": "Runs the gateways"})
	e.Post("/v3/teams/"+team["id"].(string)+"/assigned-roles", konnect.Object{"role_name": "Admin", "entity_id": cp, "entity_type_name": "Control Planes", "entity_region": "us"})
	// The other kinds the generic path reaches: below another object (a target), referencing
	// one (an SNI's certificate, whose key is a secret), a system account with a role.
	up := e.PostObj(core("upstreams"), konnect.Object{"name": "orders-upstream", "algorithm": "least-connections"})
	e.Create(core("upstreams", up["id"].(string), "targets"), konnect.Object{"target": "10.0.0.7:8080", "weight": 50})
	gold := e.PostObj(core("consumer_groups"), konnect.Object{"name": "gold"})
	e.Post(core("consumer_groups", gold["id"].(string), "consumers"), konnect.Object{"consumer": alice["id"]})
	e.Create(core("consumers", alice["id"].(string), "acls"), konnect.Object{"group": "admins"})
	tls := acctest.TLSTestPEM(t, "orders.example.com", false)
	cert := e.PostObj(core("certificates"), konnect.Object{"cert": tls.Cert, "key": tls.Key})
	e.Create(core("snis"), konnect.Object{"name": "orders.example.com", "certificate": map[string]any{"id": cert["id"]}})
	e.Create(core("key-sets"), konnect.Object{"name": "signing"})
	e.Create(core("vaults"), konnect.Object{"name": "env", "prefix": "my-env", "config": map[string]any{"prefix": "KONG_"}})
	bot := e.PostObj("/v3/system-accounts", konnect.Object{"name": "ci-bot", "description": "CI"})
	e.Post("/v3/system-accounts/"+bot["id"].(string)+"/assigned-roles", konnect.Object{"role_name": "Viewer", "entity_id": cp, "entity_type_name": "Control Planes", "entity_region": "us"})
	// The team's members: an invited user and the system account.
	ops := e.PostObj("/_mock/users", konnect.Object{"email": "ops@example.com", "full_name": "Ops"})
	e.Post("/v3/teams/"+team["id"].(string)+"/users", konnect.Object{"id": ops["id"]})
	e.Post("/v3/teams/"+team["id"].(string)+"/system-accounts", konnect.Object{"id": bot["id"]})
	// A Dev Portal with a page tree and a snippet, and an API with a version, published to it
	// and implemented by the service.
	portal := e.PostObj("/v3/portals", konnect.Object{"name": "developers"})["id"].(string)
	guide := e.PostObj("/v3/portals/"+portal+"/pages", konnect.Object{"slug": "guide", "title": "Guide", "content": "# Guide\n"})["id"].(string)
	e.Create("/v3/portals/"+portal+"/pages", konnect.Object{"slug": "faq", "title": "FAQ", "content": "# FAQ\n", "parent_page_id": guide})
	e.Create("/v3/portals/"+portal+"/snippets", konnect.Object{"name": "banner", "content": "Welcome\n"})
	api := e.PostObj("/v3/apis", konnect.Object{"name": "orders-api", "version": "v1"})["id"].(string)
	e.Create("/v3/apis/"+api+"/versions", konnect.Object{"version": "1.0.0", "spec": map[string]any{"content": acctest.OrdersSpec}})
	if _, err := e.Client.Do(context.Background(), "PUT", "/v3/apis/"+api+"/publications/"+portal, nil, konnect.Object{"visibility": "public"}, nil); err != nil {
		t.Fatal(err)
	}
	e.Create("/v3/apis/"+api+"/implementations", konnect.Object{"service": map[string]any{"control_plane_id": cp, "id": svcID}})
	// The organization's key (an audit log destination is left out: its authorization, which
	// Konnect requires and never returns, is a real update at adoption, as the guide says); a Dedicated Cloud Gateways network with a transit gateway, and a cloud gateway
	// control plane running on it, with a custom domain and a managed cache (whose Redis
	// partial Konnect makes: not the organization's to export).
	if _, err := e.Client.Do(context.Background(), "PUT", "/v1/cmeks/default", nil, konnect.Object{"name": "org-key", "key_arn": "arn:aws:kms:us-east-1:123456789012:key/mrk-org"}, nil); err != nil {
		t.Fatal(err)
	}
	network := e.PostObj("/v2/cloud-gateways/networks", konnect.Object{"name": "prod-net", "cloud_gateway_provider_account_id": mockcgw.SeededProviderAccount("aws"),
		"region": "us-east-2", "availability_zones": []any{"use2-az1"}, "cidr_block": "10.0.0.0/16"})["id"].(string)
	e.Create("/v2/cloud-gateways/networks/"+network+"/transit-gateways", konnect.Object{"name": "tgw", "cidr_blocks": []any{"10.10.0.0/16"},
		"transit_gateway_attachment_config": map[string]any{"kind": "aws-transit-gateway-attachment", "transit_gateway_id": "tgw-1", "ram_share_arn": "arn:aws:ram::1:resource-share/x"}})
	// A serverless control plane with its gateway: the gateway is left out, with the reason.
	lambda := e.MkCP(konnect.Object{"name": "lambda", "cluster_type": "CLUSTER_TYPE_SERVERLESS"})
	e.Create("/v0/serverless-cloud-gateways", konnect.Object{"control_plane": map[string]any{"id": lambda, "prefix": "518da50bf7", "region": "us"},
		"cluster_cert": tls.Cert, "cluster_cert_key": tls.Key})
	// A control plane group with a member.
	member := e.MkCP(konnect.Object{"name": "branch", "cluster_type": "CLUSTER_TYPE_HYBRID"})
	group := e.MkCP(konnect.Object{"name": "all-branches", "cluster_type": "CLUSTER_TYPE_CONTROL_PLANE_GROUP"})
	if _, err := e.Client.Do(context.Background(), "POST", "/v2/control-planes/"+group+"/group-memberships/add", nil, konnect.Object{"members": []any{map[string]any{"id": member}}}, nil); err != nil {
		t.Fatal(err)
	}
	dcgw := e.MkCP(konnect.Object{"name": "edge", "cloud_gateway": true})
	if _, err := e.Client.Do(context.Background(), "PUT", "/v2/cloud-gateways/configurations", nil, konnect.Object{"control_plane_id": dcgw, "control_plane_geo": "us", "version": "3.10",
		"dataplane_groups": []any{map[string]any{"provider": "aws", "region": "us-east-2", "cloud_gateway_network_id": network,
			"autoscale": map[string]any{"kind": "autopilot", "base_rps": 100}}}}, nil); err != nil {
		t.Fatal(err)
	}
	e.Create("/v2/cloud-gateways/custom-domains", konnect.Object{"control_plane_id": dcgw, "control_plane_geo": "us", "domain": "api.example.com"})
	e.Create("/v2/cloud-gateways/add-ons", konnect.Object{"name": "cache", "owner": map[string]any{"kind": "control-plane", "control_plane_id": dcgw, "control_plane_geo": "us"},
		"config": map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": "small"}}})
	e.Get("/v2/cloud-gateways/add-ons") // provisioned: Konnect has made the cache's partial
	// Kong Identity (a client whose secret Konnect generated), a realm with a consumer and
	// its keys (a new key, and a legacy one: left out, as adopting it would replace it), a
	// catalog service and a mesh control plane.
	idp := e.PostObj("/v1/auth-servers", konnect.Object{"name": "shop", "audience": "https://api.shop.example.com"})["id"].(string)
	scope := e.PostObj("/v1/auth-servers/"+idp+"/scopes", konnect.Object{"name": "orders:read", "description": "Read orders"})["id"]
	e.Create("/v1/auth-servers/"+idp+"/claims", konnect.Object{"name": "tier", "value": "gold", "include_in_scopes": []any{scope}})
	e.Create("/v1/auth-servers/"+idp+"/clients", konnect.Object{"name": "ci", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}, "allow_scopes": []any{scope}})
	realm := e.PostObj("/v1/realms", konnect.Object{"name": "partners"})["id"].(string)
	acme := e.PostObj("/v1/realms/"+realm+"/consumers", konnect.Object{"username": "acme"})["id"].(string)
	e.Create("/v1/realms/"+realm+"/consumers/"+acme+"/keys", konnect.Object{"type": "new"})
	e.Create("/v1/realms/"+realm+"/consumers/"+acme+"/keys", konnect.Object{"type": "legacy", "secret": legacyKey})
	e.Create("/v1/catalog-services", konnect.Object{"name": "orders", "display_name": "Orders", "custom_fields": map[string]any{"owner": "team-shop"}})
	// An integration instance (no auth config yet: nothing to export of it), and the portal's
	// login settings changed in the UI (the organization's left as Konnect made them).
	e.Create("/v1/integration-instances", konnect.Object{"integration_name": "datadog", "name": "dd", "display_name": "Datadog", "config": map[string]any{"region": "us"}})
	if _, err := e.Client.Do(context.Background(), "PATCH", "/v3/portals/"+portal+"/authentication-settings", nil, konnect.Object{"konnect_mapping_enabled": true}, nil); err != nil {
		t.Fatal(err)
	}
	e.Create("/v1/mesh/control-planes", konnect.Object{"name": "shop-mesh"})

	cli := acctest.NewCLIRun(t)
	env := map[string]string{"KONNECT_SERVER_URL": e.URL, "KONNECT_TOKEN": acctest.TestToken}
	run := func(dir string, overwrite bool) string {
		var stderr bytes.Buffer
		err := export.Run(context.Background(), export.Options{Out: dir, Overwrite: overwrite, Stderr: &stderr, Version: "test",
			Getenv: func(k string) string { return env[k] }})
		if err != nil {
			t.Fatalf("export: %v\n%s", err, stderr.String())
		}
		return stderr.String()
	}
	e.ResetRequests()
	progress := run(cli.Dir, false)
	for _, want := range []string{"gateway: 21 objects read", "access: 6 objects read", "portal: 5 objects read", "catalog: 4 objects read",
		"organization: 1 objects read", "cloudgateway: 5 objects read",
		"consumers: 3 objects read", "kongidentity: 4 objects read", "servicecatalog: 2 objects read", "mesh: 1 objects read", "Exported 52 objects",
		"a legacy key: Konnect never returns its secret",
		"konnect_team \"Organization Admin\"", "one of Konnect's predefined teams", "the partial Konnect made for a managed cache add-on",
		"konnect_api_specification: the same objects as konnect_api_version", "konnect_authentication_settings (authentication_settings): holds what Konnect sets for a new one, nothing to adopt",
		"konnect_audit_log (audit_log): holds what Konnect sets for a new one, nothing to adopt",
		"konnect_portal_customization (" + portal + "): holds what Konnect sets for a new one, nothing to adopt",
		"konnect_serverless_cloud_gateway \"" + lambda + "\" (" + lambda + "): Konnect never returns its cluster certificate"} {
		if !strings.Contains(progress, want) {
			t.Errorf("stderr lacks %q:\n%s", want, progress)
		}
	}
	// Listings, not a call per object: a consumer's credentials come from the control
	// plane's listing of them all, not from each consumer's (mtls-auth aside: the cascade
	// guard declares no control plane listing of it yet).
	t.Logf("the export of 52 objects sent %d requests", len(e.Requests()))
	perConsumer := regexp.MustCompile(`/consumers/[^/]+/(key-auth|basic-auth|acls|jwt|hmac-auth)$`)
	for _, r := range e.Requests() {
		if perConsumer.MatchString(r) || !strings.HasPrefix(r, "GET ") {
			t.Errorf("the export sent %s", r)
		}
	}
	files := readTF(t, cli.Dir)
	all := strings.Join(mapValues(files), "\n")
	for _, secret := range []string{redisPassword, keyAuthKey, acctest.TestToken, tls.Key, legacyKey} {
		if strings.Contains(all, secret) {
			t.Errorf("a written file holds the secret %q:\n%s", secret, all)
		}
	}
	gw := files["gateway_prod.tf"]
	for _, want := range []string{
		`service = {` + "\n" + `    id = konnect_gateway_service.orders.id`,
		`control_plane_id = konnect_gateway_control_plane.prod.id`,
		`consumer_id      = konnect_gateway_consumer.alice.id`,
		`resource "konnect_gateway_plugin" "orders_rate_limiting"`,
		`password = var.orders_rate_limiting_config_redis_password`,
		`key              = var.alice_key_auth_key`,
		`id = "` + cp + `/` + svcID + `"`,
		"minute = 10", `policy = "redis"`, `host = "redis.internal"`,
		"upstream_id = konnect_gateway_upstream.orders_upstream.id",
		// A group's member: its group and consumer by reference.
		"consumer_group_id = konnect_gateway_consumer_group.gold.id\n  consumer_id       = konnect_gateway_consumer.alice.id",
		"certificate = {\n    id = konnect_gateway_certificate.certificate.id",
		"key = var.certificate_key",
		`port    = 8080`, `retries = 3`,
	} {
		if !strings.Contains(squeeze(gw), squeeze(want)) {
			t.Errorf("gateway_prod.tf lacks %q:\n%s", want, gw)
		}
	}
	for _, unwanted := range []string{"read_timeout", "created_at", "revision", "https_redirect_status_code", "= null", "error_code", "ssl_verify"} {
		if strings.Contains(gw, unwanted) {
			t.Errorf("gateway_prod.tf holds %q, a default or computed attribute:\n%s", unwanted, gw)
		}
	}
	if access := squeeze(files["access.tf"]); !strings.Contains(access, "entity_id = konnect_gateway_control_plane.prod.id") ||
		!strings.Contains(access, "team_id = konnect_team.platform_team.id") ||
		!strings.Contains(access, "account_id = konnect_system_account.ci_bot.id") ||
		!strings.Contains(access, `resource "konnect_team_user" "platform_team_ops_example_com"`) || !strings.Contains(access, `user_id = "`+ops["id"].(string)+`"`) ||
		!strings.Contains(access, `resource "konnect_system_account_team"`) {
		t.Errorf("access.tf does not reference the control plane and the team:\n%s", files["access.tf"])
	}
	// The portal's pages in their tree, the API's children and the implementation by
	// reference.
	for fname, wants := range map[string][]string{
		// The portal's login settings, changed in the UI: only that setting, the OIDC secret
		// Konnect never returns left for whoever uses OIDC to set.
		"portal.tf": {`resource "konnect_portal_auth" "developers_portal_auth"`, "konnect_mapping_enabled = true",
			"# oidc_client_secret: Konnect never returns it; set it to manage it.",
			"portal_id = konnect_portal.developers.id", "parent_page_id = konnect_portal_page.developers_guide.id",
			`resource "konnect_portal_page" "developers_faq"`, `resource "konnect_portal_snippet" "developers_banner"`},
		"catalog.tf": {"api_id = konnect_api.orders_api.id", `resource "konnect_api_version" "orders_api_1_0_0"`,
			"control_plane_id = konnect_gateway_control_plane.prod.id", "id = konnect_gateway_service.orders.id",
			`resource "konnect_api_publication"`, "portal_id = konnect_portal.developers.id", `visibility = "public"`},
		// A configuration is named for its control plane; the data planes' network, the
		// transit gateway's, a custom domain's and a cache's control plane are references.
		"cloudgateway.tf": {`resource "konnect_cloud_gateway_configuration" "edge"`, "control_plane_id = konnect_gateway_control_plane.edge.id",
			"cloud_gateway_network_id = konnect_cloud_gateway_network.prod_net.id", "network_id = konnect_cloud_gateway_network.prod_net.id",
			"base_rps = 100", `domain = "api.example.com"`,
			`resource "konnect_cloud_gateway_addon" "cache"`},
		"organization.tf": {`resource "konnect_cmek" "org_key"`, `key_arn = "arn:aws:kms:us-east-1:123456789012:key/mrk-org"`},
		// A claim and a client name their scope by reference; a consumer its realm.
		"kongidentity.tf": {"auth_server_id = konnect_identity_auth_server.shop.id", "include_in_scopes = [konnect_identity_auth_server_scope.shop_orders_read.id]",
			"allow_scopes = [konnect_identity_auth_server_scope.shop_orders_read.id]"},
		"consumers.tf": {"realm_id = konnect_realm.partners.id", "consumer_id = konnect_centralized_consumer.partners_acme.id", `type = "new"`},
		"servicecatalog.tf": {`resource "konnect_catalog_service" "orders"`, `owner = "team-shop"`,
			`resource "konnect_integration_instance" "dd"`, `integration_name = "datadog"`},
		"mesh.tf": {`resource "konnect_mesh_control_plane" "shop_mesh"`},
		// A group's member set, in the group's file, its member by reference.
		"gateway_all_branches.tf": {`resource "konnect_gateway_control_plane_membership"`, "control_plane_id = konnect_gateway_control_plane.all_branches.id",
			"id = konnect_gateway_control_plane.branch.id"},
	} {
		for _, want := range wants {
			if !strings.Contains(squeeze(files[fname]), squeeze(want)) {
				t.Errorf("%s lacks %q:\n%s", fname, want, files[fname])
			}
		}
	}
	if strings.Contains(all, "konnect-managed") {
		t.Errorf("the export writes the partial Konnect made for the managed cache:\n%s", all)
	}
	if strings.Contains(files["catalog.tf"], "konnect_api_specification") {
		t.Errorf("catalog.tf writes the API's version twice, as konnect_api_specification too:\n%s", files["catalog.tf"])
	}
	if !strings.Contains(squeeze(files["variables.tf"]), "sensitive = true") {
		t.Errorf("variables.tf:\n%s", files["variables.tf"])
	}

	tf := []string{"KONNECT_SERVER_URL=" + e.URL, "KONNECT_TOKEN=" + acctest.TestToken,
		"TF_VAR_orders_rate_limiting_config_redis_password=" + redisPassword,
		"TF_VAR_alice_key_auth_key=" + keyAuthKey, "TF_VAR_certificate_key=" + tls.Key}
	out, code := cli.Run(tf, "plan", "-no-color", "-out=adopt.tfplan")
	if code != 0 || !planSays.MatchString(out) {
		t.Fatalf("plan of the export: exit status %d, want 52 imports and nothing else\n%s", code, out)
	}
	t.Log(planSays.FindString(out))
	if strings.Contains(out, redisPassword) || strings.Contains(out, keyAuthKey) {
		t.Errorf("the plan shows a secret:\n%s", out)
	}
	if strings.Contains(out, "Warning: A secret is written in config") {
		t.Errorf("the plan warns of the imported plugin's password, which matches Konnect's:\n%s", out)
	}
	// A sensitive variable in configuration marks the attribute sensitive, which the CLI
	// counts as a change of an imported object ("The value is unchanged": Terraform 1.5 for
	// the key, every CLI for config): each update must change nothing else.
	show, _ := cli.Run(tf, "show", "-json", "adopt.tfplan")
	var plan struct {
		ResourceChanges []struct {
			Address string
			Change  struct {
				Actions       []string
				Before, After any
			}
		} `json:"resource_changes"`
	}
	if err := json.Unmarshal([]byte(show[strings.Index(show, "{"):]), &plan); err != nil {
		t.Fatalf("show -json: %v\n%s", err, show)
	}
	for _, rc := range plan.ResourceChanges {
		if a := rc.Change.Actions; len(a) != 1 || (a[0] != "no-op" && a[0] != "update") || !reflect.DeepEqual(rc.Change.Before, rc.Change.After) {
			t.Errorf("%s: the import plans %v, changing its values", rc.Address, a)
		}
	}
	e.ResetRequests()
	if out, code = cli.Run(tf, "apply", "-no-color", "adopt.tfplan"); code != 0 || !strings.Contains(out, "52 imported, 0 added,") {
		t.Fatalf("apply: exit status %d\n%s", code, out)
	}
	if w := e.WritesSince(); len(w) > 0 {
		t.Errorf("adopting the organization wrote to Konnect: %v", w)
	}
	if out, code = cli.Run(tf, "plan", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Fatalf("plan after the apply: exit status %d, want 0 (no changes)\n%s", code, out)
	}
	// The guards are on: someone changes the service's retries in Konnect, which the exported
	// configuration sets; the next plan refuses to set it back.
	e.Edit(core("services", svcID), acctest.Set("retries", 7))
	if out, code = cli.Run(tf, "plan", "-no-color"); code != 1 || !strings.Contains(out, "Applying this plan would overwrite changes made in Konnect") {
		t.Fatalf("plan after an edit in Konnect: exit status %d, want the conflict\n%s", code, out)
	}
	e.Edit(core("services", svcID), acctest.Set("retries", 3))

	// A second export of the same organization is byte-identical; the folder now holds .tf
	// files, so it takes --overwrite.
	var stderr bytes.Buffer
	err := export.Run(context.Background(), export.Options{Out: cli.Dir, Stderr: &stderr, Getenv: func(k string) string { return env[k] }})
	if err == nil || !strings.Contains(err.Error(), "already holds Terraform files") {
		t.Fatalf("export into a folder with .tf files: %v, want a refusal", err)
	}
	run(cli.Dir, true)
	again := readTF(t, cli.Dir)
	for name, content := range files {
		if again[name] != content {
			t.Errorf("second export: %s differs:\n%s\n---\n%s", name, content, again[name])
		}
	}
	if len(again) != len(files) {
		t.Errorf("second export wrote %d files, the first %d", len(again), len(files))
	}

	// A token Konnect refuses is one error, and nothing is written.
	empty := t.TempDir()
	env["KONNECT_TOKEN"] = "kpat_wrong"
	err = export.Run(context.Background(), export.Options{Out: empty, Stderr: &stderr, Getenv: func(k string) string { return env[k] }})
	if err == nil || !regexp.MustCompile(`the token was refused by Konnect \(HTTP 401\).*nothing was written`).MatchString(err.Error()) {
		t.Errorf("export with a wrong token: %v", err)
	}
	if left := readTF(t, empty); len(left) != 0 {
		t.Errorf("export with a wrong token wrote %d files", len(left))
	}
}

// planSays is the plan's summary line: 52 imports, nothing added or destroyed, and changes
// only where a sensitive variable marks an attribute sensitive (checked from the plan).
var planSays = regexp.MustCompile(`Plan: 52 to import, 0 to add, [0-3] to change, 0 to destroy\.`)

func readTF(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.tf"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = string(b)
	}
	return out
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// squeeze collapses runs of spaces, so that a check does not depend on how hclwrite aligns
// the equals signs of a block.
func squeeze(s string) string { return spaces.ReplaceAllString(s, " ") }

var spaces = regexp.MustCompile(` +`)
