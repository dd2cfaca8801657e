package gateway_test

import (
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// upstreamRow takes part in TestAccKinds (acc_kinds_test.go). An upstream, changing its number of
// slots. Then configuration hashes on a header and sets a host header, in place: Konnect holds
// them, and state holds Konnect's defaults for what configuration leaves unset (the hash
// fallback, use_srv_name, health checks); once someone sets use_srv_name in Konnect, state follows.
var upstreamRow = acctest.KindRow{Block: "name = \"orders.upstream\"\n  slots = %s", Update: &acctest.KindUpdate{Attr: "slots", Values: [2]any{100, 200}, UI: 300},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		hashed := f.WithBlock("", f.Body(0)+"\n  algorithm = \"consistent-hashing\"\n  hash_on = \"header\"\n  hash_on_header = \"x-user\"\n  host_header = \"orders.internal\"")
		at := func(p ...string) tfjsonpath.Path {
			path := tfjsonpath.New(p[0])
			for _, k := range p[1:] {
				path = path.AtMapKey(k)
			}
			return path
		}
		useSrvName := func(v bool) statecheck.StateCheck {
			return statecheck.ExpectKnownValue(f.Address(), at("use_srv_name"), knownvalue.Bool(v))
		}
		return []resource.TestStep{
			{
				Config: hashed,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(f.Address(), at("hash_fallback"), knownvalue.StringExact("none")),
					useSrvName(false),
					statecheck.ExpectKnownValue(f.Address(), at("healthchecks", "active", "type"), knownvalue.StringExact("http")),
					statecheck.ExpectKnownValue(f.Address(), at("healthchecks", "active", "timeout"), knownvalue.Float64Exact(1)),
					statecheck.ExpectKnownValue(f.Address(), at("healthchecks", "passive", "unhealthy", "http_statuses"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.Int64Exact(429), knownvalue.Int64Exact(500), knownvalue.Int64Exact(503)})),
				},
				Check: func(*terraform.State) error {
					obj := f.Env.Get(f.Path)
					acctest.WantField(f.T, "upstream", obj, "hash_on_header", "x-user")
					acctest.WantField(f.T, "upstream", obj, "host_header", "orders.internal")
					acctest.WantField(f.T, "upstream", obj, "slots", 100)
					return nil
				},
			},
			f.KonnectSetsStep(hashed, "use_srv_name", true, useSrvName(true)),
		}
	}}
