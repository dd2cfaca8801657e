package cloudgateway_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// TestAccAddOnProvisioningIsNoDrift (Kong's issue #415, where a refresh of an add-on still
// provisioning showed drift): an add-on someone created in Konnect is adopted with an import
// block while it initializes, and the refresh after it plans nothing; a larger tier is
// planned and saved, then Konnect finishes provisioning (state, entity_version and the cache's
// vault references move) before the saved plan is applied: the plan is not stale, the PATCH
// goes, and the plan after is empty.
func TestAccAddOnProvisioningIsNoDrift(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock(), CloudGateways: cloudgateway.Options{ProvisioningTime: time.Hour}})
	const cp = "123e4567-e89b-12d3-a456-426614174000"
	out := env.PostObj("/v2/cloud-gateways/add-ons", map[string]any{"name": "cache",
		"owner":  map[string]any{"kind": "control-plane", "control_plane_id": cp, "control_plane_geo": "us"},
		"config": map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": "small"}}})
	id := out["id"].(string)
	path := "/v2/cloud-gateways/add-ons/" + id
	adopt := func(tier string) string {
		return env.ProviderBlock("") + fmt.Sprintf(`
import {
  to = konnect_cloud_gateway_addon.cache
  id = %q
}

resource "konnect_cloud_gateway_addon" "cache" {
  name   = "cache"
  owner  = { control_plane = { control_plane_id = %q, control_plane_geo = "us" } }
  config = { managed_cache = { capacity_config = { tiered = { tier = %q } } } }
}
`, id, cp, tier)
	}
	// provision moves the clock on until Konnect reports the add-on ready; from then on a
	// resize provisions at the next read.
	provision := func() {
		untilReady(t, env, path)
		env.Mock.CloudGateways().SetProvisioningTime(0)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				// (The framework's plan after this apply, refreshed, must be empty too.)
				Config: adopt("small"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_cloud_gateway_addon.cache", plancheck.ResourceActionNoop),
				}},
				Check: func(*terraform.State) error {
					if st := env.Mock.CloudGateways().AddOnState(id); st != "initializing" {
						return fmt.Errorf("the add-on is %q: this test needs it still initializing", st)
					}
					return nil
				},
			},
			{
				Config: adopt("medium"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_cloud_gateway_addon.cache", plancheck.ResourceActionUpdate),
					acctest.OutOfBand(provision),
				}},
				Check: func(*terraform.State) error {
					got := env.Get(path)
					if tier := acctest.Field(got, "config.capacity_config.tier"); tier != "medium" || got["state"] != "ready" {
						return fmt.Errorf("Konnect holds tier %v (%v), want medium and ready", tier, got["state"])
					}
					return nil
				},
			},
		},
	})
}

// untilReady moves the mock's clock on, half an hour at a time, until Konnect reports the
// object at path ready.
func untilReady(t *testing.T, env *acctest.Env, path string) {
	t.Helper()
	for range 10 {
		if env.Get(path)["state"] == "ready" {
			return
		}
		env.Mock.CloudGateways().Advance(30 * time.Minute)
	}
	t.Fatalf("%s never became ready", path)
}

// TestAccAddOnOwnerRules: an add-on's owner is a control plane or a control plane group,
// exactly one: both, or neither, is refused at plan, on the owner, before anything reaches
// Konnect.
func TestAccAddOnOwnerRules(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	addOn := func(owner string) string {
		return env.ProviderBlock("") + `
resource "konnect_cloud_gateway_addon" "cache" {
  name   = "cache"
  owner  = {` + owner + `}
  config = { managed_cache = { capacity_config = { tiered = { tier = "small" } } } }
}
`
	}
	const cp = `control_plane = { control_plane_id = "123e4567-e89b-12d3-a456-426614174000", control_plane_geo = "us" }`
	const group = `control_plane_group = { control_plane_group_id = "123e4567-e89b-12d3-a456-426614174001", control_plane_group_geo = "us" }`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: addOn(cp + "\n    " + group), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*owner\.control_plane`)},
			{Config: addOn(""), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*owner\.control_plane`)},
		},
		CheckDestroy: func(*terraform.State) error {
			if got := env.List("/v2/cloud-gateways/add-ons"); len(got) != 0 {
				return fmt.Errorf("a refused plan created add-ons: %v", got)
			}
			return nil
		},
	})
}

// TestAccAddOnDestroyNamesLinkedPlugins: once the managed cache is ready, Konnect holds a Redis
// partial for it in its control plane, and someone links a plugin to it in the UI. The
// destroy plan is refused at plan, naming the plugin with its import block, under any
// policy (Konnect would refuse the delete: "Managed cache add-on has 1 linked plugin(s)"),
// and nothing is deleted; once they unlink it, the destroy takes the add-on, the partial goes
// with it, and the control plane's destroy finds nothing of anyone's left. A smaller tier
// is planned as a replacement: Konnect cannot downsize a cache.
func TestAccAddOnDestroyNamesLinkedPlugins(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(tier string) string {
		return env.ProviderBlock("") + cloudGatewayCP + `
resource "konnect_cloud_gateway_addon" "cache" {
  ` + fmt.Sprintf(addOnBlock, strconv.Quote(tier)) + `
}
`
	}
	var pluginPath, partialPath string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config("medium"),
				Check: func(s *terraform.State) error {
					addOn := s.RootModule().Resources["konnect_cloud_gateway_addon.cache"].Primary.Attributes
					cp, cache := addOn["owner.control_plane.control_plane_id"], addOn["config.managed_cache_add_on_config_response.state_metadata.cache_config_id"]
					partialPath = "/v2/control-planes/" + cp + "/core-entities/partials/" + cache
					if env.Get(partialPath) == nil {
						return fmt.Errorf("Konnect holds no partial %s for the ready cache", partialPath)
					}
					out := env.PostObj("/v2/control-planes/"+cp+"/core-entities/plugins", map[string]any{"name": "rate-limiting-advanced",
						"instance_name": "orders-limit", "partials": []any{map[string]any{"id": cache}},
						"config": map[string]any{"limit": []any{10}, "window_size": []any{60}, "strategy": "redis", "sync_rate": 1}})
					pluginPath = "/v2/control-planes/" + cp + "/core-entities/plugins/" + out["id"].(string)
					env.ResetRequests()
					return nil
				},
			},
			{
				Config:             config("small"),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_cloud_gateway_addon.cache", plancheck.ResourceActionReplace),
				}},
			},
			{
				Config:  config("medium"),
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)konnect_cloud_gateway_addon \(id [0-9a-f-]{36}\).*orders-limit.*` +
					`to\s+=\s+konnect_gateway_plugin\.\S+\s+id\s+=\s+"[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				PreConfig: func() {
					for _, r := range env.Requests() {
						if strings.HasPrefix(r, "DELETE ") {
							t.Errorf("the refused destroy sent %s", r)
						}
					}
					env.Remove(pluginPath) // they unlink it: the destroy goes ahead
				},
				Config:   config("medium"),
				PlanOnly: true,
			},
		},
		CheckDestroy: func(*terraform.State) error {
			if got := env.List("/v2/cloud-gateways/add-ons"); len(got) != 0 {
				return fmt.Errorf("Konnect still holds add-ons: %v", got)
			}
			if env.Get(partialPath) != nil {
				return fmt.Errorf("the cache's partial %s outlived its add-on", partialPath)
			}
			return nil
		},
	})
}
