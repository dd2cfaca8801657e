package gateway_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Acceptance tests of the upstream and TLS kinds: upstreams, targets, certificates, CA
// certificates, SNIs, vaults, key sets and keys, beyond what each kind's row in TestAccKinds
// proves (create, update, stale saved plans, conflicts, import): validation, references,
// and what is particular to a kind.

// --- key material -------------------------------------------------------------------------

// --- Konnect, out of band ------------------------------------------------------------------

var tlsRevision = knownvalue.StringRegexp(regexp.MustCompile(`^sha256:[0-9a-f]{64}$`))

// --- upstreams ----------------------------------------------------------------------------

func upstreamConfig(e *acctest.Env, extra string) string {
	return e.ProviderBlock("") + acctest.TLSCP("tls-upstream") + fmt.Sprintf(`
resource "konnect_gateway_upstream" "u" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders.upstream"
  algorithm        = "consistent-hashing"
  hash_on          = "header"
  hash_on_header   = "x-user"
  slots            = 100
  tags             = ["b", "a"]
%s
}
`, extra)
}

const partialHealthchecks = `
  healthchecks = {
    active = {
      type    = "https"
      healthy = { successes = 3 }
    }
    passive = {
      unhealthy = { http_failures = 5 }
    }
  }`

// Healthchecks set only in part: Konnect fills the rest, and the next plan is empty.
func TestAccTLSUpstreamHealthchecksPartial(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	const u = "konnect_gateway_upstream.u"
	hc := tfjsonpath.New("healthchecks")
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: upstreamConfig(env, "")},
			{
				Config: upstreamConfig(env, partialHealthchecks),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(u, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(u, hc.AtMapKey("active").AtMapKey("type"), knownvalue.StringExact("https")),
					statecheck.ExpectKnownValue(u, hc.AtMapKey("active").AtMapKey("http_path"), knownvalue.StringExact("/")),
					statecheck.ExpectKnownValue(u, hc.AtMapKey("active").AtMapKey("healthy").AtMapKey("successes"), knownvalue.Int64Exact(3)),
					statecheck.ExpectKnownValue(u, hc.AtMapKey("active").AtMapKey("healthy").AtMapKey("http_statuses"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.Int64Exact(200), knownvalue.Int64Exact(302)})),
					statecheck.ExpectKnownValue(u, hc.AtMapKey("passive").AtMapKey("unhealthy").AtMapKey("http_failures"), knownvalue.Int64Exact(5)),
					statecheck.ExpectKnownValue(u, hc.AtMapKey("passive").AtMapKey("unhealthy").AtMapKey("timeouts"), knownvalue.Int64Exact(0)),
				},
				Check: func(*terraform.State) error {
					obj := env.Get(env.CorePath("tls-upstream", "upstreams", "orders.upstream"))
					active := obj["healthchecks"].(map[string]any)["active"].(map[string]any)
					acctest.WantField(t, "healthchecks.active", active, "type", "https")
					acctest.WantField(t, "healthchecks.active", active, "concurrency", 10)
					return nil
				},
			},
		},
	})
}

// Healthchecks set in part when the upstream is created.
//
// On create the unset nested attributes are unknown: the request body leaves out only those,
// so what was configured is written and Konnect fills the rest.
func TestAccTLSUpstreamHealthchecksPartialAtCreate(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: upstreamConfig(env, partialHealthchecks)},
		},
	})
}

// --- SNIs ---------------------------------------------------------------------------------

func sniConfig(e *acctest.Env, a, b acctest.TLSPair, name, certRef string) string {
	return e.ProviderBlock("") + acctest.TLSCP("tls-sni") + fmt.Sprintf(`
resource "konnect_gateway_certificate" "a" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  cert             = %q
  key              = %q
}

resource "konnect_gateway_certificate" "b" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  cert             = %q
  key              = %q
}

resource "konnect_gateway_sni" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = %q
  certificate      = { id = konnect_gateway_certificate.%s.id }
}
`, a.Cert, a.Key, b.Cert, b.Key, name, certRef)
}

// sniDroppedConfig removes the SNI and changes certificate b in the same apply.
func sniDroppedConfig(e *acctest.Env, a, b acctest.TLSPair) string {
	cfg := sniConfig(e, a, b, "unused", "a")
	cfg = cfg[:strings.Index(cfg, `resource "konnect_gateway_sni"`)]
	return strings.Replace(cfg, fmt.Sprintf("  key              = %q\n}", b.Key), fmt.Sprintf("  key              = %q\n  tags             = [\"without-sni\"]\n}", b.Key), 1)
}

func TestAccTLSSNI(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	sameID := statecheck.CompareValue(compare.ValuesSame())
	const s = "konnect_gateway_sni.s"
	a, b := acctest.TLSTestPEM(t, "api.example.com", false), acctest.TLSTestPEM(t, "example.com", false)
	snis := func() string { return env.CorePath("tls-sni", "snis") }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: sniConfig(env, a, b, "api.example.com", "a"),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(s, tfjsonpath.New("id")),
					statecheck.CompareValuePairs(s, tfjsonpath.New("certificate").AtMapKey("id"), "konnect_gateway_certificate.a", tfjsonpath.New("id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(s, tfjsonpath.New("revision"), tlsRevision),
				},
				Check: func(st *terraform.State) error {
					certA := st.RootModule().Resources["konnect_gateway_certificate.a"].Primary.ID
					acctest.WantField(t, "SNI", env.Get(snis()+"/"+"api.example.com"), "certificate", map[string]any{"id": certA})
					acctest.WantField(t, "certificate a", env.Get(env.CorePath("tls-sni", "certificates", certA)), "snis", []any{"api.example.com"})
					return nil
				},
			},
			{
				Config: sniConfig(env, a, b, "*.example.com", "b"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(s, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(s, tfjsonpath.New("id")),
					statecheck.CompareValuePairs(s, tfjsonpath.New("certificate").AtMapKey("id"), "konnect_gateway_certificate.b", tfjsonpath.New("id"), compare.ValuesSame()),
				},
				// Konnect lists the SNI under certificate b now and no longer under a; that is no
				// change of either certificate (the plan after the apply is empty).
				Check: func(st *terraform.State) error {
					certA := st.RootModule().Resources["konnect_gateway_certificate.a"].Primary.ID
					certB := st.RootModule().Resources["konnect_gateway_certificate.b"].Primary.ID
					acctest.WantField(t, "SNI", env.Get(snis()+"/"+"*.example.com"), "certificate", map[string]any{"id": certB})
					acctest.WantField(t, "certificate a", env.Get(env.CorePath("tls-sni", "certificates", certA)), "snis", []any{})
					acctest.WantField(t, "certificate b", env.Get(env.CorePath("tls-sni", "certificates", certB)), "snis", []any{"*.example.com"})
					return nil
				},
			},
			{
				// Deleting the SNI changes what Konnect lists under certificate b; updating
				// certificate b in the same apply is not refused for it.
				Config: sniDroppedConfig(env, a, b),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(s, plancheck.ResourceActionDestroy),
					plancheck.ExpectResourceAction("konnect_gateway_certificate.b", plancheck.ResourceActionUpdate),
				}},
				Check: func(st *terraform.State) error {
					cert := env.Get(env.CorePath("tls-sni", "certificates") + "/" + st.RootModule().Resources["konnect_gateway_certificate.b"].Primary.ID)
					acctest.WantField(t, "certificate b", cert, "tags", []any{"without-sni"})
					acctest.WantField(t, "certificate b", cert, "snis", []any{})
					return nil
				},
			},
		},
	})
}

// An SNI pointing at a certificate that does not exist fails at apply, on the attribute.
func TestAccTLSSNIUnknownCertificate(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.ProviderBlock("") + acctest.TLSCP("tls-sni-missing") + `
resource "konnect_gateway_sni" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "api.example.com"
  certificate      = { id = "5b1c2d3e-0000-4000-8000-0000000000ff" }
}
`,
				ExpectError: regexp.MustCompile(`(?s)Could not create konnect_gateway_sni.*with konnect_gateway_sni\.s,.*certificate\s+=.*Konnect rejected certificate:\s+certificate\.id\s+\(type:\s+foreign\)\s+constraint\s+failed`),
			},
			{
				PreConfig: func() {
					if all, err := env.Client.ListEntities(context.Background(), env.CorePath("tls-sni-missing", "snis"), nil); err != nil || len(all) != 0 {
						t.Errorf("SNIs in Konnect after the refused create: %v %v", all, err)
					}
				},
				Config: env.ProviderBlock("") + acctest.TLSCP("tls-sni-missing"),
			},
		},
	})
}

// --- keys ---------------------------------------------------------------------------------

func pemKeyConfig(e *acctest.Env, p acctest.TLSPair) string {
	return e.ProviderBlock("") + acctest.TLSCP("tls-pem-key") + fmt.Sprintf(`
resource "konnect_gateway_key" "k" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  kid              = "pem-1"
  pem = {
    private_key = %q
    public_key  = %q
  }
}
`, p.Key, p.Public)
}

// A PEM key: the private key is sensitive in every plan and Konnect holds it as written.
func TestAccTLSKeyPEM(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	const k = "konnect_gateway_key.k"
	first, second := acctest.TLSTestPEM(t, "k", false), acctest.TLSTestPEM(t, "k", false)
	key := func() konnect.Object { return env.Only(env.CorePath("tls-pem-key", "keys")) }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: pemKeyConfig(env, first),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					// pem is sensitive as a whole, private key included.
					plancheck.ExpectSensitiveValue(k, tfjsonpath.New("pem")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(k, tfjsonpath.New("pem").AtMapKey("public_key"), knownvalue.StringExact(first.Public)),
					statecheck.ExpectKnownValue(k, tfjsonpath.New("jwk"), knownvalue.Null()),
				},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "key", key()["pem"].(map[string]any), "private_key", first.Key)
					return nil
				},
			},
			{
				Config: pemKeyConfig(env, second),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(k, plancheck.ResourceActionUpdate),
					plancheck.ExpectSensitiveValue(k, tfjsonpath.New("pem")),
				}},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "key", key()["pem"].(map[string]any), "private_key", second.Key)
					return nil
				},
			},
			{ResourceName: k, ImportState: true, ImportStateVerify: true, ImportStateIdFunc: acctest.ImportID(k)},
		},
	})
}

// --- validation at plan time --------------------------------------------------------------

// tlsInvalid is one invalid resource block and the error naming its attribute.
type tlsInvalid struct {
	typeName, body string
	want           string // regexp
}

// tlsValidationSteps plans each block alone; every one must fail before reaching Konnect.
func tlsValidationTest(t *testing.T, cases []tlsInvalid) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	steps := make([]resource.TestStep, 0, len(cases))
	for _, c := range cases {
		steps = append(steps, resource.TestStep{
			Config:      env.ProviderBlock("") + fmt.Sprintf("resource %q \"bad\" {\n  control_plane_id = \"5b1c2d3e-0000-4000-8000-000000000001\"\n%s\n}\n", c.typeName, c.body),
			ExpectError: regexp.MustCompile(`(?s)with ` + regexp.QuoteMeta(c.typeName) + `\.bad.*` + c.want),
		})
	}
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: steps})
	if n := len(env.Mock.Counts()); n != 0 {
		t.Errorf("invalid configuration reached Konnect: %v", env.Mock.Counts())
	}
}

func TestAccTLSValidationUpstreamsAndTargets(t *testing.T) {
	const up, tg = "konnect_gateway_upstream", "konnect_gateway_target"
	target := "  upstream_id = \"5b1c2d3e-0000-4000-8000-000000000002\"\n"
	tlsValidationTest(t, []tlsInvalid{
		{up, `name = "u"` + "\n" + `slots = 5`, `Attribute slots value must be between 10 and 65536, got: 5`},
		{up, `name = "u"` + "\n" + `algorithm = "random"`, `Attribute algorithm value must be one of:.*"round-robin"`},
		{up, `name = "u"` + "\n" + `hash_on = "header"`, `hash_on = "header" needs hash_on_header to be set as well`},
		{up, `name = "u"` + "\n" + `hash_fallback = "query_arg"`, `hash_fallback = "query_arg" needs\s+hash_fallback_query_arg`},
		{up, `name = "u"` + "\n" + `healthchecks = { active = { timeout = 70000 } }`, `Attribute healthchecks\.active\.timeout value must be between 0\.0+ and\s+65535`},
		{up, `name = "u"` + "\n" + `healthchecks = { active = { healthy = { http_statuses = [200, 42] } } }`, `Attribute healthchecks\.active\.healthy\.http_statuses\[1\] value must\s+be\s+between\s+100\s+and\s+999,\s+got:\s+42`},
		{up, `name = "u"` + "\n" + `healthchecks = { threshold = 101 }`, `Attribute healthchecks\.threshold value must be between 0\.0+ and\s+100\.0+, got: 101`},
		{up, `name = "u"` + "\n" + `client_certificate = { id = "web" }`, `client_certificate\.id = "web" must be the UUID`},
		{up, `name = "u"` + "\n" + `tags = ["a,b"]`, `tags.*must not contain`},
		{tg, target + `target = "10.0.0.1"`, `target = "10\.0\.0\.1": expected host:port`},
		{tg, target + `target = "10.0.0.1:99999"`, `target = "10\.0\.0\.1:99999": expected host:port`},
		{tg, target + `target = "10.0.0.1:80"` + "\n" + `weight = 70000`, `Attribute weight value must be between 0 and 65535, got: 70000`},
		{tg, `upstream_id = "orders"` + "\n" + `target = "10.0.0.1:80"`, `Attribute upstream_id must be a UUID, got: orders`},
	})
}

func TestAccTLSValidationCertificatesAndSNIs(t *testing.T) {
	const crt, ca, sni = "konnect_gateway_certificate", "konnect_gateway_ca_certificate", "konnect_gateway_sni"
	p := acctest.TLSTestPEM(t, "a.example.com", false)
	pair := fmt.Sprintf("cert = %q\nkey = %q\n", p.Cert, p.Key)
	tlsValidationTest(t, []tlsInvalid{
		{crt, fmt.Sprintf("cert = \"not a certificate\"\nkey = %q", p.Key), `cert must be a PEM-encoded CERTIFICATE: text beginning with -----BEGIN`},
		{crt, fmt.Sprintf("cert = %q\nkey = %q", p.Cert, p.Cert), `key holds a PEM "CERTIFICATE" block; a PRIVATE KEY is\s+expected`},
		{crt, pair + fmt.Sprintf("cert_alt = %q", p.Cert), `Attribute "key_alt" or "key_alt_wo" must be specified when "cert_alt" is\s+specified`},
		{ca, `cert = "-----BEGIN CERTIFICATE-----\nbm9wZQ==\n"`, `cert begins like PEM but could not be decoded`},
		{sni, `name = "bad name!"` + "\n" + `certificate = { id = "5b1c2d3e-0000-4000-8000-000000000003" }`, `Attribute name must be a host name`},
		{sni, `name = "api.example.com"` + "\n" + `certificate = { id = "my-cert" }`, `certificate\.id = "my-cert" must be the UUID`},
	})
}

func TestAccTLSValidationVaultsAndKeys(t *testing.T) {
	const vault, set, key = "konnect_gateway_vault", "konnect_gateway_key_set", "konnect_gateway_key"
	p := acctest.TLSTestPEM(t, "k", false)
	jwk := `jwk = jsonencode({ kty = "oct", kid = "k2", k = "c2VjcmV0" })`
	tlsValidationTest(t, []tlsInvalid{
		{vault, `name = "s3"` + "\n" + `prefix = "ok"`, `Attribute name value must be one of:.*"env"`},
		{vault, `name = "env"` + "\n" + `prefix = "Bad_Prefix"`, `Attribute prefix must start with a lowercase letter`},
		{vault, `name = "env"` + "\n" + `prefix = "app"` + "\n" + `config = "[1]"`, `config must be a JSON object`},
		{set, `name = ""`, `Attribute name string length must be at least 1`},
		{key, `kid = "k1"`, `No attribute specified when one \(and only one\) of \[jwk,pem\] is required`},
		{key, `kid = "k2"` + "\n" + jwk + "\n" + fmt.Sprintf("pem = { private_key = %q }", p.Key), `2 attributes specified when one \(and only one\) of`},
		{key, `kid = "k1"` + "\n" + jwk, `The kid inside jwk \("k2"\) must equal kid \("k1"\)`},
		{key, `kid = "k1"` + "\n" + `pem = {}`, `At least one attribute out of \[pem\.public_key,pem\.private_key\]\s+must\s+be\s+specified`},
		{key, `kid = "k1"` + "\n" + fmt.Sprintf("pem = { private_key = %q }", p.Public), `pem\.private_key holds a PEM "PUBLIC KEY" block`},
		{key, `kid = "k1"` + "\n" + jwk + "\n" + `set = { id = "signing" }`, `set\.id = "signing" must be the UUID`},
	})
}

// A conflict on a certificate's key names the attribute but never prints key material.
func TestAccTLSCertificateConflictRedacted(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	first, second := acctest.TLSTestPEM(t, "a.example.com", false), acctest.TLSTestPEM(t, "a.example.com", false)
	certs := func() string { return env.CorePath("tls-cert-conflict", "certificates") }
	config := func(p acctest.TLSPair) string {
		return env.ProviderBlock("") + acctest.TLSCP("tls-cert-conflict") + fmt.Sprintf(`
resource "konnect_gateway_certificate" "c" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  cert             = %q
  key              = %q
}
`, p.Cert, p.Key)
	}
	keyLines := func(p acctest.TLSPair) []string { return strings.Split(strings.TrimSpace(p.Key), "\n")[1:2] }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		ErrorCheck: func(err error) error {
			for _, line := range append(keyLines(first), keyLines(second)...) {
				if strings.Contains(err.Error(), line) {
					t.Errorf("a diagnostic printed private key material: %q", line)
				}
			}
			return err
		},
		Steps: []resource.TestStep{
			{Config: config(first)},
			{
				// Someone rotates the pair in Konnect; configuration would put the old one back.
				PreConfig: func() {
					id := env.Only(certs())["id"].(string)
					env.Edit(certs()+"/"+id, acctest.SetAll(konnect.Object{"cert": second.Cert, "key": second.Key}))
				},
				Config:      config(first),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*key\s+last applied: \(a\s+secret\)\s+in Konnect now: \(a\s+different\s+secret\)`),
			},
			func() resource.TestStep {
				// Adopting Konnect's pair writes nothing.
				s := env.AdoptionStep(config(second), "konnect_gateway_certificate.c")
				s.PreConfig = func() {
					acctest.WantField(t, "after the refused plan", env.Only(certs()), "key", second.Key)
					env.ResetRequests()
				}
				return s
			}(),
		},
	})
}

// A PEM key given by its private key alone.
//
// On create pem.public_key is unknown: the body carries pem with only the private key.
func TestAccTLSKeyPEMPrivateOnly(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	p := acctest.TLSTestPEM(t, "k", false)
	config := env.ProviderBlock("") + acctest.TLSCP("tls-pem-private") + fmt.Sprintf(`
resource "konnect_gateway_key" "k" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  kid              = "pem-private"
  pem              = { private_key = %q }
}
`, p.Key)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("konnect_gateway_key.k", tfjsonpath.New("pem").AtMapKey("public_key"), knownvalue.Null()),
				},
			},
		},
	})
}
