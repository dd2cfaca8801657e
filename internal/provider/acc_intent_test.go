package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The guard's memory follows what the user saw and decided. These are the two sequences a
// hostile user found broken, run for a scalar (service retries), a list (route paths), a
// plugin config key and a nested object (upstream health checks).

// intentCase is one managed value of one kind: how configuration writes it, how someone in
// Konnect changes it, and where Konnect holds it.
type intentCase struct {
	name    string
	address string
	// config renders the whole configuration with the value written as hcl.
	config func(env *konnectEnv, cp, policy, hcl string) string
	// field is the name in diagnostics; path is where Konnect holds the value.
	field string
	path  []string
	// segments locate the object below core-entities (the last one by name where Konnect
	// allows it); pluginName instead finds a plugin by its name.
	segments   []string
	pluginName string
	// hcl and json are the same three values: first applied, set in Konnect and adopted, next.
	hcl  [3]string
	json [3]any
}

func (c intentCase) segs(env *konnectEnv, cp string) []string {
	if c.pluginName != "" {
		return []string{"plugins", env.pluginID(cp, c.pluginName)}
	}
	return c.segments
}

// konnect returns the value Konnect holds.
func (c intentCase) konnect(env *konnectEnv, cp string) any {
	var cur any = env.get(env.corePath(cp, c.segs(env, cp)...))
	for _, p := range c.path {
		m, _ := cur.(map[string]any)
		cur = m[p]
	}
	return cur
}

// setInKonnect changes the value as someone in the UI would.
func (c intentCase) setInKonnect(env *konnectEnv, cp string, v any) {
	env.edit(env.corePath(cp, c.segs(env, cp)...), func(b konnect.Object) {
		m := b
		for _, p := range c.path[:len(c.path)-1] {
			next, _ := m[p].(map[string]any)
			m = next
		}
		m[c.path[len(c.path)-1]] = v
	})
}

func (c intentCase) want(t *testing.T, env *konnectEnv, cp, when string, want any) {
	t.Helper()
	if got, w := fmt.Sprint(c.konnect(env, cp)), fmt.Sprint(want); got != w {
		t.Errorf("%s: Konnect holds %s = %s, want %s", when, c.field, got, w)
	}
}

var intentCases = []intentCase{
	{
		name: "service", address: "konnect_gateway_service.s", field: "retries", path: []string{"retries"},
		segments: []string{"services", "orders"}, hcl: [3]string{"5", "2", "3"}, json: [3]any{5, 2, 3},
		config: func(env *konnectEnv, cp, policy, v string) string {
			return env.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_service" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
  retries          = %s
}
`, cp, v)
		},
	},
	{
		name: "route", address: "konnect_gateway_route.r", field: "paths", path: []string{"paths"},
		segments: []string{"routes", "orders"}, hcl: [3]string{`["/a"]`, `["/b"]`, `["/c"]`},
		json: [3]any{[]any{"/a"}, []any{"/b"}, []any{"/c"}},
		config: func(env *konnectEnv, cp, policy, v string) string {
			return env.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_route" "r" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  paths            = %s
}
`, cp, v)
		},
	},
	{
		name: "plugin", address: "konnect_gateway_plugin.p", field: "config.minute", path: []string{"config", "minute"},
		pluginName: "rate-limiting", hcl: [3]string{"5", "2", "3"}, json: [3]any{5, 2, 3},
		config: func(env *konnectEnv, cp, policy, v string) string {
			return env.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = %s, policy = "local" })
}
`, cp, v)
		},
	},
	{
		name: "upstream", address: "konnect_gateway_upstream.u", field: "healthchecks",
		path: []string{"healthchecks", "active", "concurrency"}, segments: []string{"upstreams", "orders.upstream"},
		hcl: [3]string{"5", "2", "3"}, json: [3]any{5, 2, 3},
		config: func(env *konnectEnv, cp, policy, v string) string {
			return env.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_upstream" "u" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders.upstream"
  healthchecks     = { active = { concurrency = %s } }
}
`, cp, v)
		},
	},
}

// Sequence 1, as a user runs it with the CLI: the user adopts a value set in Konnect;
// someone sets the old value back; `terraform plan` refuses; an "accept drift"
// `terraform apply -refresh-only -auto-approve` follows; `terraform apply -auto-approve` must
// still refuse to revert the Konnect change: under policy fail nothing is overwritten.
func TestAccIntentAdoptedValueIsGuarded(t *testing.T) {
	t.Parallel()
	for _, c := range intentCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			env := newKonnectEnv(t, konnectmock.Options{})
			cp := "adopt-" + c.name
			cli := newCLIRun(t)
			step := func(i int, args ...string) (string, int) {
				cli.write(cliRequiredProviders + c.config(env, cp, "", c.hcl[i]))
				return cli.run(nil, args...)
			}
			expect := func(what string, out string, code, want int, patterns ...string) {
				t.Helper()
				if code != want {
					t.Fatalf("%s: exit status %d, want %d\n%s", what, code, want, out)
				}
				for _, p := range patterns {
					if !regexp.MustCompile(p).MatchString(out) {
						t.Fatalf("%s: output does not match %q:\n%s", what, p, out)
					}
				}
			}
			t.Cleanup(func() {
				cli.run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "destroy", "-auto-approve", "-no-color")
			})

			out, code := step(0, "apply", "-auto-approve", "-no-color")
			expect("first apply", out, code, 0)
			c.setInKonnect(env, cp, c.json[1])
			env.resetRequests()
			out, code = step(1, "apply", "-auto-approve", "-no-color")
			expect("the apply that adopts", out, code, 0, `Warning: Adopting changes made in Konnect`, `(?s)\s`+regexp.QuoteMeta(c.path[0])+`\s+last applied: .*in Konnect and configuration:`,
				`1 changed, 0 destroyed`)
			if w := env.writesSince(); len(w) > 0 {
				t.Fatalf("adopting wrote to Konnect: %v", w)
			}
			out, code = step(1, "plan", "-detailed-exitcode", "-no-color")
			expect("the plan after adopting", out, code, 0, `No changes`)

			c.setInKonnect(env, cp, c.json[0]) // someone sets the old value back
			out, code = step(1, "plan", "-no-color")
			expect("plan", out, code, 1, `Applying this plan would overwrite changes made in Konnect`, `\s`+regexp.QuoteMeta(c.field)+`(\.[a-z_.]+)?\s+last applied: `)
			out, code = step(1, "apply", "-refresh-only", "-auto-approve", "-no-color")
			expect("apply -refresh-only", out, code, 0)
			out, code = step(1, "apply", "-auto-approve", "-no-color")
			expect("apply after refresh-only", out, code, 1, `Applying this plan would overwrite changes made in Konnect`, `\s`+regexp.QuoteMeta(c.field)+`(\.[a-z_.]+)?\s+last applied: `)
			c.want(t, env, cp, "after the refused apply", c.json[0])
		})
	}
}

// Sequence 2: after adopting a value set in Konnect, a new value in configuration is an
// ordinary update, not a conflict with the value Terraform wrote before.
func TestAccIntentAdoptedThenChanged(t *testing.T) {
	t.Parallel()
	for _, c := range intentCases {
		t.Run(c.name, func(t *testing.T) {
			env := newKonnectEnv(t, konnectmock.Options{})
			cp := "change-" + c.name
			cfg := func(i int) string { return c.config(env, cp, "", c.hcl[i]) }
			adopt := env.adoptionStep(cfg(1), c.address)
			adopt.PreConfig = func() { c.setInKonnect(env, cp, c.json[1]); env.resetRequests() }
			acctest.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6Factories,
				Steps: []resource.TestStep{
					{Config: cfg(0)},
					adopt,
					{
						Config: cfg(2),
						ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(c.address, plancheck.ResourceActionUpdate),
						}},
						Check: func(*terraform.State) error {
							c.want(t, env, cp, "after the update", c.json[2])
							return nil
						},
					},
				},
			})
		})
	}
}
