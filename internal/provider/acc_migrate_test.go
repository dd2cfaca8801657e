package provider

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Migration from Kong's provider (kong/konnect) with a real CLI: a state in Kong's
// provider's format (written here from Konnect's objects under the attribute names and
// nesting of Kong's published documentation), `state replace-provider`, `moved` blocks.
// Cross-type moves need Terraform 1.8+ or OpenTofu 1.10+: `make testacc-migrate` runs these
// tests with .tools/bin/terraform-1.8 and with .tools/bin/tofu. They are named TestMigrate…
// so that the 1.5.7 run of `make testacc` (RUN=^TestAcc) does not pick them up.

// kongAttrs are the attributes of Kong's resource types, from its documentation.
var kongAttrs = map[string][]string{
	"konnect_gateway_control_plane": {"name", "auth_type", "cloud_gateway", "cluster_type", "description", "labels", "proxy_urls", "config", "id"},
	"konnect_gateway_service": {"control_plane_id", "host", "ca_certificates", "client_certificate", "connect_timeout", "created_at", "enabled", "id",
		"name", "path", "port", "protocol", "read_timeout", "retries", "tags", "tls_sans", "tls_verify", "tls_verify_depth", "updated_at", "write_timeout"},
	"konnect_gateway_route": {"control_plane_id", "created_at", "destinations", "headers", "hosts", "https_redirect_status_code", "id", "methods", "name",
		"path_handling", "paths", "preserve_host", "protocols", "regex_priority", "request_buffering", "response_buffering", "service", "snis",
		"sources", "strip_path", "tags", "updated_at"},
	"konnect_gateway_route_expression": engine.KongRouteExpressionAttrs,
	"konnect_gateway_consumer":         {"control_plane_id", "created_at", "custom_id", "id", "tags", "updated_at", "username"},
	"konnect_gateway_key_auth":         {"consumer_id", "control_plane_id", "created_at", "id", "key", "tags", "ttl"},
	"konnect_gateway_upstream": {"control_plane_id", "name", "algorithm", "client_certificate", "created_at", "hash_fallback", "hash_fallback_header",
		"hash_fallback_query_arg", "hash_fallback_uri_capture", "hash_on", "hash_on_cookie", "hash_on_cookie_path", "hash_on_header", "hash_on_query_arg",
		"hash_on_uri_capture", "healthchecks", "host_header", "id", "slots", "sticky_sessions_cookie", "sticky_sessions_cookie_path", "tags", "updated_at", "use_srv_name"},
	"konnect_gateway_target": {"control_plane_id", "target", "upstream_id", "created_at", "failover", "id", "tags", "updated_at", "upstream", "weight"},
}

// kongSensitive are the attributes of Kong's types that its schema marks sensitive: Terraform
// lists them in the state's sensitive_attributes.
var kongSensitive = map[string][]string{}

// kongStateFile builds a Terraform state (format 4) of Kong's provider.
type kongStateFile struct {
	provider  string
	resources []any
}

// add records one object as Kong's provider stores it: the attributes of its Kong type,
// with the values Konnect returned, and the path parameters.
func (s *kongStateFile) add(typ, name string, obj konnect.Object, extra map[string]any) {
	attrs := map[string]any{}
	names := kongAttrs[typ]
	if strings.HasPrefix(typ, engine.KongPluginTypePrefix) {
		names = engine.KongPluginAttrs
	}
	for _, n := range names {
		attrs[n] = obj[n]
	}
	if typ == "konnect_gateway_control_plane" {
		cfg, _ := obj["config"].(map[string]any)
		for _, n := range []string{"auth_type", "cloud_gateway", "cluster_type", "proxy_urls"} {
			attrs[n] = cfg[n]
		}
	}
	for k, v := range extra {
		attrs[k] = v
	}
	sensitive := []any{}
	for _, n := range kongSensitive[typ] {
		var steps []any // a dotted name is a nested attribute's path
		for _, step := range strings.Split(n, ".") {
			steps = append(steps, map[string]any{"type": "get_attr", "value": step})
		}
		sensitive = append(sensitive, steps)
	}
	s.resources = append(s.resources, map[string]any{
		"mode": "managed", "type": typ, "name": name, "provider": `provider["` + s.provider + `"]`,
		"instances": []any{map[string]any{"schema_version": 0, "attributes": attrs, "sensitive_attributes": sensitive}},
	})
}

func (s *kongStateFile) write(t *testing.T, dir string) {
	t.Helper()
	b, err := json.MarshalIndent(map[string]any{"version": 4, "terraform_version": "1.8.5", "serial": 1,
		"lineage": "6c1cdb7b-4b4e-4f2c-9a57-1c3f5e0a7d11", "outputs": map[string]any{}, "resources": s.resources}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// migrateCLI checks that the CLI can move state across resource types and returns the
// registry host it names providers under.
func migrateCLI(t *testing.T, c *cliRun) string {
	t.Helper()
	out, code := c.run(nil, "version")
	m := regexp.MustCompile(`^(Terraform|OpenTofu) v(\d+)\.(\d+)`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("%s version: %s", c.cli, out)
	}
	major, _ := strconv.Atoi(m[2])
	minor, _ := strconv.Atoi(m[3])
	if m[1] == "Terraform" && major == 1 && minor < 8 || m[1] == "OpenTofu" && major == 1 && minor < 10 {
		t.Fatalf("%s v%s.%s cannot move state across resource types (Terraform 1.8+, OpenTofu 1.10+): run make testacc-migrate", m[1], m[2], m[3])
	}
	if m[1] == "OpenTofu" {
		return "registry.opentofu.org"
	}
	return "registry.terraform.io"
}

// workedExample is the configuration of the migration guide's worked example, verbatim.
func workedExample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../templates/guides/migrating-from-kong-konnect.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- worked-example -->\n```terraform\n(.*?)```\n<!-- /worked-example -->").FindSubmatch(b)
	if m == nil {
		t.Fatal("the guide has no worked example between <!-- worked-example --> markers")
	}
	return string(m[1])
}

// migrationPlugins are eleven plugins created with Kong's provider: each plugin's Konnect
// body and this provider's configuration of it (local: its resource name, when not the
// plugin's name). The Redis password that Kong's state keeps in config moves to
// config_secrets, and the configuration says it there.
var migrationPlugins = []struct {
	name, scope string
	body        konnect.Object
	config      string
	local       string
}{
	{"rate-limiting", "route", konnect.Object{"config": map[string]any{"minute": 10, "policy": "redis",
		"redis": map[string]any{"host": "redis.internal", "password": migrationRedisPassword}}},
		"config = jsonencode({ minute = 10, policy = \"redis\", redis = { host = \"redis.internal\" } })\n" +
			"  config_secrets = jsonencode({ redis = { password = \"" + migrationRedisPassword + "\" } })", "route_limit"},
	{"key-auth", "route", konnect.Object{"config": map[string]any{"key_names": []any{"apikey", "x-key"}}},
		`config = jsonencode({ key_names = ["apikey", "x-key"] })`, ""},
	{"openid-connect", "", konnect.Object{"config": map[string]any{"issuer": "https://idp.example.com/", "scopes": []any{"openid", "email"}, "consumer_claims": []any{[]any{"sub"}}}},
		`config = jsonencode({ issuer = "https://idp.example.com/", scopes = ["openid", "email"] })`, ""},
	{"request-transformer", "route", konnect.Object{"config": map[string]any{"add": map[string]any{"headers": []any{"x-team:orders"}}, "remove": map[string]any{"querystring": []any{"debug"}}}},
		`config = jsonencode({ add = { headers = ["x-team:orders"] }, remove = { querystring = ["debug"] } })`, ""},
	{"cors", "", konnect.Object{"enabled": false, "config": map[string]any{"origins": []any{"https://shop.example.com"}, "max_age": 600}},
		"enabled = false\n  config = jsonencode({ origins = [\"https://shop.example.com\"], max_age = 600 })", ""},
	{"acl", "route", konnect.Object{"config": map[string]any{"allow": []any{"admins"}}, "tags": []any{"b", "a"}},
		"tags = [\"a\", \"b\"]\n  config = jsonencode({ allow = [\"admins\"] })", ""},
	{"jwt", "service", konnect.Object{"config": map[string]any{"claims_to_verify": []any{"exp"}, "maximum_expiration": 3600}},
		`config = jsonencode({ claims_to_verify = ["exp"], maximum_expiration = 3600 })`, ""},
	{"http-log", "service", konnect.Object{"instance_name": "orders-log", "config": map[string]any{"http_endpoint": "https://logs.example.com/in", "queue": map[string]any{"max_batch_size": 10}}},
		"instance_name = \"orders-log\"\n  config = jsonencode({ queue = { max_batch_size = 10 } })\n" +
			"  config_secrets = jsonencode({ http_endpoint = \"https://logs.example.com/in\" })", ""},
	{"proxy-cache", "route", konnect.Object{"protocols": []any{"https", "http"}, "config": map[string]any{"strategy": "memory", "content_type": []any{"application/json"}, "cache_ttl": 60, "memory": map[string]any{"dictionary_name": "kong_db_cache"}}},
		"protocols = [\"http\", \"https\"]\n  config = jsonencode({ strategy = \"memory\", cache_ttl = 60, memory = { dictionary_name = \"kong_db_cache\" } })", ""},
	{"ai-proxy", "", konnect.Object{"config": map[string]any{"route_type": "llm/v1/chat", "model": map[string]any{"provider": "openai", "name": "gpt-4o", "options": map[string]any{"max_tokens": 256, "temperature": 0.5}}}},
		`config = jsonencode({ route_type = "llm/v1/chat", model = { provider = "openai", name = "gpt-4o", options = { max_tokens = 256, temperature = 0.5 } } })`, ""},
	{"rate-limiting", "consumer", konnect.Object{"config": map[string]any{"hour": 1000, "policy": "local"},
		"ordering": map[string]any{"before": map[string]any{"access": []any{"key-auth"}}, "after": map[string]any{"access": []any{}}}},
		"ordering = { before = { access = [\"key-auth\"] }, after = { access = [] } }\n  config = jsonencode({ hour = 1000 })", ""},
}

// migrationRedisPassword is a plugin's secret in Kong's state (migrationPlugins).
const migrationRedisPassword = "redis-pass-0123456789"

// kongControlPlane creates the control plane "prod" as Kong's provider made it, and returns its
// id, the path of one of its core-entity collections, and a create of an object in one that
// fails the test on an error.
func kongControlPlane(t *testing.T, e *konnectEnv) (string, func(...string) string, func(string, konnect.Object) konnect.Object) {
	t.Helper()
	ctx := context.Background()
	cp, _, err := e.client.CreateControlPlane(ctx, konnect.Object{"name": "prod"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	core := func(segments ...string) string { return konnect.CoreEntitiesPath(cpID, segments...) }
	mk := func(collection string, body konnect.Object) konnect.Object {
		t.Helper()
		obj, _, err := e.client.CreateEntity(ctx, collection, body)
		if err != nil {
			t.Fatalf("create in %s: %v", collection, err)
		}
		return obj
	}
	return cpID, core, mk
}

func TestMigrateAccFromKong(t *testing.T) {
	e := newKonnectEnv(t, konnectmock.Options{})
	c := newCLIRun(t)
	host := migrateCLI(t, c)
	kong, ours := host+"/kong/konnect", host+"/konnectguard/konnect"
	ctx := context.Background()

	// What Kong's provider created: the worked example's objects first.
	cpID, core, mk := kongControlPlane(t, e)
	svc := mk(core("services"), konnect.Object{"name": "orders", "host": "orders.internal"})
	ref := func(o konnect.Object) map[string]any { return map[string]any{"id": o["id"]} }
	exprRoute := mk(core("routes"), konnect.Object{"name": "orders", "expression": `http.path ^= "/orders"`, "priority": 10, "service": ref(svc)})
	limit := mk(core("plugins"), konnect.Object{"name": "rate-limiting", "service": ref(svc), "tags": []any{"team-orders"},
		"config": map[string]any{"minute": 5, "policy": "local"}})
	// ... and every same-named type, and ten plugins with nested config.
	route := mk(core("routes"), konnect.Object{"name": "legacy", "paths": []any{"/legacy"}, "methods": []any{"GET"}, "service": ref(svc)})
	consumer := mk(core("consumers"), konnect.Object{"username": "alice", "tags": []any{"x", "y"}})
	cred := mk(core("consumers", consumer["id"].(string), "key-auth"), konnect.Object{"key": "alice-key-0123456789"})
	up := mk(core("upstreams"), konnect.Object{"name": "orders.upstream", "algorithm": "least-connections"})
	target := mk(core("upstreams", up["id"].(string), "targets"), konnect.Object{"target": "10.0.0.1:8080", "weight": 50})

	state := &kongStateFile{provider: kong}
	cpObj, _, err := e.client.GetControlPlane(ctx, cpID)
	if err != nil {
		t.Fatal(err)
	}
	state.add("konnect_gateway_control_plane", "prod", cpObj, nil)
	withCP := map[string]any{"control_plane_id": cpID}
	state.add("konnect_gateway_service", "orders", svc, withCP)
	state.add("konnect_gateway_route", "legacy", route, withCP)
	state.add("konnect_gateway_consumer", "alice", consumer, withCP)
	state.add("konnect_gateway_key_auth", "alice", cred, map[string]any{"control_plane_id": cpID, "consumer_id": consumer["id"]})
	state.add("konnect_gateway_upstream", "orders", up, withCP)
	state.add("konnect_gateway_target", "one", target, map[string]any{"control_plane_id": cpID, "upstream_id": up["id"]})
	// Every other type both providers name alike (acc_migrate_kinds_test.go and, for the
	// access family, acc_migrate_access_test.go).
	others := addKongSameNamed(t, e, state, cpID, consumer)
	others.merge(addKongAccess(t, e, state, cpID))                      // acc_migrate_access_test.go
	others.merge(addKongPortal(t, e, state))                            // acc_migrate_portal_test.go
	others.merge(addKongPortalContent(t, e, state))                     // acc_migrate_portal_page_test.go
	others.merge(addKongCatalog(t, e, state, cpID, svc["id"].(string))) // acc_migrate_catalog_test.go
	others.merge(addKongOrganization(t, e, state))                      // acc_migrate_organization_test.go
	others.merge(addKongCloudGateway(t, e, state, cpID))                // acc_migrate_cloudgateway_test.go
	others.merge(addKongCloudGatewayMore(t, e, state, cpID))
	others.merge(addKongConsumers(t, e, state))      // acc_migrate_consumers_test.go
	others.merge(addKongIdentity(t, e, state))       // acc_migrate_kongidentity_test.go
	others.merge(addKongServiceCatalog(t, e, state)) // acc_migrate_servicecatalog_test.go
	others.merge(addKongMesh(t, e, state))           // acc_migrate_mesh_test.go
	objects := len(state.resources)
	secrets := append([]string{"alice-key-0123456789", migrationRedisPassword}, others.secrets...)

	sameNamed := e.providerBlock("") + `
resource "konnect_gateway_control_plane" "prod" {
  name = "prod"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "orders"
  host             = "orders.internal"
}

resource "konnect_gateway_route" "legacy" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "legacy"
  paths            = ["/legacy"]
  methods          = ["GET"]
  service          = { id = konnect_gateway_service.orders.id }
}

resource "konnect_gateway_consumer" "alice" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  username         = "alice"
  tags             = ["y", "x"]
}

resource "konnect_gateway_key_auth" "alice" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  consumer_id      = konnect_gateway_consumer.alice.id
  key              = "alice-key-0123456789"
}

resource "konnect_gateway_upstream" "orders" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "orders.upstream"
  algorithm        = "least-connections"
}

resource "konnect_gateway_target" "one" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  upstream_id      = konnect_gateway_upstream.orders.id
  target           = "10.0.0.1:8080"
  weight           = 50
}
` + others.config
	header := "terraform {\n  required_providers {\n    konnect = { source = \"konnectguard/konnect\" }\n  }\n}\n\n"
	replace := func() {
		t.Helper()
		out, code := c.run(nil, "state", "replace-provider", "-auto-approve", "-no-color", kong, ours)
		if code != 0 {
			t.Fatalf("state replace-provider exit %d:\n%s", code, out)
		}
	}
	plan := func(want int) string {
		t.Helper()
		out, code := c.run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode")
		if code != want {
			t.Fatalf("plan exit %d, want %d:\n%s", code, want, out)
		}
		return out
	}

	// 1. The same-named types: replace-provider, and the first plan is "No changes".
	state.write(t, c.dir)
	c.write(header + sameNamed)
	replace()
	logPath := filepath.Join(t.TempDir(), "plan.log")
	out, code := c.run([]string{"TF_LOG=info", "TF_LOG_PATH=" + logPath}, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 0 || !strings.Contains(out, "No changes.") {
		t.Fatalf("first plan after replace-provider (exit %d):\n%s", code, out)
	}
	// Kong's state has no guard records: the refresh makes what Konnect holds the base.
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), "guard record established from Konnect"); n != objects {
		t.Errorf("the log says %d times that a guard record was established from Konnect, want %d (one per object)", n, objects)
	}
	for _, secret := range secrets {
		if strings.Contains(string(log), secret) || strings.Contains(out, secret) {
			t.Errorf("a secret (%d characters) in the log or the plan output", len(secret))
		}
	}

	// 2. Kong's plugin types and expression route too: moved blocks, the worked example's
	//    configuration verbatim.
	state.add("konnect_gateway_route_expression", "orders", exprRoute, withCP)
	state.add("konnect_gateway_plugin_rate_limiting", "orders", limit, withCP)
	config := header + sameNamed + workedExample(t)
	// The worked example declares the control plane and service already declared above.
	config = strings.Replace(config, "resource \"konnect_gateway_control_plane\" \"prod\" {\n  name = \"prod\"\n}\n", "", 1)
	config = strings.Replace(config, "resource \"konnect_gateway_service\" \"orders\" {\n  control_plane_id = konnect_gateway_control_plane.prod.id\n  name             = \"orders\"\n  host             = \"orders.internal\"\n}\n", "", 1)
	scopes := map[string]konnect.Object{"route": route, "service": svc, "consumer": consumer}
	scopeRef := map[string]string{"route": "konnect_gateway_route.legacy.id", "service": "konnect_gateway_service.orders.id", "consumer": "konnect_gateway_consumer.alice.id"}
	var moved []string
	for _, p := range migrationPlugins {
		body := konnect.Object{"name": p.name}
		for k, v := range p.body {
			body[k] = v
		}
		scope := ""
		if p.scope != "" {
			body[p.scope] = ref(scopes[p.scope])
			scope = "\n  " + p.scope + " = { id = " + scopeRef[p.scope] + " }"
		}
		obj := mk(core("plugins"), body)
		kongType := engine.KongPluginTypePrefix + strings.ReplaceAll(p.name, "-", "_")
		local := strings.ReplaceAll(p.name, "-", "_")
		if p.local != "" {
			local = p.local
		}
		state.add(kongType, local, obj, withCP)
		config += "\nresource \"konnect_gateway_plugin\" \"" + local + "\" {\n  control_plane_id = konnect_gateway_control_plane.prod.id\n  name = \"" + p.name + "\"" + scope + "\n  " + p.config + "\n}\n" +
			"\nmoved {\n  from = " + kongType + "." + local + "\n  to   = konnect_gateway_plugin." + local + "\n}\n"
		moved = append(moved, kongType+"."+local+" has moved to konnect_gateway_plugin."+local)
	}
	moved = append(moved, "konnect_gateway_route_expression.orders has moved to konnect_gateway_route.orders",
		"konnect_gateway_plugin_rate_limiting.orders has moved to konnect_gateway_plugin.orders_limit")
	state.write(t, c.dir)
	c.write(config)
	replace()
	e.resetRequests()

	// The first plan shows the moves and nothing else.
	out = plan(2)
	for _, m := range moved {
		if !strings.Contains(out, m) {
			t.Errorf("plan does not show %q", m)
		}
	}
	if !strings.Contains(out, "Plan: 0 to add, 0 to change, 0 to destroy.") ||
		regexp.MustCompile(`will be (created|updated|destroyed)|must be replaced|Error`).MatchString(out) {
		t.Fatalf("the first plan changes objects:\n%s", out)
	}
	for _, secret := range secrets {
		if strings.Contains(out, secret) {
			t.Errorf("a secret (%d characters) in plan output", len(secret))
		}
	}

	// Applying it writes nothing to Konnect and saves the moved state, with guard records.
	if out, code := c.run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("apply exit %d:\n%s", code, out)
	}
	if w := e.writesSince(); len(w) > 0 {
		t.Fatalf("the migration wrote to Konnect: %v", w)
	}
	if out := plan(0); !strings.Contains(out, "No changes.") {
		t.Fatalf("plan after the migration:\n%s", out)
	}
	list, _ := c.run(nil, "state", "list")
	if strings.Contains(list, "konnect_gateway_plugin_") || strings.Contains(list, "route_expression") || !strings.Contains(list, "konnect_gateway_plugin.ai_proxy") {
		t.Fatalf("state after the migration:\n%s", list)
	}

	// From now on the guards hold: someone changes the moved plugin and an object of every
	// same-named type that Konnect can change in place, and the configuration would undo
	// each change. Terraform plans nothing that depends on a resource whose plan failed, so
	// the objects others depend on are changed in later rounds (the service, which routes
	// and plugins depend on, last).
	edit := func(round int, address, attr, path string, change func(konnect.Object)) kongMigrationEdit {
		return kongMigrationEdit{round: round, address: address, typeName: address[:strings.Index(address, ".")], attr: attr,
			do: func() { e.edit(path, change) }}
	}
	edits := append([]kongMigrationEdit{
		edit(1, "konnect_gateway_plugin.orders_limit", "config.minute", core("plugins", limit["id"].(string)), set("config.minute", 7)),
		edit(1, "konnect_gateway_key_auth.alice", "key", core("consumers", consumer["id"].(string), "key-auth", cred["id"].(string)), set("key", "changed-in-the-ui")),
		edit(1, "konnect_gateway_target.one", "weight", core("upstreams", up["id"].(string), "targets", target["id"].(string)), set("weight", 70)),
		edit(2, "konnect_gateway_consumer.alice", "tags", core("consumers", consumer["id"].(string)), set("tags", []any{"ui"})),
		edit(2, "konnect_gateway_route.legacy", "paths", core("routes", route["id"].(string)), set("paths", []any{"/ui"})),
		edit(2, "konnect_gateway_upstream.orders", "algorithm", core("upstreams", up["id"].(string)), set("algorithm", "round-robin")),
		edit(3, "konnect_gateway_service.orders", "host", core("services", svc["id"].(string)), set("host", "ui.internal")),
	}, others.edits...)
	// Every type has an object changed here, or cannot be changed in place (its guard record
	// was shown established above).
	covered := map[string]bool{}
	for _, ed := range edits {
		covered[ed.typeName] = true
	}
	for _, typ := range others.notEditable {
		covered[typ] = true
	}
	for typ := range kongReshaped { // TestMigrateAccAuditLogFromKong and its like
		covered[typ] = true
	}
	for _, k := range Kinds {
		if !covered[k.TypeName] {
			t.Errorf("%s: no object of it is changed in Konnect after the migration", k.TypeName)
		}
	}
	for round := 1; round <= 3; round++ {
		var these []kongMigrationEdit
		for _, ed := range edits {
			if ed.round == round {
				ed.do()
				these = append(these, ed)
			}
		}
		out, code = c.run(nil, "plan", "-input=false", "-no-color")
		if code != 1 {
			t.Fatalf("plan after changes in Konnect (round %d) exit %d, want 1:\n%s", round, code, out)
		}
		if missing := conflictsFor(out, these); len(missing) > 0 {
			t.Errorf("round %d: no conflict reported for %v:\n%s", round, missing, out)
		}
		for _, secret := range secrets {
			if strings.Contains(out, secret) {
				t.Errorf("a secret (%d characters) in plan output", len(secret))
			}
		}
	}
}
