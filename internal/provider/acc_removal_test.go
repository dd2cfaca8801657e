package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Configuration is intent: what it stops saying goes back to Konnect's default, shown in
// the plan; what it never said follows Konnect.

func (e *konnectEnv) removalConfig(cp, serviceExtra, pluginConfig string) string {
	return e.providerBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_service" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
%s
}
resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode(%s)
}
`, cp, serviceExtra, pluginConfig)
}

// Removing `retries = 3` (the plugin is global, so that both resources plan independently), `tags` and a plugin's `hour` key: the plan shows Konnect's
// defaults, the apply leaves them out so Konnect applies them, and the next plan is empty.
// A never-set attribute changed in Konnect stays a non-diff throughout.
func TestAccRemovalResetsToKonnectDefault(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	const cp = "removal"
	svc := func() konnect.Object { return env.get(env.corePath(cp, "services", "orders")) }
	plugin := func() konnect.Object { return env.get(env.corePath(cp, "plugins", env.pluginID(cp, "rate-limiting"))) }
	full := env.removalConfig(cp, "  retries = 3\n  tags = [\"a\", \"b\"]", `{ minute = 10, hour = 500, policy = "local" }`)
	trimmed := env.removalConfig(cp, "", `{ minute = 10, policy = "local" }`)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: full,
				Check: func(*terraform.State) error {
					wantField(t, "created", svc(), "retries", 3)
					wantConfig(t, "created", plugin(), "hour", 500)
					return nil
				},
			},
			{
				// Someone changes an attribute configuration never set: it follows Konnect.
				PreConfig: func() {
					env.edit(env.corePath(cp, "services", "orders"), setAll(konnect.Object{"read_timeout": 90000}))
				},
				Config:           full,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: trimmed,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.s", plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue("konnect_gateway_service.s", tfjsonpath.New("retries"), knownvalue.Int64Exact(5)),
					plancheck.ExpectKnownValue("konnect_gateway_service.s", tfjsonpath.New("tags"), knownvalue.Null()),
					plancheck.ExpectKnownValue("konnect_gateway_service.s", tfjsonpath.New("read_timeout"), knownvalue.Int64Exact(90000)),
					plancheck.ExpectResourceAction("konnect_gateway_plugin.p", plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue("konnect_gateway_plugin.p", tfjsonpath.New("config"), knownvalue.StringExact(`{"minute":10,"policy":"local"}`)),
				}},
				Check: func(*terraform.State) error {
					wantField(t, "after removing retries", svc(), "retries", 5)
					if tags, _ := svc()["tags"].([]any); len(tags) != 0 {
						t.Errorf("after removing tags, Konnect holds tags %v", tags)
					}
					wantField(t, "a never-set attribute", svc(), "read_timeout", 90000)
					wantConfig(t, "after removing hour", plugin(), "hour", nil)
					wantConfig(t, "after removing hour", plugin(), "minute", 10)
					return nil
				},
			},
		},
	})
}

// A removal that would reset a value someone changed in Konnect is a conflict: the three-way
// table applies with the default as the planned value.
func TestAccRemovalOfValueChangedInKonnect(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	const cp = "removal-conflict"
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.removalConfig(cp, "  retries = 3", `{ minute = 10, hour = 500 }`)},
			{
				PreConfig: func() {
					env.edit(env.corePath(cp, "services", "orders"), setAll(konnect.Object{"retries": 7}))
					env.edit(env.corePath(cp, "plugins", env.pluginID(cp, "rate-limiting")), set("config.hour", 600))
				},
				Config: env.removalConfig(cp, "", `{ minute = 10 }`),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*retries\s+last applied: 3\s+in Konnect now: 7\s+planned: 5` +
					`.*config\.hour\s+last applied: 500\s+in Konnect now: 600\s+planned: \(not set\)`),
			},
			{
				PreConfig: func() {
					wantField(t, "after the refused plan", env.get(env.corePath(cp, "services", "orders")), "retries", 7)
				},
				// Teardown: the Konnect changes are unadopted.
				Config: env.providerBlock("overwrite") + env.removalConfig(cp, "", `{ minute = 10 }`)[len(env.providerBlock("")):],
				Check: func(*terraform.State) error {
					wantField(t, "after overwrite", env.get(env.corePath(cp, "services", "orders")), "retries", 5)
					wantConfig(t, "after overwrite", env.get(env.corePath(cp, "plugins", env.pluginID(cp, "rate-limiting"))), "hour", nil)
					return nil
				},
			},
		},
	})
}

// An imported object has no record of what configuration set: removing a line after the
// import resets nothing (the attributes configuration sets become managed at its next write).
func TestAccRemovalAfterImportResetsNothing(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	// A control plane and a service someone created in Konnect, adopted with an import block.
	cp, _, err := env.client.CreateControlPlane(context.Background(), konnect.Object{"name": "removal-import"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	const id = "5b1c0000-0000-4000-8000-000000000001"
	if _, _, err := env.client.PutEntity(context.Background(), konnect.CoreEntitiesPath(cpID, "services"), id,
		konnect.Object{"name": "orders", "host": "orders.internal", "retries": 3}, ""); err != nil {
		t.Fatal(err)
	}
	service := func(extra string) string {
		return env.providerBlock("") + fmt.Sprintf(`
resource "konnect_gateway_service" "s" {
  control_plane_id = %q
  name             = "orders"
  host             = "orders.internal"
%s
}
`, cpID, extra)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: service("  retries = 3") + fmt.Sprintf("import {\n  to = konnect_gateway_service.s\n  id = \"%s/%s\"\n}\n", cpID, id),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.s", plancheck.ResourceActionNoop),
				}},
			},
			{
				Config:           service(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(*terraform.State) error {
					wantField(t, "after import and removal", env.get(konnect.CoreEntitiesPath(cpID, "services", id)), "retries", 3)
					return nil
				},
			},
		},
	})
}

// `null` in a plugin's config asks for Konnect's default, top level and nested, on create and
// on update: no inconsistent result, no perpetual diff.
func TestAccPluginConfigNullMeansDefault(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	const cp = "config-null"
	plugin := func() konnect.Object { return env.get(env.corePath(cp, "plugins", env.pluginID(cp, "rate-limiting"))) }
	withNulls := env.removalConfig(cp, "", `{ minute = 10, error_code = null, policy = "redis", redis = { host = "r.internal", port = null } }`)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: withNulls,
				Check: func(*terraform.State) error {
					wantConfig(t, "created", plugin(), "error_code", 429)
					if r, _ := plugin()["config"].(map[string]any)["redis"].(map[string]any); fmt.Sprint(r["port"]) != "6379" {
						t.Errorf("redis.port = %v, want Konnect's default 6379", r["port"])
					}
					return nil
				},
			},
			{Config: env.removalConfig(cp, "", `{ minute = 10, error_code = 418, policy = "redis", redis = { host = "r.internal", port = 6380 } }`)},
			{
				Config: withNulls,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_plugin.p", plancheck.ResourceActionUpdate),
				}},
				Check: func(*terraform.State) error {
					wantConfig(t, "updated to null", plugin(), "error_code", 429)
					return nil
				},
			},
		},
	})
}
