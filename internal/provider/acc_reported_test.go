package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Scenarios users reported against Kong's own provider, as tests here.

func (e *konnectEnv) reportedRouteConfig(policy, tags string) string {
	return e.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = "reported" }
resource "konnect_gateway_route" "r" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  hosts            = ["a.example.com", "b.example.com"]
  paths            = ["/orders"]
  tags             = %s
}
`, tags)
}

// A host removed from a route in Konnect is caught (a conflict under fail) and restored under
// overwrite; a tag change is an update in place, never a replacement.
func TestAccReportedRouteHostRemovedInKonnect(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	route := func() string { return env.corePath("reported", "routes", "orders") }
	hosts := func() []any { h, _ := env.get(route())["hosts"].([]any); return h }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.reportedRouteConfig("", `["a"]`)},
			{
				PreConfig: func() { env.edit(route(), set("hosts", []any{"a.example.com"})) },
				Config:    env.reportedRouteConfig("fail", `["a"]`),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
					`hosts\s+last applied: \["a.example.com","b.example.com"\]\s+in Konnect now: \["a.example.com"\]`),
			},
			{
				PreConfig: func() {
					if len(hosts()) != 1 {
						t.Errorf("after the refused plan Konnect holds hosts %v, want the one left in Konnect", hosts())
					}
				},
				Config: env.reportedRouteConfig("overwrite", `["a"]`),
				Check: func(*terraform.State) error {
					if len(hosts()) != 2 {
						t.Errorf("after overwrite Konnect holds hosts %v, want both configured hosts", hosts())
					}
					return nil
				},
			},
			{
				Config: env.reportedRouteConfig("", `["a", "b"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_route.r", plancheck.ResourceActionUpdate),
				}},
				Check: func(*terraform.State) error {
					wantField(t, "after the tag change", env.get(route()), "tags", []any{"a", "b"})
					return nil
				},
			},
		},
	})
}

// A vault's config shows no drift from the defaults Konnect adds to it, and removing a key
// from it resets that key.
func TestAccReportedVaultConfigNoDrift(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	config := func(cfg string) string {
		return env.providerBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = "reported-vault" }
resource "konnect_gateway_vault" "v" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "env"
  prefix           = "app"
  config           = jsonencode(%s)
}
`, cfg)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config(`{ prefix = "APP_" }`)},
			{Config: config(`{ prefix = "APP_", base64_decode = true }`)},
			{
				Config: config(`{ prefix = "APP_" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_vault.v", plancheck.ResourceActionUpdate),
				}},
				Check: func(*terraform.State) error {
					cfg, _ := env.only(env.corePath("reported-vault", "vaults"))["config"].(map[string]any)
					if cfg["base64_decode"] == true {
						t.Errorf("after removing base64_decode Konnect still holds it: %v", cfg)
					}
					return nil
				},
			},
		},
	})
}
