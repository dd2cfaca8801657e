package gateway_test

import (
	"fmt"
	"regexp"
	"testing"

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

// partialLinkConfig is a partial and a rate-limiting plugin, linked to it or not.
func partialLinkConfig(e *acctest.Env, policy string, linked bool) string {
	link := ""
	if linked {
		link = "  partials         = [{ id = konnect_gateway_partial.redis.id }]\n"
	}
	return e.ProviderBlock(policy) + acctest.TLSCP("partial-link") + `
resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shared-redis"
  type             = "redis-ce"
  config           = jsonencode({ host = "redis.internal" })
}

resource "konnect_gateway_plugin" "rl" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = 5 })
` + link + `}
`
}

// Issue 17, item 1: linking a partial to a plugin that exists is an update; Konnect fills in
// the link's name and path, which the plan leaves unknown (it cannot know them), so the
// apply is consistent and state and Konnect hold the link. The same holds under the
// overwrite policy when someone removed the link in Konnect and the apply puts it back.
func TestAccPartialLinkExistingPlugin(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock()})
	const addr = "konnect_gateway_plugin.rl"
	plugin := func() konnect.Object { return env.Only(env.CorePath("partial-link", "plugins")) }
	partialID := func() string { return env.Only(env.CorePath("partial-link", "partials"))["id"].(string) }
	linkedInState := statecheck.ExpectKnownValue(addr, tfjsonpath.New("partials"), knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{
		"id": knownvalue.NotNull(), "name": knownvalue.StringExact("shared-redis"), "path": knownvalue.StringExact("config.redis")})}))
	linkedInKonnect := func(what string) func(*terraform.State) error {
		return func(s *terraform.State) error {
			id := partialID()
			if got := s.RootModule().Resources[addr].Primary.Attributes["partials.0.id"]; got != id {
				return fmt.Errorf("%s: state links partial %q, Konnect's partial is %q", what, got, id)
			}
			acctest.WantField(t, what, plugin(), "partials", []any{map[string]any{"id": id, "name": "shared-redis", "path": "config.redis"}})
			return nil
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: partialLinkConfig(env, "", false),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("partials"), knownvalue.Null())},
			},
			{
				Config: partialLinkConfig(env, "", true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("partials").AtSliceIndex(0).AtMapKey("name")),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("partials").AtSliceIndex(0).AtMapKey("path")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{linkedInState},
				Check:             linkedInKonnect("after linking"),
			},
			{Config: partialLinkConfig(env, "", true), PlanOnly: true},
			{
				// someone removes the link in Konnect; under fail, the plan that would put it back
				// is a conflict naming partials
				PreConfig: func() {
					env.Edit(env.CorePath("partial-link", "plugins", plugin()["id"].(string)), acctest.Set("partials", nil))
				},
				Config:      partialLinkConfig(env, "", true),
				ExpectError: regexp.MustCompile(`(?s)overwrite changes made in Konnect.*partials`),
			},
			{
				Config: partialLinkConfig(env, "overwrite", true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{linkedInState},
				Check:             linkedInKonnect("after putting the link back"),
			},
			{Config: partialLinkConfig(env, "overwrite", true), PlanOnly: true},
		},
	})
}

// Issue 33, part 5: a partial of a type the plugin does not take (rate-limiting takes
// redis-ce, not redis-ee) is refused at plan on `partials`, naming both types, and nothing
// is written.
func TestAccPartialTypeNotTaken(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(link string) string {
		return env.ProviderBlock("") + acctest.TLSCP("partial-type") + `
resource "konnect_gateway_partial" "ee" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "ee-redis"
  type             = "redis-ee"
  config           = jsonencode({ host = "redis.internal" })
}

resource "konnect_gateway_plugin" "rl" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = 5 })
` + link + `}
`
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config("")},
			{
				PreConfig: env.ResetRequests,
				Config:    config("  partials         = [{ id = konnect_gateway_partial.ee.id }]\n"),
				PlanOnly:  true,
				ExpectError: regexp.MustCompile(`(?s)Partial of a type the plugin does not take.*konnect_gateway_plugin\.rl.*partials.*` +
					acctest.Words(`("ee-redis") is of type redis-ee, but plugin`) + `\s+` + "`rate-limiting`" + `\s+` + acctest.Words("takes partials of type redis-ce")),
			},
			{
				PreConfig: func() {
					if w := env.WritesSince(); len(w) > 0 {
						t.Errorf("the refused plan wrote %v", w)
					}
				},
				Config: config(""),
			},
		},
	})
}
