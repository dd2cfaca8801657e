package gateway_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/config"
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

// Acceptance tests of the proxy kinds: routes, plugins, consumers, consumer groups and
// their members, and consumer credentials, beyond what each kind's row in TestAccKinds
// proves (create, update, stale saved plans, conflicts, import): validation, references,
// and what is particular to a kind.

// groupMembers lists the ids of a consumer group's members as Konnect holds them.
func groupMembers(e *acctest.Env, cpName, group string) []string {
	e.T.Helper()
	list, err := e.Client.ListEntities(context.Background(), konnect.CoreEntitiesPath(e.CPID(cpName), "consumer_groups", group, "consumers"), nil)
	if err != nil {
		e.T.Fatalf("list members of %s: %v", group, err)
	}
	ids := []string{}
	for _, c := range list {
		ids = append(ids, c["id"].(string))
	}
	return ids
}

// staleDiagFor is Guard 1's diagnostic for a resource type.
func staleDiagFor(typeName string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*` + typeName +
		`\s+\(id\s+[0-9a-f-]{36},\s+control\s+plane\s+[0-9a-f-]{36}\).*revision now:.*Nothing was written`)
}

// --- routes -----------------------------------------------------------------------------

type routeCase struct {
	paths        string
	stripPath    bool
	preserveHost bool
	priority     int
}

func routeConfig(e *acctest.Env, c routeCase) string {
	return e.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = "routes"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}

resource "konnect_gateway_route" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  service          = { id = konnect_gateway_service.orders.id }
  methods          = ["POST", "GET"]
  hosts            = ["api.example.com"]
  paths            = %s
  headers          = { x-version = ["1", "2"] }
  strip_path       = %t
  preserve_host    = %t
  tags             = ["team-orders", "edge"]
}

resource "konnect_gateway_route" "expr" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders-expr"
  service          = { id = konnect_gateway_service.orders.id }
  expression       = "http.path ^= \"/v2/orders\""
  priority         = %d
}

resource "konnect_gateway_route" "tcp" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders-tcp"
  service          = { id = konnect_gateway_service.orders.id }
  protocols        = ["tcp"]
  sources          = [{ ip = "10.0.0.0/8", port = 5000 }]
  destinations     = [{ ip = "10.1.0.1", port = 9000 }]
}
`, c.paths, c.stripPath, c.preserveHost, c.priority)
}

// Traditional, expression and tcp routes: create (Konnect's defaults in state), update in
// place, paths in another order, an attribute configuration does not set following Konnect,
// and import. (Stale saved plans, conflicts and the rest: TestAccKinds/route.)
func TestAccRoute_Lifecycle(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	sameID := statecheck.CompareValue(compare.ValuesSame())
	first := routeCase{paths: `["/orders"]`, stripPath: true, priority: 5}
	second := routeCase{paths: `["/v1/orders", "/orders"]`, stripPath: false, preserveHost: true, priority: 10}
	route := func(name string) konnect.Object { return env.Get(env.CorePath("routes", "routes", name)) }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: routeConfig(env, first),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue("konnect_gateway_route.orders", tfjsonpath.New("id")),
					statecheck.CompareValuePairs("konnect_gateway_route.orders", tfjsonpath.New("service").AtMapKey("id"),
						"konnect_gateway_service.orders", tfjsonpath.New("id"), compare.ValuesSame()),
					// Konnect's defaults, read back into state.
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("protocols"),
						knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("http"), knownvalue.StringExact("https")})),
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("https_redirect_status_code"), knownvalue.Int64Exact(426)),
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("path_handling"), knownvalue.StringExact("v0")),
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("regex_priority"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("request_buffering"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("expression"), knownvalue.Null()),
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("headers"),
						knownvalue.MapExact(map[string]knownvalue.Check{"x-version": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("1"), knownvalue.StringExact("2")})})),
					statecheck.ExpectKnownValue("konnect_gateway_route.expr", tfjsonpath.New("priority"), knownvalue.Int64Exact(5)),
					statecheck.ExpectKnownValue("konnect_gateway_route.expr", tfjsonpath.New("regex_priority"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue("konnect_gateway_route.expr", tfjsonpath.New("paths"), knownvalue.Null()),
					statecheck.ExpectKnownValue("konnect_gateway_route.tcp", tfjsonpath.New("sources"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{
							"ip": knownvalue.StringExact("10.0.0.0/8"), "port": knownvalue.Int64Exact(5000)})})),
				},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "route orders", route("orders"), "paths", []any{"/orders"})
					acctest.WantField(t, "route orders", route("orders"), "strip_path", true)
					acctest.WantField(t, "route orders-expr", route("orders-expr"), "expression", `http.path ^= "/v2/orders"`)
					acctest.WantField(t, "route orders-tcp", route("orders-tcp"), "destinations", []any{map[string]any{"ip": "10.1.0.1", "port": 9000}})
					return nil
				},
			},
			{
				Config: routeConfig(env, second),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_route.orders", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("konnect_gateway_route.expr", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("konnect_gateway_route.tcp", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue("konnect_gateway_route.orders", tfjsonpath.New("id")),
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("strip_path"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("konnect_gateway_route.expr", tfjsonpath.New("priority"), knownvalue.Int64Exact(10)),
				},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "route orders", route("orders"), "strip_path", false)
					acctest.WantField(t, "route orders", route("orders"), "preserve_host", true)
					if got := fmt.Sprint(route("orders")["paths"]); got != "[/v1/orders /orders]" && got != "[/orders /v1/orders]" {
						t.Errorf("route orders: Konnect holds paths %s", got)
					}
					acctest.WantField(t, "route orders-expr", route("orders-expr"), "priority", 10)
					return nil
				},
			},
			{
				// The paths again in another order: a set, so nothing to do. Someone raises
				// regex_priority in Konnect: configuration does not set it, so it follows Konnect.
				PreConfig:        func() { env.Edit(env.CorePath("routes", "routes", "orders"), acctest.Set("regex_priority", 7)) },
				Config:           routeConfig(env, routeCase{paths: `["/orders", "/v1/orders"]`, preserveHost: true, priority: 10}),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("konnect_gateway_route.orders", tfjsonpath.New("regex_priority"), knownvalue.Int64Exact(7)),
				},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "after re-planning", route("orders"), "regex_priority", 7)
					return nil
				},
			},
			{
				ResourceName: "konnect_gateway_route.orders", ImportState: true, ImportStateVerify: true,
				ImportStateIdFunc: acctest.ImportID("konnect_gateway_route.orders"),
			},
			{
				ResourceName: "konnect_gateway_route.expr", ImportState: true, ImportStateVerify: true,
				ImportStateIdFunc: acctest.ImportID("konnect_gateway_route.expr"),
			},
		},
	})
}

// A route that references a service that does not exist fails at apply, on the attribute.
func TestAccRoute_UnknownService(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" {
  name = "dangling"
}

resource "konnect_gateway_route" "orphan" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orphan"
  paths            = ["/orphan"]
  service          = { id = "0b9c5e1a-6f00-4c3b-9a53-4ad7d1d2a0ff" }
}
`,
				ExpectError: regexp.MustCompile(`(?s)Could not create konnect_gateway_route.*` +
					`with konnect_gateway_route.orphan,.*service\s+= \{ id = "0b9c5e1a-6f00-4c3b-9a53-4ad7d1d2a0ff" \}.*` +
					`Konnect rejected service:\s+service.id\s+\(type:\s+foreign\)\s+constraint\s+failed`),
			},
			{
				PreConfig: func() {
					if env.Get(env.CorePath("dangling", "routes", "orphan")) != nil {
						t.Error("the refused route exists in Konnect")
					}
				},
				Config: env.ProviderBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "dangling" }`,
			},
		},
	})
}

// Bad routes fail at plan time, naming the attribute, before anything reaches Konnect.
func TestAccRoute_Validation(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	route := func(body string) string {
		return env.ProviderBlock("") + `
resource "konnect_gateway_route" "bad" {
  control_plane_id = "5b1c2d3e-0000-4000-8000-000000000001"
` + body + "\n}\n"
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      route(`expression = "http.path == \"/a\""` + "\n" + `paths = ["/a"]`),
				ExpectError: regexp.MustCompile(`Attribute "paths" cannot be specified when "expression" is specified`),
			},
			{
				Config:      route(`name = "nothing-to-match"`),
				ExpectError: regexp.MustCompile(`(?s)At least one attribute out of\s+\[.*paths.*expression\]\s+must\s+be\s+specified`),
			},
			{
				Config:      route(`paths = ["/a"]` + "\n" + `priority = 3`),
				ExpectError: regexp.MustCompile(`Attribute "expression" must be specified when "priority" is specified`),
			},
			{
				Config:      route(`paths = ["/a"]` + "\n" + `https_redirect_status_code = 300`),
				ExpectError: regexp.MustCompile(`(?s)Attribute https_redirect_status_code value must be one of`),
			},
			{
				Config:      route(`paths = ["orders"]`),
				ExpectError: regexp.MustCompile(`(?s)Attribute paths\[Value\("orders"\)\] must start with /`),
			},
			{
				Config:      route(`protocols = ["tcp"]` + "\n" + `sources = [{ ip = "10.0.0.1", port = 70000 }]`),
				ExpectError: regexp.MustCompile(`(?s)Attribute sources\[0\]\.port value must be between 0 and 65535`),
			},
			{
				Config:      route(`paths = ["/a"]` + "\n" + `service = { id = "orders" }`),
				ExpectError: regexp.MustCompile(`(?s)service\.id = "orders" must be the UUID`),
			},
		},
	})
	if n := len(env.Mock.Counts()); n != 0 {
		t.Errorf("invalid configuration reached Konnect: %v", env.Mock.Counts())
	}
}

// --- plugins ----------------------------------------------------------------------------

func pluginConfig(e *acctest.Env, minute int, enabled bool) string {
	return e.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = "plugins"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}

resource "konnect_gateway_plugin" "limit" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  instance_name    = "orders-limit"
  service          = { id = konnect_gateway_service.orders.id }
  config           = jsonencode({ minute = %d, policy = "local" })
  enabled          = %t
  protocols        = ["https", "http"]
  tags             = ["edge"]
}

resource "konnect_gateway_plugin" "trace" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "correlation-id"
  config           = jsonencode({ header_name = "X-Trace" })
  ordering = {
    before = { access = ["rate-limiting"] }
    after  = { access = [] }
  }
}
`, minute, enabled)
}

// A scoped plugin and a global one: create, update in place, and import. A config key set in
// Konnect survives Terraform's next update. (Stale saved plans, conflicts and the rest:
// TestAccKindsBothCLIs/plugin.)
func TestAccProxyPlugin_Lifecycle(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	sameID := statecheck.CompareValue(compare.ValuesSame())
	limit := func() konnect.Object { return env.Get(env.CorePath("plugins", "plugins", "orders-limit")) }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: pluginConfig(env, 10, true),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue("konnect_gateway_plugin.limit", tfjsonpath.New("id")),
					// State holds the keys configuration sets, not the defaults Konnect filled in.
					statecheck.ExpectKnownValue("konnect_gateway_plugin.limit", tfjsonpath.New("config"), knownvalue.StringExact(`{"minute":10,"policy":"local"}`)),
					statecheck.ExpectKnownValue("konnect_gateway_plugin.limit", tfjsonpath.New("route"), knownvalue.Null()),
					statecheck.CompareValuePairs("konnect_gateway_plugin.limit", tfjsonpath.New("service").AtMapKey("id"),
						"konnect_gateway_service.orders", tfjsonpath.New("id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue("konnect_gateway_plugin.trace", tfjsonpath.New("enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("konnect_gateway_plugin.trace", tfjsonpath.New("protocols"), knownvalue.SetSizeExact(4)),
					statecheck.ExpectKnownValue("konnect_gateway_plugin.trace", tfjsonpath.New("ordering").AtMapKey("before").AtMapKey("access"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("rate-limiting")})),
				},
				Check: func(*terraform.State) error {
					p := limit()
					acctest.WantConfig(t, "rate-limiting", p, "minute", 10)
					acctest.WantConfig(t, "rate-limiting", p, "limit_by", "consumer") // Konnect's default
					acctest.WantConfig(t, "rate-limiting", p, "fault_tolerant", true)
					acctest.WantField(t, "rate-limiting", p, "enabled", true)
					return nil
				},
			},
			{
				Config: pluginConfig(env, 20, false),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_plugin.limit", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("konnect_gateway_plugin.trace", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue("konnect_gateway_plugin.limit", tfjsonpath.New("id")),
					statecheck.ExpectKnownValue("konnect_gateway_plugin.limit", tfjsonpath.New("enabled"), knownvalue.Bool(false)),
				},
				Check: func(*terraform.State) error {
					acctest.WantConfig(t, "rate-limiting", limit(), "minute", 20)
					acctest.WantField(t, "rate-limiting", limit(), "enabled", false)
					return nil
				},
			},
			{
				// An imported plugin holds Konnect's whole config, defaults included.
				ResourceName: "konnect_gateway_plugin.limit", ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"config"},
				ImportStateIdFunc:       acctest.ImportID("konnect_gateway_plugin.limit"),
			},
			{
				ResourceName: "konnect_gateway_plugin.trace", ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"config"},
				ImportStateIdFunc:       acctest.ImportID("konnect_gateway_plugin.trace"),
			},
			{
				PreConfig: func() {
					env.Edit(env.CorePath("plugins", "plugins", "orders-limit"), acctest.Set("config.hour", 1000))
				},
				// Someone adds an hourly limit in Konnect: configuration does not set hour, and
				// the update keeps it.
				Config: pluginConfig(env, 30, false),
				Check: func(*terraform.State) error {
					acctest.WantConfig(t, "after re-planning", limit(), "minute", 30)
					acctest.WantConfig(t, "after re-planning", limit(), "hour", 1000)
					return nil
				},
			},
		},
	})
}

func pluginDocConfig(e *acctest.Env, limitConfig, transformConfig string) string {
	return e.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = "plugin-json"
}

resource "konnect_gateway_plugin" "limit" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = %s
}

resource "konnect_gateway_plugin" "transform" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "request-transformer"
  config           = %s
}
`, limitConfig, transformConfig)
}

// Konnect fills in defaults (also inside nested objects) and returns keys in its own
// order; configuration that sets a few keys, in any order or spelling, never diffs.
func TestAccProxyPlugin_ConfigDefaultsAndKeyOrder(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	heredoc := "<<EOT\n{\"policy\": \"local\",   \"minute\": 10, \"limit_by\": \"ip\"}\nEOT"
	nested := `jsonencode({ add = { headers = ["x-team:orders"] } })`
	// cloud_authentication = null, as Kong's typed resources send a record left unset: Konnect
	// keeps it null (a record its schema does not require), so the plan stays empty (issue 35)
	eleven := `jsonencode({ minute = 11, limit_by = "ip", policy = "redis", redis = { host = "redis.internal", cloud_authentication = null } })`
	cors := `
resource "konnect_gateway_plugin" "cors" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "cors"
  config           = jsonencode({ origins = ["https://shop.example.com"], credentials = false })
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: pluginDocConfig(env, heredoc, nested),
				ConfigStateChecks: []statecheck.StateCheck{
					// The configured spelling is kept.
					statecheck.ExpectKnownValue("konnect_gateway_plugin.limit", tfjsonpath.New("config"),
						knownvalue.StringExact("{\"policy\": \"local\",   \"minute\": 10, \"limit_by\": \"ip\"}\n")),
					statecheck.ExpectKnownValue("konnect_gateway_plugin.transform", tfjsonpath.New("config"),
						knownvalue.StringExact(`{"add":{"headers":["x-team:orders"]}}`)),
				},
				Check: func(*terraform.State) error {
					limit := env.Get(env.CorePath("plugin-json", "plugins", env.PluginID("plugin-json", "rate-limiting")))
					acctest.WantConfig(t, "rate-limiting", limit, "error_message", "API rate limit exceeded")
					transform := env.Get(env.CorePath("plugin-json", "plugins", env.PluginID("plugin-json", "request-transformer")))
					acctest.WantConfig(t, "request-transformer", transform, "add",
						map[string]any{"body": []any{}, "headers": []any{"x-team:orders"}, "querystring": []any{}})
					return nil
				},
			},
			{
				// Same meaning, other key order and spacing: nothing to do (a plan-only step
				// fails unless its plans, refreshed and not, are empty).
				Config:   pluginDocConfig(env, `"{\"limit_by\":\"ip\",\"minute\":10,\"policy\":\"local\"}"`, `"{ \"add\": { \"headers\": [\"x-team:orders\"] } }"`),
				PlanOnly: true,
			},
			{
				Config:   pluginDocConfig(env, `jsonencode({ minute = 10.0, limit_by = "ip", policy = "local" })`, nested),
				PlanOnly: true,
			},
			{
				// A real change is still seen.
				Config: pluginDocConfig(env, eleven, nested),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_plugin.limit", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("konnect_gateway_plugin.transform", plancheck.ResourceActionNoop),
				}},
				Check: func(*terraform.State) error {
					// the redis record Konnect requires is filled; the nested one it does not, null
					limit := env.Get(env.CorePath("plugin-json", "plugins", env.PluginID("plugin-json", "rate-limiting")))
					redis, _ := limit["config"].(map[string]any)["redis"].(map[string]any)
					acctest.WantField(t, "rate-limiting config.redis", redis, "timeout", float64(2000))
					acctest.WantField(t, "rate-limiting config.redis", redis, "cloud_authentication", nil)
					return nil
				},
			},
			{
				// A plugin made in Konnect and imported: state holds Konnect's whole config ...
				PreConfig: func() {
					_, _, err := env.Client.PutEntity(context.Background(), konnect.CoreEntitiesPath(env.CPID("plugin-json"), "plugins"),
						"3f0c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a090", konnect.Object{"name": "cors", "config": map[string]any{"origins": []any{"https://shop.example.com"}}}, "")
					if err != nil {
						t.Fatal(err)
					}
				},
				Config:             pluginDocConfig(env, eleven, nested) + cors,
				ResourceName:       "konnect_gateway_plugin.cors",
				ImportState:        true,
				ImportStatePersist: true,
				ImportStateIdFunc: func(*terraform.State) (string, error) {
					return env.CPID("plugin-json") + "/3f0c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a090", nil
				},
				ImportStateCheck: func(is []*terraform.InstanceState) error {
					for _, st := range is {
						if st.Attributes["name"] != "cors" {
							continue
						}
						if cfg := st.Attributes["config"]; !strings.Contains(cfg, `"allow_origin_absent":true`) {
							return fmt.Errorf("imported config lacks Konnect's defaults: %s", cfg)
						}
						return nil
					}
					return fmt.Errorf("the cors plugin was not imported")
				},
			},
			{
				// ... and configuration that sets some of its keys to the same values plans nothing.
				Config:   pluginDocConfig(env, eleven, nested) + cors,
				PlanOnly: true,
			},
		},
	})
}

// Bad plugins fail at plan time, naming the attribute.
func TestAccProxyPlugin_Validation(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	plugin := func(body string) string {
		return env.ProviderBlock("") + `
resource "konnect_gateway_plugin" "bad" {
  control_plane_id = "5b1c2d3e-0000-4000-8000-000000000001"
` + body + "\n}\n"
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      plugin(`name = "rate-limiting"` + "\n" + `config = jsonencode(["minute"])`),
				ExpectError: regexp.MustCompile(`(?s)config must be a JSON object`),
			},
			{
				Config:      plugin(`name = "rate-limiting"` + "\n" + `config = "{minute: 10}"`),
				ExpectError: regexp.MustCompile(`(?s)Invalid JSON.*config must be a JSON object`),
			},
			{
				Config:      plugin(`name = "rate limiting"`),
				ExpectError: regexp.MustCompile(`(?s)Attribute name must be a plugin name`),
			},
			{
				Config:      plugin(`name = "cors"` + "\n" + `protocols = ["ftp"]`),
				ExpectError: regexp.MustCompile(`(?s)Attribute protocols\[Value\("ftp"\)\] value must be one of`),
			},
			{
				Config:      plugin(`name = "cors"` + "\n" + `route = { id = "r1" }`),
				ExpectError: regexp.MustCompile(`(?s)route\.id = "r1" must be the UUID`),
			},
		},
	})
	if n := len(env.Mock.Counts()); n != 0 {
		t.Errorf("invalid configuration reached Konnect: %v", env.Mock.Counts())
	}
}

// --- consumers and consumer groups --------------------------------------------------------

// Bad consumers, groups and memberships fail at plan time, naming the attribute.
func TestAccProxyConsumer_Validation(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	const cp = `control_plane_id = "5b1c2d3e-0000-4000-8000-000000000001"`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      env.ProviderBlock("") + `resource "konnect_gateway_consumer" "c" {` + "\n" + cp + "\n" + `tags = ["x"]` + "\n}",
				ExpectError: regexp.MustCompile(`(?s)At least one attribute out of \[.*custom_id.*\] must be specified`),
			},
			{
				Config:      env.ProviderBlock("") + `resource "konnect_gateway_consumer" "c" {` + "\n" + cp + "\n" + `username = "a"` + "\n" + `tags = ["a,b"]` + "\n}",
				ExpectError: regexp.MustCompile(`(?s)Attribute tags\[Value\("a,b"\)\] must not contain`),
			},
			{
				Config:      env.ProviderBlock("") + `resource "konnect_gateway_consumer_group" "g" {` + "\n" + cp + "\n" + `name = ""` + "\n}",
				ExpectError: regexp.MustCompile(`(?s)Attribute name string length must be between 1 and 128`),
			},
			{
				Config: env.ProviderBlock("") + `resource "konnect_gateway_consumer_group_member" "m" {` + "\n" + cp + "\n" +
					`consumer_group_id = "5b1c2d3e-0000-4000-8000-000000000002"` + "\n" + `consumer_id = "alice"` + "\n}",
				ExpectError: regexp.MustCompile(`(?s)Attribute consumer_id must be a UUID`),
			},
		},
	})
	if n := len(env.Mock.Counts()); n != 0 {
		t.Errorf("invalid configuration reached Konnect: %v", env.Mock.Counts())
	}
}

// --- consumer credentials -----------------------------------------------------------------

// Konnect generates the key when configuration sets none; it lands in state and stays.
func TestAccProxyKeyAuth_GeneratedKey(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(tags string) string {
		return env.CPAndConsumers("", "keygen") + `
resource "konnect_gateway_key_auth" "generated" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  consumer_id      = konnect_gateway_consumer.bob.id
  tags             = ` + tags + "\n}\n"
	}
	sameKey := statecheck.CompareValue(compare.ValuesSame())
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config(`["a"]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("konnect_gateway_key_auth.generated", tfjsonpath.New("key"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f]{32}$`))),
					statecheck.ExpectKnownValue("konnect_gateway_key_auth.generated", tfjsonpath.New("ttl"), knownvalue.Null()),
					sameKey.AddStateValue("konnect_gateway_key_auth.generated", tfjsonpath.New("key")),
				},
			},
			{
				Config: config(`["b"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_key_auth.generated", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{sameKey.AddStateValue("konnect_gateway_key_auth.generated", tfjsonpath.New("key"))},
			},
		},
	})
}

func basicAuthHash(password string, obj konnect.Object) string {
	sum := sha1.Sum([]byte(password + obj["consumer"].(map[string]any)["id"].(string)))
	return hex.EncodeToString(sum[:])
}

// The password Konnect never returns causes no diff: not after apply, not after refresh.
func TestAccProxyBasicAuth_PasswordNeverDiffs(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := env.CPAndConsumers("", "passwords") + `
resource "konnect_gateway_basic_auth" "bob" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  consumer_id      = konnect_gateway_consumer.bob.id
  username         = "bob-basic"
  password         = "s3cret"
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			// (terraform-plugin-testing fails an applied step whose next plans, refreshed or
			// not, are not empty, and a refresh step whose plan is not)
			{Config: config},
			{RefreshState: true},
		},
	})
}

func testRSAPublicKey(t *testing.T) string {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// Bad credentials fail at plan time, naming the attribute.
func TestAccProxyCredential_Validation(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	cred := func(typeName, body string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
resource %q "bad" {
  control_plane_id = "5b1c2d3e-0000-4000-8000-000000000001"
  consumer_id      = "5b1c2d3e-0000-4000-8000-000000000002"
%s
}
`, typeName, body)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      cred("konnect_gateway_jwt", `algorithm = "RS256"`),
				ExpectError: regexp.MustCompile(`(?s)algorithm = "RS256" needs rsa_public_key to be set as well`),
			},
			{
				Config:      cred("konnect_gateway_jwt", `algorithm = "XS256"`),
				ExpectError: regexp.MustCompile(`(?s)Attribute algorithm value must be one of`),
			},
			{
				Config:      cred("konnect_gateway_jwt", "algorithm = \"ES256\"\nrsa_public_key = \"ssh-rsa AAAA\""),
				ExpectError: regexp.MustCompile(`(?s)rsa_public_key must be a PEM-encoded PUBLIC KEY`),
			},
			{
				Config:      cred("konnect_gateway_key_auth", `ttl = -1`),
				ExpectError: regexp.MustCompile(`(?s)Attribute ttl value must be between 0 and 100000000`),
			},
			{
				Config:      cred("konnect_gateway_basic_auth", `username = "u"`),
				ExpectError: regexp.MustCompile(`(?s)The argument "password" is required`),
			},
			{
				Config:      cred("konnect_gateway_acl", `group = ""`),
				ExpectError: regexp.MustCompile(`(?s)Attribute group string length must be at least 1`),
			},
			{
				Config: env.ProviderBlock("") + `
resource "konnect_gateway_hmac_auth" "bad" {
  control_plane_id = "5b1c2d3e-0000-4000-8000-000000000001"
  consumer_id      = "alice"
  username         = "alice-hmac"
}`,
				ExpectError: regexp.MustCompile(`(?s)Attribute consumer_id must be a UUID`),
			},
		},
	})
	if n := len(env.Mock.Counts()); n != 0 {
		t.Errorf("invalid configuration reached Konnect: %v", env.Mock.Counts())
	}
}

// --- examples -----------------------------------------------------------------------------

// proxyExampleTypes are the resource types whose examples/resources/<type>/resource.tf this
// file keeps honest.
var proxyExampleTypes = []string{
	"konnect_gateway_route", "konnect_gateway_plugin", "konnect_gateway_consumer", "konnect_gateway_consumer_group",
	"konnect_gateway_consumer_group_member", "konnect_gateway_key_auth", "konnect_gateway_basic_auth",
	"konnect_gateway_acl", "konnect_gateway_jwt", "konnect_gateway_hmac_auth",
}

// The examples, applied together against the mock, create what they say and plan nothing
// afterwards.
func TestAccProxyExamples(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	cfg := env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "payments" {
  name = "payments"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.payments.id
  name             = "orders"
  host             = "orders.internal.example.com"
}
`
	for _, typeName := range proxyExampleTypes {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "resources", typeName, "resource.tf"))
		if err != nil {
			t.Fatal(err)
		}
		cfg += "\n" + string(b)
	}
	// The JWT example reads its key from a file next to the configuration.
	cfg = strings.Replace(cfg, `file("${path.module}/checkout-jwt.pub.pem")`, fmt.Sprintf("%q", testRSAPublicKey(t)), 1)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:          cfg,
				ConfigVariables: config.Variables{"checkout_password": config.StringVariable("correct horse battery staple"), "redis_password": config.StringVariable("redis-example-secret")},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("konnect_gateway_key_auth.checkout", tfjsonpath.New("key"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("konnect_gateway_plugin.orders_rate_limit", tfjsonpath.New("config"), knownvalue.StringExact(`{"minute":100,"policy":"local"}`)),
				},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "example route", env.Get(env.CorePath("payments", "routes", "orders-v3")), "priority", 100)
					if got := groupMembers(env, "payments", "gold"); len(got) != 1 {
						t.Errorf("example membership: gold has members %v", got)
					}
					return nil
				},
			},
		},
	})
}
