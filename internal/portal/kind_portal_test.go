package portal_test

import (
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// The portal family's rows in TestAccKinds (acc_kinds_test.go): a portal, a team of its
// developers, and a role granted to that team.

// portalRow: a portal, changing its description; scenario 9 removes auto_approve_developers.
var portalRow = acctest.KindRow{Block: "name = \"dev\"\n  description = %s",
	Update:  &acctest.KindUpdate{Attr: "description", Values: [2]any{"d-1", "d-2"}, UI: "d-ui"},
	Removal: &acctest.KindRemoval{Attr: "auto_approve_developers", HCL: "true", UI: true}}

// portalTeamRow: a portal team, changing its description; scenario 9 removes
// can_own_applications.
var portalTeamRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "can_own_applications", UI: true},
	Deps:    portalDep,
	Block:   "portal_id = konnect_portal.dev.id\n  name = \"devs\"\n  description = %s",
	Update:  &acctest.KindUpdate{Attr: "description", Values: [2]any{"d-1", "d-2"}, UI: "d-ui"},
	Removal: &acctest.KindRemoval{Attr: "can_own_applications", HCL: "true", UI: true}}

func portalDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_portal\" \"dev\" {\n  name = \"dev\"\n}\n"
}

func portalTeamDep(f *acctest.KindFixture) string {
	return portalDep(f) + "\nresource \"konnect_portal_team\" \"devs\" {\n  portal_id = konnect_portal.dev.id\n  name = \"devs\"\n}\n"
}

// portalTeamRoleRow: a role granted to a portal team; create and delete only, like
// konnect_team_role's row: an unknown role refused at plan, then rows 5 and 1.
var portalTeamRoleRow = acctest.KindRow{
	NoUpdate:  "a grant is created and deleted, never changed: every attribute replaces it",
	NoRemoval: "a grant has no optional attribute",
	Deps:      portalTeamDep,
	Block: "portal_id = konnect_portal.dev.id\n  team_id = konnect_portal_team.devs.id\n  entity_id = \"" + acctest.PortalAPIID +
		"\"\n  entity_type_name = \"Services\"\n  entity_region = \"us\"\n  role_name = %s",
	Steps: portalRoleSteps,
}

func portalRoleSteps(f *acctest.KindFixture) []resource.TestStep {
	config := func(role string) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, fmt.Sprintf("%q", role))) }
	steps := []resource.TestStep{
		{
			// An unknown role: refused at plan, with the valid roles; nothing is created.
			Config:      config("Superuser"),
			ExpectError: regexp.MustCompile(`(?s)Unknown role.*Konnect has no portal role\s+"Superuser"\s+for\s+"Services".*"API\s+Consumer".*"API\s+Viewer"`),
		},
		{Config: config("API Viewer"), Check: f.Remember},
	}
	steps = append(steps, f.GoneBeforeSavedDestroy(config("API Viewer"), f.Remember)...)
	return append(steps, []resource.TestStep{
		{
			PreConfig: func() { f.Rec.Reset(); f.Env.Remove(f.Path) },
			Config:    config("API Viewer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.Remember(s); err != nil {
					return err
				}
				if got := f.Env.Get(f.Path); got == nil || got["role_name"] != "API Viewer" {
					f.T.Errorf("after granting again: Konnect holds %v", got)
				}
				return f.Rec.WantWarning("Konnect object deleted outside Terraform", f.Kind.TypeName)
			},
		},
		{
			// Row 1 for a replace: a saved plan changes the role, and someone deletes the
			// grant first. The apply does not create a grant over that change.
			Config: config("API Consumer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionReplace),
				acctest.OutOfBand(func() { f.Env.Remove(f.Path) }),
			}},
			Check: func(*terraform.State) error {
				return f.Rec.WantWarning("Konnect object already deleted", f.Kind.TypeName)
			},
		},
	}...)
}
