package gateway_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// pluginCheckConfig is a control plane and one plugin of it.
func pluginCheckConfig(e *acctest.Env, name, config string) string {
	return e.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = "checks"
}

resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = %q
  config           = jsonencode(%s)
}
`, name, config)
}

// schemaReads counts the reads of a plugin's schema among the requests since the last reset.
func schemaReads(e *acctest.Env, plugin string) int {
	n := 0
	for _, r := range e.Requests() {
		if strings.HasPrefix(r, "GET ") && strings.HasSuffix(r, "/core-entities/schemas/plugins/"+plugin) {
			n++
		}
	}
	return n
}

// wrapped compiles a pattern whose spaces match any white space: the CLI wraps long lines.
func wrapped(pattern string) *regexp.Regexp {
	return regexp.MustCompile(strings.ReplaceAll(pattern, " ", `\s+`))
}

// planCheckFunc is a plan check written as a function.
type planCheckFunc func(resp *plancheck.CheckPlanResponse)

func (f planCheckFunc) CheckPlan(_ context.Context, _ plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	f(resp)
}

// A plugin's config is checked at plan against the schema its control plane serves: each
// mistake fails the plan with an error on `config` naming its path (an unknown plugin name
// is an error on `name`), and nothing reaches Konnect. A valid configuration plans and
// applies; a plan that changes nothing reads no schema.
func TestAccPluginCheck_AtPlan(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	bad := func(name, config, want string) resource.TestStep {
		return resource.TestStep{Config: pluginCheckConfig(env, name, config), ExpectError: wrapped(want)}
	}
	held := func() int { return len(env.List(env.CorePath("checks", "plugins"))) }
	valid := pluginCheckConfig(env, "rate-limiting", `{ minute = 5, policy = "redis", redis = { host = "redis.internal", port = 6380, password = "{vault://env/redis-password}" } }`) + `
resource "konnect_gateway_plugin" "trace" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "correlation-id"
}
`
	valid = strings.Replace(valid, `name             = "rate-limiting"`, `name             = "rate-limiting"
  instance_name    = "limit"`, 1)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				// The control plane first: its id is known when the plugins below are planned.
				Config: env.ProviderBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "checks" }`,
			},
			bad("rate-limiting", `{ minuet = 5 }`,
				"(?s)Invalid plugin configuration.*with konnect_gateway_plugin.p,.*on terraform_plugin_test.tf line.*config.*`config.minuet`: unknown field; did you mean\\s+`minute`\\?"),
			bad("rate-limiting", `{ minute = 5, policy = "locl" }`,
				"(?s)`config.policy`: \"locl\" is not allowed: expected one of \"cluster\",\\s+\"local\", \"redis\"; did you mean `local`\\?"),
			bad("rate-limiting", `{ minute = 5, redis = { port = "6379" } }`,
				"(?s)`config.redis.port`: a string was given: expected an\\s+integer"),
			bad("rate-limiting", `{ minute = 5, redis = { port = 70000 } }`,
				"(?s)`config.redis.port`: 70000 is out of range: expected a value\\s+between 0 and 65535"),
			bad("openid-connect", `{}`,
				"(?s)`config.issuer`: missing required field: expected a string"),
			bad("rate-limitng", `{ minute = 5 }`,
				"(?s)Unknown plugin.*with konnect_gateway_plugin.p,.*name.*has no plugin\\s+`rate-limitng`"),
			// The rules across fields of Kong's schema (entity_checks), issue 33, part 5.
			bad("rate-limiting", `{}`,
				"(?s)`config`: at least one of these fields must be non-empty: 'config.second', 'config.minute'"),
			bad("rate-limiting", `{ minute = 5, policy = "redis" }`,
				"(?s)`config.redis.host`: failed conditional validation given value of field 'config.policy'"),
			bad("acl", `{ allow = ["a"], deny = ["b"] }`,
				"(?s)`config`: only one of these fields must be non-empty: 'config.allow', 'config.deny'"),
			{
				// config_secrets: its paths and types are checked the same way, on config_secrets,
				// and no value of it is quoted.
				Config: strings.Replace(pluginCheckConfig(env, "rate-limiting", `{ minute = 5, policy = "redis", redis = { host = "redis.internal" } }`),
					"  config           = jsonencode(", "  config_secrets   = jsonencode({ redis = { passwrd = \"hunter2-redis-pass\" } })\n  config           = jsonencode(", 1),
				ExpectError: wrapped("(?s)Invalid plugin configuration in config_secrets.*with konnect_gateway_plugin.p,.*config_secrets.*`config.redis.passwrd`: unknown field; did you mean `password`\\?"),
			},
			{
				// Fields of the schema beyond config: a scope the plugin cannot have (acl's
				// consumer = typedefs.no_consumer), a protocol it does not run on.
				Config: pluginCheckConfig(env, "acl", `{ allow = ["staff"] }`) + `
resource "konnect_gateway_consumer" "c" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  username         = "alice"
}
resource "konnect_gateway_plugin" "scoped" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "acl"
  config           = jsonencode({ allow = ["staff"] })
  consumer         = { id = konnect_gateway_consumer.c.id }
}
resource "konnect_gateway_plugin" "tcp" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = 5 })
  protocols        = ["tcp"]
}
`,
				ExpectError: wrapped("(?s)(Scope the plugin cannot have.*konnect_gateway_plugin.scoped.*consumer.*Plugin `acl` cannot be scoped to a consumer.*Protocol the plugin does not run on.*konnect_gateway_plugin.tcp.*Plugin `rate-limiting` does not run on tcp" +
					"|Protocol the plugin does not run on.*konnect_gateway_plugin.tcp.*Plugin `rate-limiting` does not run on tcp.*Scope the plugin cannot have.*konnect_gateway_plugin.scoped.*Plugin `acl` cannot be scoped to a consumer)"),
			},
			bad("rate-limiting", `{ minute = 5, error_message = "{vault://env/message}" }`,
				"(?s)`config.error_message`: a vault reference is not allowed here: this field\\s+is not referenceable"),
			{
				// Every problem at once: one error each.
				PreConfig: func() {
					if n := held(); n != 0 {
						t.Errorf("Konnect holds %d plugin(s) after plans that failed, want 0", n)
					}
				},
				Config:      pluginCheckConfig(env, "rate-limiting", `{ minuet = 5, policy = "locl", fault_tolerant = "yes" }`),
				ExpectError: wrapped("(?s)`config.minuet`.*`config.fault_tolerant`: a string was given.*`config.policy`: \"locl\""),
			},
			{
				// A vault reference where the field is referenceable passes; a plugin without
				// config is checked too (its schema is read).
				PreConfig: func() {
					if n := held(); n != 0 {
						t.Errorf("Konnect holds %d plugin(s) after plans that failed, want 0", n)
					}
					env.ResetRequests()
				},
				Config: valid,
				Check: func(*terraform.State) error {
					if len(env.List(env.CorePath("checks", "plugins"))) != 2 {
						t.Errorf("Konnect holds %d plugins, want 2", held())
					}
					p := env.Get(env.CorePath("checks", "plugins", "limit"))
					acctest.WantConfig(t, "rate-limiting", p, "minute", 5)
					acctest.WantConfig(t, "rate-limiting", p, "policy", "redis")
					if n := schemaReads(env, "correlation-id"); n == 0 {
						t.Errorf("creating a correlation-id plugin read its schema %d times, want at least 1", n)
					}
					return nil
				},
			},
			{
				// A plan that changes nothing reads no schema for the check (the plugin
				// without config: nothing else reads its schema).
				PreConfig: env.ResetRequests,
				Config:    valid,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					planCheckFunc(func(resp *plancheck.CheckPlanResponse) {
						if n := schemaReads(env, "correlation-id"); n != 0 {
							resp.Error = fmt.Errorf("a plan that changes nothing read the correlation-id schema %d time(s), want 0", n)
						}
					}),
				}},
			},
			{
				// An update is checked too; the failed plan leaves Konnect's plugin as it was.
				Config:      strings.Replace(valid, "port = 6380", "prot = 6380", 1),
				ExpectError: wrapped("(?s)`config.redis.prot`: unknown field; did you mean `port`\\?"),
			},
		},
	})
}

// A control plane created in the same run has no id at plan: its plugin is checked then
// against the schemas embedded in the provider, and a valid one applies. At apply,
// Terraform plans the plugin again once the control plane exists: the check runs then
// against the control plane's schema, before the plugin is written. What the check does
// not know, Konnect refuses, naming the path in config.
func TestAccPluginCheck_ControlPlaneUnknownAtPlan(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	other := func(config string) string {
		return pluginCheckConfig(env, "rate-limiting", `{ minute = 5, policy = "local" }`) + `
resource "konnect_gateway_control_plane" "other" { name = "other" }

resource "konnect_gateway_plugin" "q" {
  control_plane_id = konnect_gateway_control_plane.other.id
  name             = "rate-limiting"
  config           = jsonencode(` + config + `)
}
`
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: pluginCheckConfig(env, "rate-limiting", `{ minute = 5, policy = "local" }`),
				Check: func(*terraform.State) error {
					p := env.Only(env.CorePath("checks", "plugins"))
					acctest.WantConfig(t, "rate-limiting", p, "minute", 5)
					return nil
				},
			},
			{
				Config:      other(`{ minuet = 5 }`),
				ExpectError: wrapped("(?s)Invalid plugin configuration.*with konnect_gateway_plugin.q,.*`config.minuet`: unknown field; did you mean `minute`\\?.*schemas embedded in the provider"),
			},
			{
				PreConfig: func() {
					if cp := env.ControlPlaneByName("other"); cp != nil {
						t.Errorf("control plane other was created by a plan that failed its check")
					}
				},
				// The mock's schema does not carry the rule that a limit is positive.
				Config:      other(`{ minute = -1 }`),
				ExpectError: wrapped("(?s)Could not create konnect_gateway_plugin.*with konnect_gateway_plugin.q,.*Konnect rejected config.minute: value must be greater than 0"),
			},
		},
	})
}

// A partial's config is checked at plan against its type's schema the same way.
func TestAccPartialCheck_AtPlan(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	partial := func(config string) string {
		return env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" { name = "checks" }

resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shared-redis"
  type             = "redis-ee"
  config           = jsonencode(` + config + `)
}
`
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.ProviderBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "checks" }`},
			{
				Config: partial(`{ hots = "redis.internal", port = "6379", sentinel_role = "primary", cluster_nodes = [{ ip = "10.0.0.1", port = 70000 }] }`),
				// One error each: unknown keys first, then the schema's fields in its order.
				ExpectError: wrapped("(?s)Invalid partial type configuration.*with konnect_gateway_partial.redis,.*`config.hots`: unknown field; did you mean `host`\\?" +
					".*`config.cluster_nodes\\[0\\].port`: 70000 is out of range" +
					".*`config.port`: a string was given: expected an integer" +
					".*`config.sentinel_role`: \"primary\" is not allowed: expected one of \"any\", \"master\", \"slave\""),
			},
			{
				PreConfig: func() {
					if n := len(env.List(env.CorePath("checks", "partials"))); n != 0 {
						t.Errorf("Konnect holds %d partial(s) after a plan that failed, want 0", n)
					}
				},
				Config: partial(`{ host = "redis.internal", port = 6380, password = "{vault://env/redis-password}" }`),
				Check: func(*terraform.State) error {
					p := env.Only(env.CorePath("checks", "partials"))
					acctest.WantConfig(t, "partial", p, "port", 6380)
					return nil
				},
			},
		},
	})
}

// When the schema cannot be read (Konnect answers 503 after the client's retries), the plan
// goes on: a valid plugin applies, and a mistake is Konnect's to refuse at apply.
func TestAccPluginCheck_SchemaUnreadable(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/core-entities/schemas/plugins/") {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"message": "service unavailable"}`))
			return
		}
		env.Mock.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	provider := fmt.Sprintf("provider \"konnect\" {\n  server_url            = %q\n  personal_access_token = %q\n}\n", front.URL, acctest.TestToken)
	config := func(plugin string) string {
		return provider + `
resource "konnect_gateway_control_plane" "cp" { name = "checks" }

resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode(` + plugin + `)
}
`
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config(`{ minute = 5 }`),
				Check: func(*terraform.State) error {
					acctest.WantConfig(t, "rate-limiting", env.Only(env.CorePath("checks", "plugins")), "minute", 5)
					return nil
				},
			},
			{
				Config:      config(`{ minuet = 5 }`),
				ExpectError: wrapped("(?s)Could not update konnect_gateway_plugin.*Konnect rejected config.minuet: unknown field"),
			},
		},
	})
}

// A config not known at plan (it holds the id of a service created in the same run) is not
// checked then: the plan succeeds. Terraform plans the plugin again during the apply, once
// the value is known: the check runs then, and the plugin is not written.
func TestAccPluginCheck_ConfigUnknownAtPlan(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" { name = "checks" }
`
	withPlugin := config + `
resource "konnect_gateway_service" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}

resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minuet = 5, header_name = "x-${konnect_gateway_service.s.id}" })
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config},
			{Config: withPlugin, PlanOnly: true, ExpectNonEmptyPlan: true},
			{
				Config:      withPlugin,
				ExpectError: wrapped("(?s)Invalid plugin configuration.*`config.minuet`: unknown field; did you mean `minute`\\?"),
			},
			{
				PreConfig: func() {
					if n := len(env.List(env.CorePath("checks", "plugins"))); n != 0 {
						t.Errorf("Konnect holds %d plugin(s) after a failed check, want 0", n)
					}
					if n := len(env.List(env.CorePath("checks", "services"))); n != 1 {
						t.Errorf("Konnect holds %d service(s), want 1 (written before the plugin was planned again)", n)
					}
				},
				Config: config,
			},
		},
	})
}
