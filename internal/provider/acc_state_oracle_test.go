package provider

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The state file is no offline oracle for secrets (issue 17, item 2; digest.go): someone who
// holds only the state file (attributes and private state) cannot test a guess of a secret,
// while a secret changed in Konnect is still caught by Guard 1 (a saved plan whose object
// changed only in its secret, within the same second: updated_at says nothing) and Guard 2
// (the conflict names the secret's attribute). Run with a real CLI; with OpenTofu (1.11+)
// through the write-only twins, with Terraform 1.5.7 through the classic attributes, which
// state keeps (sensitive), so that only what is not the secret is checked there: Konnect's
// own hash of a password and the plain hash of the body.

func TestAccWriteOnlyNoOracleBasicAuth(t *testing.T)         { oracleScenario(t, "BasicAuth") }
func TestAccWriteOnlyNoOracleKeyAuth(t *testing.T)           { oracleScenario(t, "KeyAuth") }
func TestAccWriteOnlyNoOracleJWT(t *testing.T)               { oracleScenario(t, "JWT") }
func TestAccWriteOnlyNoOracleHMACAuth(t *testing.T)          { oracleScenario(t, "HMACAuth") }
func TestAccWriteOnlyNoOracleCertificate(t *testing.T)       { oracleScenario(t, "Certificate") }
func TestAccWriteOnlyNoOracleConfigStoreSecret(t *testing.T) { oracleScenario(t, "ConfigStoreSecret") }

// testClock is the mock's clock: frozen (every write in the same second, so that updated_at
// tells nothing and only the revision can show a change), or ticking one second per call.
type testClock struct {
	mu     sync.Mutex
	at     time.Time
	ticks  bool
	called int
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.called++
	if c.ticks {
		return c.at.Add(time.Duration(c.called) * time.Second)
	}
	return c.at
}

const otherToken = "kpat_acceptance_test_token_rotated_987654"

func oracleScenario(t *testing.T, name string) {
	t.Parallel()
	c := woCases()[name]
	// Konnect never returns a config store secret's value: nothing but updated_at can show
	// it changed, so that kind's clock ticks. Every other kind's is frozen.
	clock := &testClock{at: time.Unix(1764000000, 0), ticks: c.typ == "konnect_gateway_config_store_secret"}
	env := newKonnectEnv(t, konnectmock.Options{Now: clock.now, Tokens: []string{otherToken}})
	cli := newCLIRun(t)
	wo, err := cliWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	steps := map[string][]string{}
	for _, s := range []string{"first", "second", "ui", "third", "ui2", "fourth"} {
		steps[s] = c.secrets(t, s)
	}
	var vars []string
	token := testToken
	write := func(step string, version int) {
		var config string
		config, vars = woConfig(env, c, steps[step], steps[step], version, false, false)
		if !wo {
			// Terraform before 1.11: the classic attributes, without versions.
			config = regexp.MustCompile(`(?m)^\s*\w+_wo_version = \d+\n`).ReplaceAllString(config, "")
			config = regexp.MustCompile(`(?m)^(\s*\w+)_wo = `).ReplaceAllString(config, "$1 = ")
		}
		cli.write(strings.Replace(config, testToken, token, 1))
	}
	run := func(extraEnv []string, args ...string) (string, int) {
		t.Helper()
		return cli.run(append(append([]string(nil), vars...), extraEnv...), args...)
	}
	mustApply := func(what string, extraEnv []string, args ...string) {
		t.Helper()
		out, code := run(extraEnv, append([]string{"apply", "-input=false", "-no-color"}, args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", what, code, out)
		}
	}
	kind := kindByType(t, c.typ)
	stateFile := filepath.Join(cli.dir, "terraform.tfstate")
	var lastTexts map[string]string // what check read last

	// check reads the state file and fails on anything in it, attributes or private state,
	// that lets a guess be tested offline.
	check := func(what string) woState {
		t.Helper()
		raw, err := os.ReadFile(stateFile)
		if err != nil {
			t.Fatal(err)
		}
		var st struct {
			Resources []struct {
				Type      string `json:"type"`
				Instances []struct {
					Attributes map[string]any `json:"attributes"`
					Private    string         `json:"private"`
				} `json:"instances"`
			} `json:"resources"`
		}
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		texts := map[string]string{"the state file": string(raw)}
		lastTexts = texts
		var attrs woState
		for _, r := range st.Resources {
			for _, in := range r.Instances {
				if p, err := base64.StdEncoding.DecodeString(in.Private); err == nil {
					texts["the private state of "+r.Type] = string(p)
					// The framework keeps each key's bytes base64-encoded inside it.
					var keys map[string][]byte
					if err := json.Unmarshal(p, &keys); err != nil {
						t.Fatalf("%s: the private state of %s: %v", what, r.Type, err)
					}
					for k, v := range keys {
						texts[fmt.Sprintf("the private state %q of %s", k, r.Type)] = string(v)
					}
				}
				if r.Type == c.typ {
					attrs = in.Attributes
				}
			}
		}
		if attrs == nil {
			t.Fatalf("%s: no %s in state", what, c.typ)
		}
		if rev, _ := attrs["revision"].(string); !regexp.MustCompile(`^sha256:[0-9a-f]{64}$`).MatchString(rev) {
			t.Errorf("%s: revision %q", what, rev)
		}
		obj := env.get(c.path(env, attrs))
		if obj == nil {
			t.Fatalf("%s: %s not in Konnect", what, c.typ)
		}
		forbidden := map[string]string{} // text → what it is
		hashes := func(what, v string) {
			s256, s1 := sha256.Sum256([]byte(v)), sha1.Sum([]byte(v))
			forbidden[hex.EncodeToString(s256[:])] = "sha256 of " + what
			forbidden[base64.StdEncoding.EncodeToString(s256[:])] = "sha256 (base64) of " + what
			forbidden[hex.EncodeToString(s1[:])] = "sha1 of " + what
		}
		if wo {
			for step, vals := range steps {
				for i, v := range vals {
					hashes(fmt.Sprintf("the %s secret %d", step, i), v)
				}
			}
		}
		holdsSecret := false
		for _, a := range c.attrs {
			kv, _ := obj[a].(string)
			if kv == "" {
				continue
			}
			holdsSecret = true
			configured := false
			for _, vals := range steps {
				for _, v := range vals {
					configured = configured || v == kv
				}
			}
			if wo || !configured {
				// Konnect's rendering: the secret (write-only), or Konnect's hash of it.
				forbidden[kv] = "Konnect's value of " + a
				hashes("Konnect's value of "+a, kv)
			}
			c, _ := canonjson.Canonical(kv)
			legacy := sha256.Sum256([]byte(fmt.Sprint(obj["id"]) + "\x00" + string(c)))
			forbidden[hex.EncodeToString(legacy[:])] = "the plain digest of Konnect's value of " + a
		}
		if holdsSecret {
			// The body holds a secret: no plain hash of it.
			bodies := []map[string]any{obj}
			if l, ok := kind.API.(engine.Listable); ok && len(l.Listing().Derived) > 0 {
				b := maps.Clone(obj)
				for _, f := range l.Listing().Derived {
					delete(b, f)
				}
				bodies = append(bodies, b)
			}
			for _, b := range bodies {
				rev, err := guard.Revision(b)
				if err != nil {
					t.Fatal(err)
				}
				forbidden[strings.TrimPrefix(rev, guard.RevisionPrefix)] = "the plain sha256 of the canonical body"
			}
		}
		for where, text := range texts {
			for f, is := range forbidden {
				if len(f) >= 16 && strings.Contains(text, f) {
					t.Errorf("%s: %s holds %s", what, where, is)
				}
			}
		}
		return attrs
	}
	secretAttr := func(a string) string {
		if wo {
			return a + "_wo"
		}
		return a
	}

	// Create.
	write("first", 1)
	mustApply("create", nil, "-auto-approve")
	st := check("after create")

	// Guard 1: a saved plan, then someone changes the secret in Konnect, within the same
	// second (updated_at unchanged, except for the config store secret, whose value Konnect
	// never returns). The apply writes nothing.
	write("second", 2)
	if out, code := run(nil, "plan", "-out=p.tfplan", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("plan: exit %d\n%s", code, out)
	}
	before := fmt.Sprint(env.get(c.path(env, st))["updated_at"])
	c.uiEdit(env, st, steps["ui"])
	if now := fmt.Sprint(env.get(c.path(env, st))["updated_at"]); !clock.ticks && now != before {
		t.Fatalf("the edit in Konnect moved updated_at (%s → %s): the clock is not frozen", before, now)
	}
	out, code := run(nil, "apply", "-input=false", "-no-color", "p.tfplan")
	flat := strings.Join(strings.Fields(out), " ")
	if code != 1 || !strings.Contains(flat, "Konnect object changed since this plan was made") || !strings.Contains(flat, "Nothing was written") {
		t.Errorf("a saved plan over a secret changed in Konnect: exit %d, want 1 and the stale-plan error\n%s", code, out)
	}
	if !c.holds(env, st, steps["ui"]) {
		t.Errorf("after the refused apply, Konnect does not hold the secret set there")
	}
	check("after the refused apply")

	// Guard 2: a plan that writes the secret over the one set in Konnect is a conflict naming
	// the secret's attribute, shown as a sensitive change. (Not for a config store secret's
	// classic value: Terraform cannot see a value changed in Konnect there, as its
	// description says; the write-only twin compares updated_at.)
	guard2 := wo || c.typ != "konnect_gateway_config_store_secret"
	out, code = run(nil, "plan", "-input=false", "-no-color")
	flat = strings.Join(strings.Fields(out), " ")
	if !guard2 {
		if code != 0 {
			t.Fatalf("plan: exit %d\n%s", code, out)
		}
	} else if code != 1 || !strings.Contains(flat, "Applying this plan would overwrite changes made in Konnect") {
		t.Fatalf("a plan over a secret changed in Konnect: exit %d, want 1 and the conflict\n%s", code, out)
	}
	for _, a := range c.attrs {
		if !guard2 {
			break
		}
		if !regexp.MustCompile(`\s` + secretAttr(a) + `\s+last applied: \(a\s+secret\)\s+in Konnect now: \(a\s+different\s+secret\)`).MatchString(flat) {
			t.Errorf("the conflict does not name %s as a sensitive change:\n%s", secretAttr(a), out)
		}
	}
	check("after the conflict")

	// Overwrite, then the provider's credential changes (another token, so another digest
	// key): nothing reads as changed, and the next refresh brings the digests to the new key.
	mustApply("overwrite", []string{"KONNECT_CONFLICT_POLICY=overwrite"}, "-auto-approve")
	if !c.holds(env, st, steps["second"]) {
		t.Errorf("after overwrite, Konnect does not hold the configured secret")
	}
	st = check("after overwrite")
	token = otherToken
	write("second", 2)
	if out, code := run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("after a change of token: plan exit %d, want 0 (no changes, no conflict)\n%s", code, out)
	}
	// A plan that sends a new secret, against the state the old key wrote (-refresh=false: the
	// revision and the digests are the old key's; updated_at says the object is unchanged),
	// and its apply: neither a stale plan nor a conflict.
	write("third", 3)
	if out, code := run(nil, "plan", "-refresh=false", "-out=r.tfplan", "-input=false", "-no-color", "-detailed-exitcode"); code != 2 {
		t.Errorf("after a change of token, -refresh=false: plan exit %d, want 2 (changes, no conflict)\n%s", code, out)
	}
	mustApply("apply under the new token", nil, "r.tfplan")
	if !c.holds(env, st, steps["third"]) {
		t.Errorf("after the apply under the new token, Konnect does not hold the configured secret")
	}
	revBefore := st["revision"]
	mustApply("refresh under the new token", nil, "-refresh-only", "-auto-approve")
	st = check("after the refresh under the new token")
	// The digests are the new key's now (the key id says which), and a keyed revision moved.
	oldKey, _ := engine.DigestKeyFor(testToken)
	newKey, _ := engine.DigestKeyFor(otherToken)
	named := false
	for where, text := range lastTexts {
		if strings.Contains(text, guard.KeyedPrefix+oldKey.ID()) {
			t.Errorf("after the refresh under the new token, %s still holds digests of the old key %s", where, oldKey.ID())
		}
		named = named || strings.Contains(text, newKey.ID())
	}
	if wo && !named {
		t.Errorf("after the refresh under the new token, no digest of the new key %s in state", newKey.ID())
	}
	if _, ok := env.get(c.path(env, st))[c.attrs[0]].(string); ok && st["revision"] == revBefore {
		t.Errorf("the revision of a body with a secret did not follow the new key: %v", revBefore)
	}
	// And a secret changed in Konnect is still caught under the new key.
	c.uiEdit(env, st, steps["ui2"])
	write("fourth", 4)
	out, code = run(nil, "plan", "-input=false", "-no-color")
	flat = strings.Join(strings.Fields(out), " ")
	if guard2 && (code != 1 || !regexp.MustCompile(`\s`+secretAttr(c.attrs[0])+`\s+last applied: \(a\s+secret\)`).MatchString(flat)) {
		t.Errorf("under the new token, a secret changed in Konnect: exit %d, want 1 and the conflict naming %s\n%s", code, secretAttr(c.attrs[0]), out)
	}
	if !c.holds(env, st, steps["ui2"]) {
		t.Errorf("Konnect does not hold the secret set there")
	}
	check("at the end")
}

// A plugin imported with a secret in its config that configuration does not set: state keeps
// the secret out (secrets.go), and neither state nor private state lets a guess of it be
// tested: no plain hash of the body or of the secret, no key beside the import record's
// digests. A saved plan goes stale when the secret changes in Konnect within the same second.
func TestAccImportedPluginSecretNoOracle(t *testing.T) {
	t.Parallel()
	clock := &testClock{at: time.Unix(1764000000, 0)}
	e := newKonnectEnv(t, konnectmock.Options{Now: clock.now})
	cli := newCLIRun(t)
	const pw, other = "Oracle-Redis-Pa55-71c0de", "Someone-Redis-Pa55-0be2a9"
	cpID := e.mkCP(konnect.Object{"name": "import-oracle"})
	plugin, _, err := e.client.CreateEntity(context.Background(), konnect.CoreEntitiesPath(cpID, "plugins"), konnect.Object{
		"name": "rate-limiting", "config": map[string]any{"minute": 10, "policy": "redis",
			"redis": map[string]any{"host": "redis.internal", "password": pw}}})
	if err != nil {
		t.Fatal(err)
	}
	pluginPath := konnect.CoreEntitiesPath(cpID, "plugins", plugin["id"].(string))
	config := func(minute int) {
		cli.write("terraform {\n  required_providers {\n    konnect = { source = \"konnectguard/konnect\" }\n  }\n}\n" + e.providerBlock("") + fmt.Sprintf(`
import {
  to = konnect_gateway_plugin.limit
  id = "%s/%s"
}

resource "konnect_gateway_plugin" "limit" {
  control_plane_id = %q
  name             = "rate-limiting"
  config = jsonencode({
    minute = %d
    policy = "redis"
    redis  = { host = "redis.internal" }
  })
}
`, cpID, plugin["id"], cpID, minute))
	}
	config(10)
	if out, code := cli.run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 || !strings.Contains(out, "1 imported") {
		t.Fatalf("import: exit %d\n%s", code, out)
	}
	check := func(what string) {
		t.Helper()
		raw, err := os.ReadFile(filepath.Join(cli.dir, "terraform.tfstate"))
		if err != nil {
			t.Fatal(err)
		}
		var st struct {
			Resources []struct {
				Type      string `json:"type"`
				Instances []struct {
					Attributes map[string]any `json:"attributes"`
					Private    string         `json:"private"`
				} `json:"instances"`
			} `json:"resources"`
		}
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		texts := map[string]string{"the state file": string(raw)}
		var record []byte
		for _, r := range st.Resources {
			for _, in := range r.Instances {
				p, err := base64.StdEncoding.DecodeString(in.Private)
				if err != nil {
					continue
				}
				var keys map[string][]byte
				if err := json.Unmarshal(p, &keys); err != nil {
					t.Fatal(err)
				}
				for k, v := range keys {
					texts["the private state "+k] = string(v)
				}
				record = keys[engine.PrivateImportSecretsKey]
			}
		}
		obj := e.get(pluginPath)
		rev, err := guard.Revision(obj)
		if err != nil {
			t.Fatal(err)
		}
		forbidden := map[string]string{strings.TrimPrefix(rev, guard.RevisionPrefix): "the plain sha256 of the body"}
		for _, s := range []string{pw, other} {
			s256, s1 := sha256.Sum256([]byte(s)), sha1.Sum([]byte(s))
			forbidden[s] = "a redis password"
			forbidden[hex.EncodeToString(s256[:])] = "the sha256 of a redis password"
			forbidden[hex.EncodeToString(s1[:])] = "the sha1 of a redis password"
		}
		for where, text := range texts {
			for f, is := range forbidden {
				if strings.Contains(text, f) {
					t.Errorf("%s: %s holds %s", what, where, is)
				}
			}
		}
		// The record of the secret the import kept out of state: digests, and no key.
		var rec map[string]any
		if err := json.Unmarshal(record, &rec); err != nil || rec["digests"] == nil {
			t.Fatalf("%s: no import record of the secret (%v): %s", what, err, record)
		}
		if _, ok := rec["key"]; ok {
			t.Errorf("%s: the import record keeps its key beside the digests: %s", what, record)
		}
	}
	check("after the import")

	// Guard 1: a saved plan, then the secret changes in Konnect in the same second.
	config(20)
	if out, code := cli.run(nil, "plan", "-out=p.tfplan", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("plan: exit %d\n%s", code, out)
	}
	before := fmt.Sprint(e.get(pluginPath)["updated_at"])
	e.edit(pluginPath, func(b konnect.Object) {
		b["config"].(map[string]any)["redis"].(map[string]any)["password"] = other
	})
	if now := fmt.Sprint(e.get(pluginPath)["updated_at"]); now != before {
		t.Fatalf("updated_at moved (%s → %s)", before, now)
	}
	out, code := cli.run(nil, "apply", "-input=false", "-no-color", "p.tfplan")
	if code != 1 || !strings.Contains(strings.Join(strings.Fields(out), " "), "Konnect object changed since this plan was made") {
		t.Errorf("a saved plan over a plugin secret changed in Konnect: exit %d, want 1 and the stale-plan error\n%s", code, out)
	}
	if got := e.get(pluginPath)["config"].(map[string]any); got["minute"] != json.Number("10") && fmt.Sprint(got["minute"]) != "10" {
		t.Errorf("the refused apply wrote minute = %v", got["minute"])
	}
	if out, code := cli.run(nil, "apply", "-refresh-only", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("refresh: exit %d\n%s", code, out)
	}
	check("after the refresh")
}
