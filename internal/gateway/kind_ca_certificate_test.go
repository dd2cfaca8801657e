package gateway_test

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// caCertificateRow takes part in TestAccKinds (acc_kinds_test.go). A CA certificate: a new
// certificate would be another object in all but id, so the row changes its tags. Its certificate
// is still replaced in place (state and Konnect hold the new digest), configuration no longer
// setting tags; then tags someone sets in Konnect survive putting the first certificate back.
var caCertificateRow = acctest.KindRow{NoKept: "tags, its one optional field besides cert, is the updated attribute (Steps keep tags set in Konnect)",
	Deps: pemDep, Block: "cert = local.cert\n  tags = %s", Update: &acctest.KindUpdate{Attr: "tags", Values: [2]any{[]string{"ca"}, []string{"ca", "root"}}, UI: []any{"ui"}},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		second := acctest.TLSTestPEM(f.T, "CA two", true)
		untagged := withoutTags(f.Body(0))
		update := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate)}}
		digest := func(p acctest.TLSPair) statecheck.StateCheck {
			return statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("cert_digest"), knownvalue.StringExact(p.Digest))
		}
		holds := func(what string, p acctest.TLSPair) {
			f.T.Helper()
			obj := f.Env.Get(f.Path)
			acctest.WantField(f.T, what, obj, "cert", p.Cert)
			acctest.WantField(f.T, what, obj, "cert_digest", p.Digest)
		}
		return []resource.TestStep{
			{
				PreConfig:         func() { holds("as created", f.Pair()) },
				Config:            f.WithBlock("", strings.Replace(untagged, "local.cert", fmt.Sprintf("%q", second.Cert), 1)),
				ConfigPlanChecks:  update,
				ConfigStateChecks: []statecheck.StateCheck{digest(second)},
				Check: func(*terraform.State) error {
					holds("after the update", second)
					return nil
				},
			},
			{
				PreConfig:         func() { f.Env.Edit(f.Path, acctest.Set("tags", []any{"edited-in-ui"})) },
				Config:            f.WithBlock("", untagged),
				ConfigPlanChecks:  update,
				ConfigStateChecks: []statecheck.StateCheck{digest(f.Pair())},
				Check: func(*terraform.State) error {
					holds("after putting the first back", f.Pair())
					acctest.WantField(f.T, "after putting the first back", f.Env.Get(f.Path), "tags", []any{"edited-in-ui"})
					return nil
				},
			},
		}
	}}
