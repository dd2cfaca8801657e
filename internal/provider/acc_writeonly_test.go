package provider

import (
	"archive/zip"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Write-only secrets (writeonly.go), run with a real CLI the way a user runs it (cliRun,
// acc_secrets_test.go), so that the state file and saved plan files can be read as they are
// on disk. With a CLI that supports write-only attributes (Terraform 1.11+, OpenTofu 1.11+;
// make testacc CLI=tofu runs OpenTofu 1.12.6) every kind's twin goes through its whole life;
// with one that does not (make testacc CLI=terraform: Terraform 1.5.7) the same tests assert
// the framework's error, which names the attribute and the version that supports it.

// woCase is one kind's write-only secrets.
type woCase struct {
	typ   string   // resource type; the resource is <typ>.s
	attrs []string // classic attribute names; their twins are <attr>_wo
	deps  string   // what the resource needs besides the control plane cp
	// body is the resource's configuration with the secrets for this step (one HCL
	// expression per attribute), their versions, and tags when tagged; rest are the secrets of the step
	// whose other attributes it takes (a certificate's cert goes with its key).
	body func(secrets, rest []string, version int, tagged bool) string
	// secrets returns n values for one step: each is a valid secret of its attribute.
	secrets func(t *testing.T, step string) []string
	// holds reports whether Konnect holds these secret values.
	holds func(e *konnectEnv, st woState, secrets []string) bool
	// path is the object's API path, from its state.
	path func(e *konnectEnv, st woState) string
	// uiEdit sets the first secret in Konnect to value, as someone in the UI.
	uiEdit func(e *konnectEnv, st woState, value []string)
	// everyWrite: Konnect never returns the secret, so every write must send it.
	everyWrite bool
	// uiAdopts: the edit in Konnect changes an attribute that configuration then adopts (a
	// certificate's key comes with its cert), so the plan after it adopts instead of being empty.
	uiAdopts bool
}

// woState is the resource's attributes as the state file holds them.
type woState map[string]any

func (s woState) str(name string) string { v, _ := s[name].(string); return v }

func woCredential(typ, collection, attr string, extra string) woCase {
	return woCase{
		typ: typ, attrs: []string{attr},
		deps: `resource "konnect_gateway_consumer" "c" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  username         = "alice"
}
`,
		body: func(secrets, _ []string, version int, tagged bool) string {
			s := fmt.Sprintf("  control_plane_id = konnect_gateway_control_plane.cp.id\n  consumer_id = konnect_gateway_consumer.c.id\n%s  %s_wo = %s\n  %s_wo_version = %d\n",
				extra, attr, secrets[0], attr, version)
			if tagged {
				s += "  tags = [\"tagged\"]\n"
			}
			return s
		},
		secrets: func(_ *testing.T, step string) []string { return []string{"wo-" + attr + "-" + step + "-7Hq2"} },
		path: func(e *konnectEnv, st woState) string {
			return konnect.CoreEntitiesPath(st.str("control_plane_id"), "consumers", st.str("consumer_id"), collection, st.str("id"))
		},
		holds: func(e *konnectEnv, st woState, secrets []string) bool {
			obj := e.get(konnect.CoreEntitiesPath(st.str("control_plane_id"), "consumers", st.str("consumer_id"), collection, st.str("id")))
			return obj != nil && obj[attr] == secrets[0]
		},
		uiEdit: func(e *konnectEnv, st woState, value []string) {
			e.edit(konnect.CoreEntitiesPath(st.str("control_plane_id"), "consumers", st.str("consumer_id"), collection, st.str("id")), set(attr, value[0]))
		},
	}
}

func woCases() map[string]woCase {
	basic := woCredential("konnect_gateway_basic_auth", "basic-auth", "password", "  username = \"alice-basic\"\n")
	basic.everyWrite = true
	// Konnect returns the password hashed: sha1(password .. consumer id).
	basic.holds = func(e *konnectEnv, st woState, secrets []string) bool {
		obj := e.get(basic.path(e, st))
		sum := sha1.Sum([]byte(secrets[0] + st.str("consumer_id")))
		return obj != nil && obj["password"] == hex.EncodeToString(sum[:])
	}
	hmac := woCredential("konnect_gateway_hmac_auth", "hmac-auth", "secret", "  username = \"alice-hmac\"\n")
	jwt := woCredential("konnect_gateway_jwt", "jwt", "secret", "  key = \"alice-jwt\"\n")
	keyAuth := woCredential("konnect_gateway_key_auth", "key-auth", "key", "")

	pairs := map[string][2]tlsPair{}
	var pairsMu sync.Mutex
	pair := func(t *testing.T, step string) [2]tlsPair {
		pairsMu.Lock()
		defer pairsMu.Unlock()
		if _, ok := pairs[step]; !ok {
			pairs[step] = [2]tlsPair{tlsTestPEM(t, step+".example.com", false), tlsTestPEM(t, step+"-alt.example.com", false)}
		}
		return pairs[step]
	}
	certByKey := map[string]tlsPair{}
	cert := woCase{
		typ: "konnect_gateway_certificate", attrs: []string{"key", "key_alt"}, uiAdopts: true,
		body: func(secrets, rest []string, version int, tagged bool) string {
			p, alt := certByKey[rest[0]], certByKey[rest[1]]
			s := fmt.Sprintf("  control_plane_id = konnect_gateway_control_plane.cp.id\n  cert = %q\n  key_wo = %s\n  key_wo_version = %d\n  cert_alt = %q\n  key_alt_wo = %s\n  key_alt_wo_version = %d\n",
				p.Cert, secrets[0], version, alt.Cert, secrets[1], version)
			if tagged {
				s += "  tags = [\"tagged\"]\n"
			}
			return s
		},
		secrets: func(t *testing.T, step string) []string {
			p := pair(t, step)
			pairsMu.Lock()
			certByKey[p[0].Key], certByKey[p[1].Key] = p[0], p[1]
			pairsMu.Unlock()
			return []string{p[0].Key, p[1].Key}
		},
		path: func(e *konnectEnv, st woState) string {
			return konnect.CoreEntitiesPath(st.str("control_plane_id"), "certificates", st.str("id"))
		},
	}
	cert.holds = func(e *konnectEnv, st woState, secrets []string) bool {
		obj := e.get(cert.path(e, st))
		return obj != nil && obj["key"] == secrets[0] && obj["key_alt"] == secrets[1]
	}
	cert.uiEdit = func(e *konnectEnv, st woState, value []string) {
		p, alt := certByKey[value[0]], certByKey[value[1]]
		e.edit(cert.path(e, st), setAll(konnect.Object{"cert": p.Cert, "key": p.Key, "cert_alt": alt.Cert, "key_alt": alt.Key}))
	}

	store := woCase{
		typ: "konnect_gateway_config_store_secret", attrs: []string{"value"}, everyWrite: true,
		deps: `resource "konnect_gateway_config_store" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "app"
}
`,
		body: func(secrets, _ []string, version int, _ bool) string {
			return fmt.Sprintf("  control_plane_id = konnect_gateway_control_plane.cp.id\n  config_store_id = konnect_gateway_config_store.s.id\n  key = \"db-password\"\n  value_wo = %s\n  value_wo_version = %d\n",
				secrets[0], version)
		},
		secrets: func(_ *testing.T, step string) []string { return []string{"wo-value-" + step + "-K9x"} },
		path: func(e *konnectEnv, st woState) string {
			return "/v2/control-planes/" + st.str("control_plane_id") + "/config-stores/" + st.str("config_store_id") + "/secrets/db-password"
		},
		// Konnect never returns the value: the mock's dump holds it.
		holds: func(e *konnectEnv, st woState, secrets []string) bool {
			return strings.Contains(string(e.dump()), fmt.Sprintf("%q:%q", "value", secrets[0]))
		},
	}
	store.uiEdit = func(e *konnectEnv, st woState, value []string) {
		e.edit(store.path(e, st), set("value", value[0]))
	}
	return map[string]woCase{"BasicAuth": basic, "KeyAuth": keyAuth, "JWT": jwt, "HMACAuth": hmac, "Certificate": cert, "ConfigStoreSecret": store}
}

// One scenario per way a kind declares its write-only secret (TestWriteOnlyScenariosCoverEveryKind):
// a JWT's and an HMAC credential's secret are declared as a key-auth's key is (engine.WriteOnlySecret
// of an optional secret Konnect returns, under a consumer), so TestAccWriteOnlyKeyAuth proves
// them; their cases stay in woCases, for that test's comparison.
func TestAccWriteOnlyBasicAuth(t *testing.T)         { woScenario(t, "BasicAuth") }
func TestAccWriteOnlyKeyAuth(t *testing.T)           { woScenario(t, "KeyAuth") }
func TestAccWriteOnlyCertificate(t *testing.T)       { woScenario(t, "Certificate") }
func TestAccWriteOnlyConfigStoreSecret(t *testing.T) { woScenario(t, "ConfigStoreSecret") }

// woRun are the woCases a TestAccWriteOnly<name> runs.
var woRun = []string{"BasicAuth", "KeyAuth", "Certificate", "ConfigStoreSecret"}

// woProvenElsewhere are the kinds with a write-only secret whose life another test proves,
// with that test.
var woProvenElsewhere = map[string]string{
	"konnect_audit_log_destination":                "TestAccAuditLogDestinationAuthorization (internal/organization)",
	"konnect_portal_auth":                          "TestAccWriteOnlyPortalAuth",
	"konnect_identity_provider":                    "TestAccIdentityProviderClientSecretWriteOnly (internal/access)",
	"konnect_portal_custom_domain":                 "TestAccPortalCustomDomainKeyWriteOnly",
	"konnect_serverless_cloud_gateway":             "TestAccServerlessClusterCertKey (internal/cloudgateway)",
	"konnect_centralized_consumer_key":             "TestAccCentralizedKeySecret (internal/consumers)",
	"konnect_identity_auth_server_client":          "TestAccClientSecret (internal/kongidentity)",
	"konnect_integration_instance_auth_config":     "TestAccIntegrationInstanceSecrets (internal/servicecatalog)",
	"konnect_integration_instance_auth_credential": "TestAccIntegrationInstanceSecrets (internal/servicecatalog)",
}

// woSignature is how a kind declares its write-only secrets, names and words aside: its API's
// type, its parents, and each secret's classic attribute, twin and version as the engine reads
// them. Two kinds with the same signature go through the same engine code.
func woSignature(k engine.EntityKind) string {
	strip := func(a engine.Attr) engine.Attr {
		a.Name, a.Description, a.Validators, a.JSON, a.Versions = "", "", nil, "", ""
		return a
	}
	byName := map[string]engine.Attr{}
	for _, a := range k.Attrs {
		byName[a.Name] = a
	}
	sig := fmt.Sprintf("%T", k.API)
	for _, a := range k.Attrs {
		if a.Parent {
			sig += " parent " + a.Name
		}
		if a.Versions == "" {
			continue
		}
		twin := byName[a.Versions]
		classic, hasClassic := byName[strings.TrimSuffix(a.Versions, "_wo")]
		sig += fmt.Sprintf(" | twin %+v version %+v", strip(twin), strip(a))
		if hasClassic {
			sig += fmt.Sprintf(" classic %+v", strip(classic))
		}
	}
	return sig
}

// TestWriteOnlyScenariosCoverEveryKind: every kind with a write-only secret has its life
// proven through a CLI that applies write-only attributes: by a woScenario of its own, by a
// test of its family (woProvenElsewhere), or by the scenario of a kind that declares its
// secret the same way (woSignature). A kind whose secret is declared in a new way fails here
// until a scenario proves it.
func TestWriteOnlyScenariosCoverEveryKind(t *testing.T) {
	cases := woCases()
	proven := map[string]string{} // signature → the test that proves it
	for _, name := range woRun {
		proven[woSignature(kindByType(t, cases[name].typ))] = "TestAccWriteOnly" + name
	}
	for name, c := range cases {
		if !slices.Contains(woRun, name) && proven[woSignature(kindByType(t, c.typ))] == "" {
			t.Errorf("woCases[%q] (%s) runs in no TestAccWriteOnly test and declares its secret unlike any that does", name, c.typ)
		}
	}
	for _, k := range Kinds {
		if !slices.ContainsFunc(k.Attrs, func(a engine.Attr) bool { return a.Versions != "" && a.Versions != engine.AttrConfigSecretsWO }) {
			continue
		}
		if by, ok := woProvenElsewhere[k.TypeName]; ok {
			t.Logf("%s: %s", k.TypeName, by)
			continue
		}
		by, ok := proven[woSignature(k)]
		if !ok {
			t.Errorf("%s has a write-only secret that no scenario proves: add it to woCases and woRun (or to woProvenElsewhere with the test that proves it)", k.TypeName)
			continue
		}
		t.Logf("%s: %s", k.TypeName, by)
	}
}

func (e *konnectEnv) dump() []byte {
	e.t.Helper()
	var raw json.RawMessage
	if _, err := e.client.Do(context.Background(), http.MethodGet, "/_mock/dump", nil, nil, &raw); err != nil {
		e.t.Fatalf("mock dump: %v", err)
	}
	return raw
}

// woConfig is the configuration of one step and the environment that passes its secrets, as
// sensitive variables; with ephemeral, ephemeral ones (OpenTofu 1.11+, Terraform 1.10+: never
// stored in a plan file), as a user would pass a secret.
func woConfig(e *konnectEnv, c woCase, secrets, rest []string, version int, tagged, ephemeral bool) (string, []string) {
	exprs, vars, decls := make([]string, len(secrets)), []string(nil), ""
	for i, v := range secrets {
		exprs[i] = fmt.Sprintf("var.wo_%d", i)
		vars = append(vars, fmt.Sprintf("TF_VAR_wo_%d=%s", i, v))
		decls += fmt.Sprintf("variable \"wo_%d\" {\n  type      = string\n  sensitive = true\n", i)
		if ephemeral {
			decls += "  ephemeral = true\n"
		}
		decls += "}\n"
	}
	return `terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}
` + e.providerBlock("") + `
resource "konnect_gateway_control_plane" "cp" {
  name = "write-only"
}
` + decls + c.deps + "\nresource \"" + c.typ + "\" \"s\" {\n" + c.body(exprs, rest, version, tagged) + "}\n", vars
}

// woScenario is one kind's write-only secrets through their whole life, and (issue 17, item
// 2; digest.go) the state file as no offline oracle for them: someone who holds only the
// state file (attributes and private state) cannot test a guess of a secret, while a secret
// changed in Konnect is still caught by Guard 1 (a saved plan whose object changed only in
// its secret, within the same second: updated_at says nothing) and Guard 2 (the conflict
// names the secret's attribute), also after the provider's credential changed. With a CLI
// without write-only attributes (Terraform 1.5.7) the framework's refusal, then the oracle's
// part through the classic attributes, which state keeps (sensitive), so that only what is
// not the secret is checked there: Konnect's own hash of a password and the plain hash of the
// body.
func woScenario(t *testing.T, name string) {
	t.Parallel()
	c := woCases()[name]
	// Konnect never returns a config store secret's value: nothing but updated_at can show
	// it changed, so that kind's clock ticks. Every other kind's is frozen.
	clock := &testClock{at: time.Unix(1764000000, 0), ticks: c.typ == "konnect_gateway_config_store_secret"}
	env := newKonnectEnv(t, konnectmock.Options{Now: clock.now, Tokens: []string{otherToken}})
	cli := newCLIRun(t)
	supported, err := cliWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	steps := map[string][]string{}
	for _, s := range []string{"first", "unbumped", "second", "ui", "third", "fourth", "ui2", "fifth"} {
		steps[s] = c.secrets(t, s)
	}
	// noSecret fails when text shows any secret value of any step.
	noSecret := func(what, text string) {
		t.Helper()
		for step, vals := range steps {
			for _, v := range vals {
				forms := []string{v, base64.StdEncoding.EncodeToString([]byte(v))}
				for _, line := range strings.Split(v, "\n")[1:] { // a PEM's lines, also JSON-escaped
					if len(line) >= 32 && !strings.HasPrefix(line, "-----") {
						forms = append(forms, line)
					}
				}
				for _, form := range forms {
					if i := strings.Index(text, form); i >= 0 {
						t.Errorf("%s shows the %s secret: …%.200s…", what, step, text[max(0, i-100):])
					}
				}
			}
		}
	}

	var vars []string // the secrets of the configuration written last
	token := testToken
	// write writes the configuration with the secrets of secretStep (its other attributes
	// from restStep's); with write-only attributes, passed as ephemeral variables, as a user
	// would pass a secret (never stored in a plan file); without, the classic attributes.
	write := func(secretStep, restStep string, version int, tagged bool) {
		var config string
		config, vars = woConfig(env, c, steps[secretStep], steps[restStep], version, tagged, supported)
		if !supported {
			config = regexp.MustCompile(`(?m)^\s*\w+_wo_version = \d+\n`).ReplaceAllString(config, "")
			config = regexp.MustCompile(`(?m)^(\s*\w+)_wo = `).ReplaceAllString(config, "$1 = ")
		}
		cli.write(strings.Replace(config, testToken, token, 1))
	}
	run := func(extraEnv []string, args ...string) (string, int) {
		t.Helper()
		return cli.run(append(append([]string(nil), vars...), extraEnv...), args...)
	}
	stateFile := filepath.Join(cli.dir, "terraform.tfstate")
	// checkState reads the state file: no secret in it, nor in any private state (base64 in
	// the file), and returns the resource's attributes.
	checkState := func(what string) woState {
		t.Helper()
		raw, instances := acctest.ReadStateFile(t, stateFile)
		noSecret(what+": the state file", string(raw))
		var attrs woState
		for _, in := range instances {
			noSecret(what+": the private state of "+in.Type, string(in.Private))
			if in.Type == c.typ {
				attrs = in.Attributes
			}
		}
		if attrs == nil {
			t.Fatalf("%s: no %s in state", what, c.typ)
		}
		for _, a := range c.attrs {
			if attrs[a] != nil || attrs[a+"_wo"] != nil {
				t.Errorf("%s: state holds %s = %v, %s_wo = %v; want both null", what, a, attrs[a] != nil, a, attrs[a+"_wo"] != nil)
			}
		}
		return attrs
	}
	kind := kindByType(t, c.typ)
	var lastTexts map[string]string // what noOracle read last
	// noOracle reads the state file and fails on anything in it, attributes or private
	// state, that lets a guess be tested offline.
	noOracle := func(what string) woState {
		t.Helper()
		raw, instances := acctest.ReadStateFile(t, stateFile)
		texts := map[string]string{"the state file": string(raw)}
		lastTexts = texts
		var attrs woState
		for _, in := range instances {
			texts["the private state of "+in.Type] = string(in.Private)
			// The framework keeps each key's bytes base64-encoded inside it.
			var keys map[string][]byte
			if err := json.Unmarshal(in.Private, &keys); err != nil {
				t.Fatalf("%s: the private state of %s: %v", what, in.Type, err)
			}
			for k, v := range keys {
				texts[fmt.Sprintf("the private state %q of %s", k, in.Type)] = string(v)
			}
			if in.Type == c.typ {
				attrs = in.Attributes
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
		if supported {
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
			if supported || !configured {
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
	// savedPlan plans to a file, checks that neither the CLI's output nor the plan file
	// (as show -json renders it) holds a secret, and returns plan's exit status.
	savedPlan := func(what string) int {
		t.Helper()
		out, code := run(nil, "plan", "-out=wo.tfplan", "-input=false", "-no-color", "-detailed-exitcode")
		noSecret(what+": plan output", out)
		if code == 1 {
			t.Fatalf("%s: plan failed\n%s", what, out)
		}
		shown, scode := run(nil, "show", "-json", "wo.tfplan")
		if scode != 0 {
			t.Fatalf("%s: show -json: exit %d\n%s", what, scode, shown)
		}
		noSecret(what+": the saved plan (show -json)", shown)
		zr, err := zip.OpenReader(filepath.Join(cli.dir, "wo.tfplan"))
		if err != nil {
			t.Fatalf("%s: the plan file: %v", what, err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
			noSecret(what+": "+f.Name+" in the plan file", string(b))
		}
		return code
	}
	apply := func(what string, extraEnv []string, args ...string) string {
		t.Helper()
		out, code := run(extraEnv, append([]string{"apply", "-input=false", "-no-color"}, args...)...)
		if supported {
			noSecret(what, out)
		}
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", what, code, out)
		}
		return out
	}
	wantHolds := func(what, step string, st woState) {
		t.Helper()
		if !c.holds(env, st, steps[step]) {
			t.Errorf("%s: Konnect does not hold the %s secret", what, step)
		}
	}
	secretAttr := func(a string) string {
		if supported {
			return a + "_wo"
		}
		return a
	}
	tagged := supported && !c.everyWrite // the tags written by the write-only steps below

	var st woState
	if !supported {
		// Terraform before 1.11: the framework refuses a configured write-only attribute at
		// validation, naming it and the version that supports it; nothing reaches Konnect.
		config, vars := woConfig(env, c, steps["first"], steps["first"], 1, false, false)
		cli.write(config)
		out, code := cli.run(vars, "apply", "-auto-approve", "-input=false", "-no-color")
		flat := strings.Join(strings.Fields(out), " ")
		if code != 1 {
			t.Fatalf("apply with a write-only attribute: exit %d, want 1\n%s", code, out)
		}
		for _, a := range c.attrs {
			want := regexp.MustCompile(`WriteOnly Attribute Not Allowed .*The resource contains a non-null value for WriteOnly attribute ` + a + `_wo\. Write-only attributes are only supported in Terraform 1\.11 and later\.`)
			if !want.MatchString(flat) {
				t.Errorf("no error naming %s_wo and Terraform 1.11 in:\n%s", a, out)
			}
		}
		noSecret("the refused apply", out)
		if cps, _ := env.client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{}); len(cps) != 0 {
			t.Errorf("the refused apply created %d control planes", len(cps))
		}
		// The oracle's part, through the classic attributes: create.
		write("first", "first", 1, false)
		apply("create", nil, "-auto-approve")
		st = noOracle("after create")
	} else {
		// Create: the secret reaches Konnect, and nothing of it is in state or in the plan.
		write("first", "first", 1, false)
		if code := savedPlan("create"); code != 2 {
			t.Fatalf("create: plan exit %d, want 2 (changes)", code)
		}
		apply("create", nil, "wo.tfplan")
		st = checkState("after create")
		wantHolds("after create", "first", st)
		for _, a := range c.attrs {
			if fmt.Sprint(st[a+"_wo_version"]) != "1" {
				t.Errorf("state holds %s_wo_version = %v, want 1", a, st[a+"_wo_version"])
			}
		}
		noOracle("after create")

		// A new value without a version bump: nothing to do, nothing sent.
		write("unbumped", "first", 1, false)
		env.resetRequests()
		if code := savedPlan("unbumped"); code != 0 {
			t.Errorf("a new value without a version bump: plan exit %d, want 0 (no changes)", code)
		}
		apply("unbumped", nil, "-auto-approve")
		if w := env.writesSince(); len(w) > 0 {
			t.Errorf("a new value without a version bump wrote to Konnect: %v", w)
		}
		wantHolds("after the unbumped apply", "first", checkState("after the unbumped apply"))

		// A version bump sends the configured value.
		write("second", "second", 2, false)
		if code := savedPlan("bump"); code != 2 {
			t.Fatalf("version bump: plan exit %d, want 2 (changes)", code)
		}
		logPath := filepath.Join(t.TempDir(), "tf.log")
		apply("bump", []string{"TF_LOG=DEBUG", "TF_LOG_PATH=" + logPath}, "wo.tfplan")
		if logged, err := os.ReadFile(logPath); err != nil || !strings.Contains(string(logged), "Konnect API request") {
			t.Errorf("the TF_LOG=DEBUG log holds no provider line (%v)", err)
		} else {
			noSecret("the TF_LOG=DEBUG log of the bump", string(logged))
		}
		st = checkState("after the bump")
		wantHolds("after the bump", "second", st)

		// Another attribute changes without a bump (and another secret value): a secret
		// Konnect returns is kept as Konnect holds it; one it never returns (a password) must
		// be sent with every write, and the plan says which attribute to change.
		if c.everyWrite {
			if strings.Contains(c.body(steps["second"], steps["second"], 2, true), "tags") { // a kind with tags
				write("second", "second", 2, true)
				out, code := run(nil, "plan", "-input=false", "-no-color")
				flat := strings.Join(strings.Fields(out), " ")
				if code != 1 || !strings.Contains(flat, "Changing this object also writes "+c.attrs[0]) || !strings.Contains(flat, c.attrs[0]+"_wo_version") {
					t.Errorf("a write without a bump of a secret Konnect never returns: exit %d, want 1 and the error naming %s_wo_version\n%s", code, c.attrs[0], out)
				}
				noSecret("the refused plan", out)
			}
		} else {
			write("unbumped", "second", 2, true) // another value, not bumped: not sent
			apply("tags without a bump", nil, "-auto-approve")
			wantHolds("after writing tags", "second", checkState("after writing tags"))
		}
	}

	// Guard 1: a saved plan that sends a new secret, then someone changes the secret in
	// Konnect, within the same second (updated_at unchanged, except for the config store
	// secret, whose value Konnect never returns). The apply writes nothing.
	write("third", "third", 3, tagged)
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
	wantHolds("after the refused apply", "ui", st)
	noOracle("after the refused apply")

	if supported {
		// Configuration that does not bump the version does not send the secret: no
		// conflict, nothing to do, Konnect's value stays.
		write("third", "ui", 2, tagged)
		if c.uiAdopts {
			// The certificate: configuration takes the cert set in Konnect with it (an
			// adoption, nothing written); the guard still remembers the key Terraform wrote.
			env.resetRequests()
			if code := savedPlan("adopting the cert set in Konnect"); code != 2 {
				t.Errorf("adopting the cert set in Konnect: plan exit %d, want 2 (an adoption)", code)
			}
			apply("adoption", nil, "wo.tfplan")
			if w := env.writesSince(); len(w) > 0 {
				t.Errorf("the adoption wrote to Konnect: %v", w)
			}
		} else if code := savedPlan("after the edit in Konnect, unbumped"); code != 0 {
			t.Errorf("after the edit in Konnect, without a bump: plan exit %d, want 0", code)
		}
	}

	// Guard 2: a bump would overwrite the secret set in Konnect: a conflict under the
	// default policy naming the secret's attribute, shown as a sensitive change, printing no
	// secret; Konnect keeps the value set there. (Not for a config store secret's classic
	// value: Terraform cannot see a value changed in Konnect there, as its description says;
	// the write-only twin compares updated_at.)
	guard2 := supported || c.typ != "konnect_gateway_config_store_secret"
	write("third", "third", 3, tagged)
	out, code = run(nil, "plan", "-input=false", "-no-color")
	flat = strings.Join(strings.Fields(out), " ")
	if !guard2 {
		if code != 0 {
			t.Fatalf("plan: exit %d\n%s", code, out)
		}
	} else if code != 1 || !strings.Contains(flat, "Applying this plan would overwrite changes made in Konnect") {
		t.Fatalf("a bump over a secret set in Konnect: exit %d, want 1 and the conflict\n%s", code, out)
	}
	for _, a := range c.attrs {
		if !guard2 {
			break
		}
		if !regexp.MustCompile(`\s` + secretAttr(a) + `\s+last applied: \(a\s+secret\)\s+in Konnect now: \(a\s+different\s+secret\)`).MatchString(flat) {
			t.Errorf("the conflict does not name %s as a sensitive change:\n%s", secretAttr(a), out)
		}
	}
	if supported {
		noSecret("the conflict", out)
	}
	wantHolds("after the refused plan", "ui", st)
	noOracle("after the conflict")

	// The remedy the diagnostic gives: overwrite.
	apply("overwrite", []string{"KONNECT_CONFLICT_POLICY=overwrite"}, "-auto-approve")
	if supported {
		checkState("after overwrite")
	}
	st = noOracle("after overwrite")
	wantHolds("after overwrite", "third", st)

	// Then the provider's credential changes (another token, so another digest key):
	// nothing reads as changed, and the next refresh brings the digests to the new key.
	token = otherToken
	write("third", "third", 3, tagged)
	if out, code := run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("after a change of token: plan exit %d, want 0 (no changes, no conflict)\n%s", code, out)
	}
	// A plan that sends a new secret, against the state the old key wrote (-refresh=false: the
	// revision and the digests are the old key's; updated_at says the object is unchanged),
	// and its apply: neither a stale plan nor a conflict.
	write("fourth", "fourth", 4, tagged)
	if out, code := run(nil, "plan", "-refresh=false", "-out=r.tfplan", "-input=false", "-no-color", "-detailed-exitcode"); code != 2 {
		t.Errorf("after a change of token, -refresh=false: plan exit %d, want 2 (changes, no conflict)\n%s", code, out)
	}
	apply("apply under the new token", nil, "r.tfplan")
	wantHolds("after the apply under the new token", "fourth", st)
	revBefore := st["revision"]
	apply("refresh under the new token", nil, "-refresh-only", "-auto-approve")
	st = noOracle("after the refresh under the new token")
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
	if supported && !named {
		t.Errorf("after the refresh under the new token, no digest of the new key %s in state", newKey.ID())
	}
	if _, ok := env.get(c.path(env, st))[c.attrs[0]].(string); ok && st["revision"] == revBefore {
		t.Errorf("the revision of a body with a secret did not follow the new key: %v", revBefore)
	}
	// And a secret changed in Konnect is still caught under the new key.
	c.uiEdit(env, st, steps["ui2"])
	write("fifth", "fifth", 5, tagged)
	out, code = run(nil, "plan", "-input=false", "-no-color")
	flat = strings.Join(strings.Fields(out), " ")
	if guard2 && (code != 1 || !regexp.MustCompile(`\s`+secretAttr(c.attrs[0])+`\s+last applied: \(a\s+secret\)`).MatchString(flat)) {
		t.Errorf("under the new token, a secret changed in Konnect: exit %d, want 1 and the conflict naming %s\n%s", code, secretAttr(c.attrs[0]), out)
	}
	wantHolds("under the new token, after the edit in Konnect", "ui2", st)
	noOracle("at the end")
}
