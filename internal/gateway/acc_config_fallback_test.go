package gateway_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// embeddedWording is what an error of the plan-time check says when the control plane is
// created in the same run: the provider's embedded schemas were used, and the apply checks
// again against the control plane.
const embeddedWording = "Checked against the schemas embedded in the provider, of Kong Gateway 3.15: the control plane is not known yet \\(it is created in this run\\)\\. " +
	"The apply checks `config` again against the schema the control plane serves, before the "

// wantNoControlPlane fails the test when Konnect holds any control plane (and so any
// entity of one).
func wantNoControlPlane(e *acctest.Env, after string) {
	e.T.Helper()
	cps, err := e.Client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{})
	if err != nil {
		e.T.Fatalf("list control planes: %v", err)
	}
	if len(cps) != 0 {
		e.T.Errorf("Konnect holds %d control plane(s) after %s, want none", len(cps), after)
	}
}

// noSchemaRead fails the test when a schema was read since the last reset of requests.
func noSchemaRead(e *acctest.Env, when string) {
	e.T.Helper()
	for _, r := range e.Requests() {
		if strings.Contains(r, "/core-entities/schemas/") {
			e.T.Errorf("%s read a schema from Konnect: %s", when, r)
		}
	}
}

// A control plane and a plugin of it created in the same configuration: the control
// plane's id is not known at plan, so the plugin's config is checked against the schemas
// embedded in the provider. A typo fails the plan, naming its path, and nothing is
// written: no control plane, no plugin. A partial's config is checked the same way.
func TestAccConfigFallback_PlanFailsOnTypo(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	partial := env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" { name = "checks" }

resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  type             = "redis-ce"
  config           = jsonencode({ prot = 6379, password = "s3cr3t-in-the-wrong-place", timeout = "soon" })
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				PreConfig: env.ResetRequests,
				Config:    pluginCheckConfig(env, "rate-limiting", `{ minuet = 5, policy = "locl" }`),
				ExpectError: wrapped("(?s)Invalid plugin configuration.*with konnect_gateway_plugin.p,.*config.*`config.minuet`: unknown field; did you mean `minute`\\?.*" +
					embeddedWording + "konnect_gateway_plugin is written\\..*" +
					"`config.policy`: \"locl\" is not allowed: expected one of \"cluster\", \"local\", \"redis\"; did you mean `local`\\?.*" + embeddedWording),
			},
			{
				PreConfig: func() {
					wantNoControlPlane(env, "a plan that failed")
					noSchemaRead(env, "a plan of a control plane not created yet")
				},
				Config: partial,
				ExpectError: wrapped("(?s)Invalid partial type configuration.*with konnect_gateway_partial.redis,.*`config.prot`: unknown field; did you mean `port`\\?.*" +
					embeddedWording + "konnect_gateway_partial is written\\..*`config.timeout`: a string was given: expected an integer"),
			},
			{
				PreConfig: func() { wantNoControlPlane(env, "plans that failed") },
				Config:    env.ProviderBlock(""),
			},
		},
	})
}

// A valid configuration of a control plane created in the same run passes the embedded
// schemas and applies (a vault reference where the field is referenceable, a plugin the
// provider does not embed is left to the apply's check against the control plane).
func TestAccConfigFallback_ValidApplies(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := pluginCheckConfig(env, "rate-limiting", `{ minute = 5, policy = "local" }`) + `
resource "konnect_gateway_plugin" "log" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "http-log"
  config = jsonencode({
    http_endpoint = "https://logs.example/ingest"
    headers       = { authorization = "{vault://env/log-token}" }
  })
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(*terraform.State) error {
					plugins := env.List(env.CorePath("checks", "plugins"))
					if len(plugins) != 2 {
						t.Fatalf("Konnect holds %d plugins, want 2", len(plugins))
					}
					for _, p := range plugins {
						switch p["name"] {
						case "rate-limiting":
							acctest.WantConfig(t, "rate-limiting", p, "minute", 5)
						case "http-log":
							if got := acctest.Field(p, "config.headers.authorization"); got != "{vault://env/log-token}" {
								t.Errorf("http-log: Konnect holds headers.authorization = %v", got)
							}
						}
					}
					return nil
				},
			},
		},
	})
}

// vaultCheckConfig is a control plane and a HashiCorp vault of it.
func vaultCheckConfig(e *acctest.Env, config string) string {
	return e.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" { name = "checks" }

resource "konnect_gateway_vault" "v" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "hcv"
  prefix           = "corp-vault"
  config           = jsonencode(` + config + `)
}
`
}

// A vault's config is checked at plan by its type: created with its control plane, against
// the provider's embedded schemas; on a control plane that exists, against the schema it
// serves. Each mistake fails the plan naming its path (a credential given is never
// repeated), and nothing is written; a valid configuration applies.
func TestAccConfigFallback_Vault(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	bad := `{ host = "vault.internal", prot = 8200, kv = "v3", token = "hvs.s3cr3t-token-value" }`
	badErr := "(?s)Invalid vault configuration.*with konnect_gateway_vault.v,.*`config.prot`: unknown field; did you mean `port`\\?.*"
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      vaultCheckConfig(env, bad),
				ExpectError: wrapped(badErr + embeddedWording + "konnect_gateway_vault is written\\..*`config.kv`: \"v3\" is not allowed: expected one of \"v1\", \"v2\""),
			},
			{
				PreConfig: func() { wantNoControlPlane(env, "a plan that failed") },
				Config:    env.ProviderBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "checks" }`,
			},
			{
				PreConfig:   env.ResetRequests,
				Config:      vaultCheckConfig(env, bad),
				ExpectError: wrapped(badErr + "Checked against the schema of vault `hcv` that control plane [0-9a-f-]{36} serves; the konnect_gateway_vault was not written\\."),
			},
			{
				PreConfig: func() {
					if n := len(env.List(env.CorePath("checks", "vaults"))); n != 0 {
						t.Errorf("Konnect holds %d vault(s) after a plan that failed, want 0", n)
					}
					found := false
					for _, r := range env.Requests() {
						found = found || strings.HasSuffix(r, "/core-entities/schemas/vaults/hcv")
					}
					if !found {
						t.Error("the plan did not read the vault's schema from the control plane")
					}
				},
				Config: vaultCheckConfig(env, `{ host = "vault.internal", port = 8201, kv = "v2", token = "{vault://env/hcv-token}" }`),
				Check: func(*terraform.State) error {
					v := env.Only(env.CorePath("checks", "vaults"))
					for k, want := range map[string]any{"config.port": 8201, "config.kv": "v2", "config.host": "vault.internal"} {
						if got := acctest.Field(v, k); fmt.Sprint(got) != fmt.Sprint(want) {
							t.Errorf("Konnect holds %s = %v, want %v", k, got, want)
						}
					}
					return nil
				},
			},
		},
	})
}
