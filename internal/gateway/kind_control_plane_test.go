package gateway_test

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// controlPlaneRow takes part in TestAccKinds (acc_kinds_test.go). Control planes are POSTed
// and PATCHed, and their updated_at is RFC 3339 (UpdatedAt: the diagnostics show it), so
// they take other paths than gateway entities through the same engine; the row changes the
// description. Its Steps are the guard scenarios on those paths (TestAccGuardScenarioN
// proves them on a service): adoption writes no PATCH; a saved update of a control plane
// deleted since is refused and a fresh plan creates it again; that create is refused when
// someone else has created one of the name, and an import block adopts theirs; labels
// configuration sets are one value: a label added in Konnect is a conflict, and overwriting
// removes it (the PATCH replaces the map). TestAccControlPlaneNoRefreshPlanAndETagRace has
// what needs another test case (a -refresh=false plan, ETags).
var controlPlaneRow = acctest.KindRow{Block: "name = \"under-test\"\n  description = %s",
	Update:    &acctest.KindUpdate{Attr: "description", Values: [2]any{"v0", "v1"}, UI: "edited in the UI"},
	Removal:   &acctest.KindRemoval{Attr: "labels", HCL: `{ team = "t9" }`, UI: map[string]any{"team": "ui"}},
	UpdatedAt: true,
	Steps:     controlPlaneSteps,
}

var (
	cpGoneDiag   = regexp.MustCompile(`(?s)Konnect object deleted since this plan was made.*konnect_gateway_control_plane \(id [0-9a-f-]{36}\).*no longer exists in Konnect.*Nothing was written`)
	cpExistsDiag = regexp.MustCompile(`(?s)A Konnect object with this name already exists.*` +
		`konnect_gateway_control_plane\s+with\s+name\s+"under-test"\s+already\s+exists\s+in\s+Konnect:\s+id\s+[0-9a-f-]{36},\s+created_at\s+\d{4}-.*` +
		`import \{\s+to = konnect_gateway_control_plane.<name>\s+id = "[0-9a-f-]{36}"\s+\}`)
	cpLabelsConflict = regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
		`labels\s+last applied: \{"team":"platform"\}\s+in Konnect now: \{"oncall":"ui-edit","team":"platform"\}`)
)

func controlPlaneSteps(f *acctest.KindFixture) []resource.TestStep {
	const name = "under-test"
	// Someone else's control plane, named otherwise until they take the name (its id is
	// known now, for the import block).
	theirs := f.Env.MkCP(konnect.Object{"name": "theirs", "description": "theirs"})
	theirsPath := "/v2/control-planes/" + theirs
	named := func() []konnect.Object {
		all, err := f.Env.Client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{})
		if err != nil {
			f.T.Fatal(err)
		}
		var out []konnect.Object
		for _, cp := range all {
			if cp["name"] == name {
				out = append(out, cp)
			}
		}
		return out
	}
	labelled := f.Body(0) + "\n  labels = { team = \"platform\" }"
	wantLabels := func(what string, want map[string]any) {
		f.T.Helper()
		if got := acctest.Field(f.Env.Get(f.Path), "labels"); fmt.Sprint(got) != fmt.Sprint(want) {
			f.T.Errorf("%s: Konnect holds labels %v, want %v", what, got, want)
		}
	}
	return append(f.AdoptionSteps(),
		resource.TestStep{
			// Scenario 2: a saved update, and someone deletes the control plane first.
			Config: f.Config("", 1),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionUpdate),
				acctest.OutOfBand(func() { f.Env.Remove(f.Path) }),
			}},
			ExpectError: cpGoneDiag,
		},
		resource.TestStep{
			// Nothing recreated blindly; a fresh plan creates it again. Scenario 6: someone
			// else has created one of that name meanwhile: the create is refused with the
			// import it needs.
			PreConfig: func() {
				if f.Env.Get(f.Path) != nil || len(named()) != 0 {
					f.T.Errorf("the refused apply recreated the control plane: %v", named())
				}
				f.Env.Edit(theirsPath, acctest.Set("name", name))
			},
			Config: f.Config("", 1),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionCreate),
			}},
			ExpectError: cpExistsDiag,
		},
		resource.TestStep{
			// Konnect holds theirs only, untouched; an import block adopts it, as the
			// diagnostic says, and the apply sets the labels configuration sets.
			PreConfig: func() {
				if all := named(); len(all) != 1 || all[0]["id"] != theirs || all[0]["description"] != "theirs" {
					f.T.Errorf("Konnect holds %v after the refused create, want only theirs (%s), untouched", all, theirs)
				}
			},
			Config: f.WithBlock("", labelled) + fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", f.Address(), theirs),
			Check: func(s *terraform.State) error {
				if err := f.Remember(s); err != nil {
					return err
				}
				if f.Path != theirsPath {
					f.T.Errorf("after adopting: state holds %s, want %s", f.Path, theirsPath)
				}
				wantLabels("after adopting", map[string]any{"team": "platform"})
				return nil
			},
		},
		resource.TestStep{
			// Scenario 1's labels: configuration sets them, someone adds one in Konnect: the
			// plan would remove it, a conflict naming the whole map.
			PreConfig: func() {
				f.Env.Edit(f.Path, acctest.Set("labels", map[string]any{"team": "platform", "oncall": "ui-edit"}))
			},
			Config:      f.WithBlock("", labelled),
			ExpectError: cpLabelsConflict,
		},
		resource.TestStep{
			// Overwrite: the PATCH replaces the map, the label added in Konnect goes.
			PreConfig: func() {
				wantLabels("after the refused plan", map[string]any{"team": "platform", "oncall": "ui-edit"})
			},
			Config: f.WithBlock("overwrite", labelled),
			Check: func(*terraform.State) error {
				wantLabels("after overwriting", map[string]any{"team": "platform"})
				return nil
			},
		},
	)
}
