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

// certificateRow takes part in TestAccKinds (acc_kinds_test.go). A certificate: its key material
// is sensitive, so the row changes its tags. Its pair is rotated in place and an alternative pair
// added (the keys sensitive in the plan, Konnect holds them), configuration no longer setting tags;
// then tags someone sets in Konnect survive rotating the pair back.
var certificateRow = acctest.KindRow{NoKept: "tags, its one optional field besides the key pairs, is the updated attribute; the alternative pair needs a second key (Steps keep tags set in Konnect)",
	Deps: pemDep, Block: "cert = local.cert\n  key = local.key\n  tags = %s",
	Update: &acctest.KindUpdate{Attr: "tags", Values: [2]any{[]string{"a"}, []string{"b"}}, UI: []any{"edited-in-ui"}},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		second, alt := acctest.TLSTestPEM(f.T, "kinds.example.com", false), acctest.TLSTestPEM(f.T, "kinds.example.com", false)
		altPair := fmt.Sprintf("\n  cert_alt = %q\n  key_alt = %q", alt.Cert, alt.Key)
		untagged := withoutTags(f.Body(0))
		rotated := strings.NewReplacer("local.cert", fmt.Sprintf("%q", second.Cert), "local.key", fmt.Sprintf("%q", second.Key)).Replace(untagged)
		update := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
			plancheck.ExpectSensitiveValue(f.Address(), tfjsonpath.New("key")),
			plancheck.ExpectSensitiveValue(f.Address(), tfjsonpath.New("key_alt")),
		}}
		holds := func(what string, p acctest.TLSPair) {
			f.T.Helper()
			obj := f.Env.Get(f.Path)
			acctest.WantField(f.T, what, obj, "cert", p.Cert)
			acctest.WantField(f.T, what, obj, "key", p.Key)
			acctest.WantField(f.T, what, obj, "key_alt", alt.Key)
		}
		return []resource.TestStep{
			{
				Config:           f.WithBlock("", rotated+altPair),
				ConfigPlanChecks: update,
				Check: func(*terraform.State) error {
					holds("after the rotation", second)
					return nil
				},
			},
			{
				PreConfig:        func() { f.Env.Edit(f.Path, acctest.Set("tags", []any{"edited-in-ui"})) },
				Config:           f.WithBlock("", untagged+altPair),
				ConfigPlanChecks: update,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("tags"), knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("edited-in-ui")})),
				},
				Check: func(*terraform.State) error {
					holds("after rotating back", f.Pair())
					acctest.WantField(f.T, "after rotating back", f.Env.Get(f.Path), "tags", []any{"edited-in-ui"})
					return nil
				},
			},
		}
	}}

// withoutTags is a block without its tags line.
func withoutTags(block string) string {
	var keep []string
	for _, l := range strings.Split(block, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "tags ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
