package deck

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// The engine and this provider judge each other: what one wrote, the other must read as
// exactly what the declarative files (and the equivalent configuration) say.

// TestProviderAdoptsEngineSync: the engine syncs every file into a control plane; the
// Terraform CLI with this provider imports every object (import blocks, ids from the
// mock) under the equivalent configuration. The plan shows only imports, the apply imports
// and writes nothing, the next plan is empty (exit status 0), and the engine's diff against
// the files still shows no change.
func TestProviderAdoptsEngineSync(t *testing.T) {
	tf := newTerraform(t) // first: without a CLI the test fails before anything starts
	m := startMock(t)
	cp := m.createControlPlane("peer-tf-import")
	e := newEngine(t, m, "peer-tf-import")
	res, err := e.sync(false, allKindFiles()...)
	if err != nil {
		t.Fatalf("engine sync: %v", err)
	}
	if len(res.errs) > 0 || res.creates == 0 {
		t.Fatalf("engine sync failed: %s", res)
	}

	config := providerConfig(t, cp, false)
	imports := importBlocks(t, m, cp, config)
	tf.write(tf.mockEnv(m), config+imports.hcl)

	m.call("POST", "/_mock/counts/reset", nil, http.StatusNoContent, nil)
	out := tf.run(0, "plan", "-input=false", "-no-color")
	want := fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", imports.n)
	if !strings.Contains(out, want) {
		t.Fatalf("the plan after the engine's sync is not only imports; want %q:\n%s", want, out)
	}
	if bad := nonImportActions(out); len(bad) > 0 {
		t.Fatalf("the plan proposes more than imports:\n  %s\n%s", strings.Join(bad, "\n  "), out)
	}

	out = tf.run(0, "apply", "-input=false", "-no-color", "-auto-approve")
	want = fmt.Sprintf("Apply complete! Resources: %d imported, 0 added, 0 changed, 0 destroyed.", imports.n)
	if !strings.Contains(out, want) {
		t.Fatalf("apply: want %q:\n%s", want, out)
	}
	tf.run(0, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	if w := m.writes(); len(w) > 0 {
		t.Errorf("importing and applying wrote to Konnect: %v", w)
	}

	res, err = e.sync(true, allKindFiles()...)
	if err != nil {
		t.Fatalf("engine diff after the provider's apply: %v", err)
	}
	if bad := unexpectedChanges(res); len(bad) > 0 || len(res.errs) > 0 {
		t.Errorf("the engine's diff after the provider's import and apply is not empty:\n  %s\nthe engine's report: %s",
			strings.Join(bad, "\n  "), res)
	}
}

// TestEngineAgreesWithProviderApply is the reverse: the provider creates every object of
// the configuration (alice's basic-auth credential included) in a fresh control plane, its
// next plan is empty, and the engine's diff against the declarative files reports no
// change beyond engineDeviations.
func TestEngineAgreesWithProviderApply(t *testing.T) {
	tf := newTerraform(t)
	m := startMock(t)
	cp := m.createControlPlane("peer-tf-apply")
	config := providerConfig(t, cp, true)
	n := len(resourceBlock.FindAllString(config, -1))
	tf.write(tf.mockEnv(m), config)

	out := tf.run(0, "apply", "-input=false", "-no-color", "-auto-approve")
	want := fmt.Sprintf("Apply complete! Resources: %d added, 0 changed, 0 destroyed.", n)
	if !strings.Contains(out, want) {
		t.Fatalf("apply: want %q:\n%s", want, out)
	}
	tf.run(0, "plan", "-input=false", "-no-color", "-detailed-exitcode")

	e := newEngine(t, m, "peer-tf-apply")
	res, err := e.sync(true, allKindFiles()...)
	if err != nil {
		t.Fatalf("engine diff: %v", err)
	}
	if bad := unexpectedChanges(res); len(bad) > 0 || len(res.errs) > 0 {
		t.Errorf("the engine's diff against what the provider applied is not empty:\n  %s\nthe engine's report: %s",
			strings.Join(bad, "\n  "), res)
	}
}

// terraform is one working directory of the Terraform CLI (TF_ACC_TERRAFORM_PATH) with
// the provider TestMain built installed through dev_overrides (so no `terraform init`).
type terraform struct {
	t   *testing.T
	cli string
	dir string
	env []string
}

func newTerraform(t *testing.T) *terraform {
	t.Helper()
	cli := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if cli == "" {
		t.Fatal("TF_ACC_TERRAFORM_PATH is not set: it names the Terraform CLI (1.5 or later) that runs the provider; `make peer-test` sets it to .tools/bin/terraform")
	}
	dir := t.TempDir()
	rc := filepath.Join(dir, "cli.tfrc")
	overrides := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    \"konnectguard/konnect\" = %q\n  }\n  direct {}\n}\n", binDir)
	if err := os.WriteFile(rc, []byte(overrides), 0o644); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "TF_LOG") || strings.HasPrefix(k, "TF_VAR_") || k == "TF_CLI_CONFIG_FILE" ||
			strings.HasPrefix(k, "KONNECT_") || k == "TF_DATA_DIR" {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1")
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	return &terraform{t: t, cli: cli, dir: work, env: env}
}

// mockEnv points the provider at the mock.
func (tf *terraform) mockEnv(m *mock) []string {
	return []string{"KONNECT_SERVER_URL=" + m.url, "KONNECT_TOKEN=" + mockToken}
}

func (tf *terraform) write(env []string, config string) {
	tf.t.Helper()
	tf.env = append(tf.env, env...)
	if err := os.WriteFile(filepath.Join(tf.dir, "main.tf"), []byte(config), 0o644); err != nil {
		tf.t.Fatal(err)
	}
}

// run runs the CLI, fails the test unless it exits with wantExit, and returns its output
// (stdout and stderr together).
func (tf *terraform) run(wantExit int, args ...string) string {
	tf.t.Helper()
	cmd := exec.Command(tf.cli, args...)
	cmd.Dir = tf.dir
	cmd.Env = tf.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		tf.t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	}
	tf.t.Logf("terraform %s: exit %d in %s", strings.Join(args, " "), code, time.Since(start).Round(time.Millisecond))
	if code != wantExit {
		tf.t.Fatalf("terraform %s exited %d, want %d:\n%s", strings.Join(args, " "), code, wantExit, out.String())
	}
	return out.String()
}

// resourceBlock finds the resources of a configuration.
var resourceBlock = regexp.MustCompile(`(?m)^resource "([a-z_]+)" "([a-z0-9_]+)"`)

// imports is an import block for every resource of a configuration.
type imports struct {
	hcl string
	n   int
}

// importBlocks writes an import block for each resource of config, with the id the mock
// gives the object, and fails when a resource has none or when the mock holds an object
// that no resource imports: the import must cover everything the engine synced (except
// basic-auth credentials, see providerConfigTemplate).
func importBlocks(t *testing.T, m *mock, cp, config string) imports {
	t.Helper()
	ids, all := objectImportIDs(t, m, cp)
	var b strings.Builder
	used := map[string]bool{}
	n := 0
	for _, match := range resourceBlock.FindAllStringSubmatch(config, -1) {
		addr := match[1] + "." + match[2]
		id, ok := ids[addr]
		if !ok {
			t.Fatalf("no object in the mock for %s", addr)
		}
		used[id] = true
		fmt.Fprintf(&b, "\nimport {\n  to = %s\n  id = %q\n}\n", addr, id)
		n++
	}
	var missing []string
	for _, o := range all {
		if !used[o.importID] && o.kind != "konnect_gateway_basic_auth" {
			missing = append(missing, o.kind+" "+o.importID)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Fatalf("the mock holds objects the configuration does not import:\n  %s", strings.Join(missing, "\n  "))
	}
	return imports{hcl: b.String(), n: n}
}

// object is one object of the control plane with the id the provider imports it by.
type object struct{ kind, importID string }

// objectImportIDs lists every object of control plane cp that the engine's files create,
// and names each one by its resource address in providerConfigTemplate.
func objectImportIDs(t *testing.T, m *mock, cp string) (map[string]string, []object) {
	t.Helper()
	ids := map[string]string{}
	var all []object
	str := func(o map[string]any, k string) string { s, _ := o[k].(string); return s }
	ref := func(o map[string]any, k string) string {
		r, _ := o[k].(map[string]any)
		return str(r, "id")
	}
	add := func(kind, importID string, names map[string]string, key string) {
		all = append(all, object{kind, importID})
		if name, ok := names[key]; ok {
			if _, dup := ids[kind+"."+name]; dup {
				t.Fatalf("two objects for %s.%s", kind, name)
			}
			ids[kind+"."+name] = importID
		}
	}
	top := func(collection, kind, field string, names map[string]string) map[string]string {
		byKey := map[string]string{} // the field's value → id
		for _, o := range m.list(cp, collection) {
			add(kind, cp+"/"+str(o, "id"), names, str(o, field))
			byKey[str(o, field)] = str(o, "id")
		}
		return byKey
	}
	services := top("services", "konnect_gateway_service", "name", map[string]string{"orders": "orders", "search": "search", "payments": "payments", "billing": "billing"})
	routes := top("routes", "konnect_gateway_route", "name", map[string]string{"orders-api": "orders_api", "search-expr": "search_expr"})
	top("upstreams", "konnect_gateway_upstream", "name", map[string]string{"orders-upstream": "orders", "search-upstream": "search"})
	top("certificates", "konnect_gateway_certificate", "id", map[string]string{
		"2f7b0c4d-8e1a-4b5c-9d3e-1a2b3c4d5e33": "api", "6a1d3c1e-5b0e-4f43-9a57-0c8f0f2b7a11": "alt"})
	top("ca_certificates", "konnect_gateway_ca_certificate", "id", map[string]string{"9c3e5a77-2f1d-4e8b-b6a0-3d4c5e6f7a22": "internal"})
	top("snis", "konnect_gateway_sni", "name", map[string]string{"api.peer.test": "api", "www.peer.test": "www"})
	top("vaults", "konnect_gateway_vault", "prefix", map[string]string{"env-secrets": "env"})
	top("key-sets", "konnect_gateway_key_set", "name", map[string]string{"signing": "signing"})
	top("keys", "konnect_gateway_key", "name", map[string]string{"signing-pem": "signing_pem", "loose-jwk": "loose_jwk"})
	groups := top("consumer_groups", "konnect_gateway_consumer_group", "name", map[string]string{"gold": "gold", "silver": "silver"})

	consumers := map[string]string{} // id → username, or custom_id when there is none
	for _, o := range m.list(cp, "consumers") {
		name := str(o, "username")
		if name == "" {
			name = str(o, "custom_id")
		}
		consumers[str(o, "id")] = name
		add("konnect_gateway_consumer", cp+"/"+str(o, "id"), map[string]string{"alice": "alice", "bob": "bob", "carol-002": "carol"}, name)
	}
	// Plugins are named by their name and scope.
	scopes := map[string]string{}
	for name, id := range services {
		scopes[id] = name
	}
	for name, id := range routes {
		scopes[id] = name
	}
	for id, name := range consumers {
		scopes[id] = name
	}
	for name, id := range groups {
		scopes[id] = name
	}
	for _, o := range m.list(cp, "plugins") {
		scope := ""
		for _, k := range []string{"service", "route", "consumer", "consumer_group"} {
			if id := ref(o, k); id != "" {
				scope = scopes[id] + "/"
			}
		}
		add("konnect_gateway_plugin", cp+"/"+str(o, "id"), map[string]string{
			"orders/rate-limiting":      "orders_rate_limiting",
			"orders-api/key-auth":       "orders_api_key_auth",
			"orders-api/cors":           "orders_api_cors",
			"correlation-id":            "correlation_id",
			"alice/request-transformer": "alice_request_transformer",
			"gold/rate-limiting":        "gold_rate_limiting",
			"billing/rate-limiting":     "billing_rate_limiting",
		}, scope+str(o, "name"))
	}
	// Credentials, under their consumer.
	for cid, cname := range consumers {
		base := cp + "/" + cid + "/"
		for _, o := range m.list(cp, "consumers/"+cid+"/key-auth") {
			add("konnect_gateway_key_auth", base+str(o, "id"), map[string]string{"alice": "alice"}, cname)
		}
		for _, o := range m.list(cp, "consumers/"+cid+"/basic-auth") {
			add("konnect_gateway_basic_auth", base+str(o, "id"), map[string]string{"alice/alice-basic": "alice"}, cname+"/"+str(o, "username"))
		}
		for _, o := range m.list(cp, "consumers/"+cid+"/acls") {
			add("konnect_gateway_acl", base+str(o, "id"), map[string]string{"alice/admins": "alice_admins", "alice/readers": "alice_readers"}, cname+"/"+str(o, "group"))
		}
		for _, o := range m.list(cp, "consumers/"+cid+"/jwt") {
			add("konnect_gateway_jwt", base+str(o, "id"), map[string]string{"alice": "alice", "bob": "bob"}, cname)
		}
		for _, o := range m.list(cp, "consumers/"+cid+"/hmac-auth") {
			add("konnect_gateway_hmac_auth", base+str(o, "id"), map[string]string{"alice": "alice"}, cname)
		}
		for _, o := range m.list(cp, "consumers/"+cid+"/mtls-auth") {
			add("konnect_gateway_mtls_auth", base+str(o, "id"), nil, cname)
		}
	}
	for gname, gid := range groups {
		for _, o := range m.list(cp, "consumer_groups/"+gid+"/consumers") {
			add("konnect_gateway_consumer_group_member", cp+"/"+gid+"/"+str(o, "id"),
				map[string]string{"alice/gold": "alice_gold", "bob/gold": "bob_gold", "bob/silver": "bob_silver"}, str(o, "username")+"/"+gname)
		}
	}
	for _, u := range m.list(cp, "upstreams") {
		uid := str(u, "id")
		for _, o := range m.list(cp, "upstreams/"+uid+"/targets") {
			add("konnect_gateway_target", cp+"/"+uid+"/"+str(o, "id"), map[string]string{
				"10.0.0.1:8080": "orders_1", "10.0.0.2:8080": "orders_2", "search.internal:9200": "search"}, str(o, "target"))
		}
	}
	top("partials", "konnect_gateway_partial", "name", map[string]string{"shared-redis": "shared_redis"})
	return ids, all
}

// nonImportActions lists the plan's lines that propose something other than an import.
func nonImportActions(plan string) []string {
	var out []string
	for _, line := range strings.Split(plan, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "# ") && (strings.Contains(l, " will be ") || strings.Contains(l, " must be ")) &&
			!strings.HasSuffix(l, " will be imported") {
			out = append(out, l)
		}
	}
	return out
}

// writes returns the mock's request counts of every call that writes, since the last
// reset of the counts.
func (m *mock) writes() map[string]int {
	m.t.Helper()
	var counts map[string]int
	m.call("GET", "/_mock/counts", nil, http.StatusOK, &counts)
	out := map[string]int{}
	for k, n := range counts {
		method, _, _ := strings.Cut(k, " ")
		if method != "GET" && method != "HEAD" {
			out[k] = n
		}
	}
	return out
}
