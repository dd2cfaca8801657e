package access_test

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The access family's rows in TestAccKinds (acc_kinds_test.go): teams, system accounts and
// their tokens, the organization's authentication settings, and the links between them.

// teamRow: a team, changing its description; scenario 9 removes its labels.
var teamRow = acctest.KindRow{Block: "name = \"platform\"\n  description = %s",
	Update:  &acctest.KindUpdate{Attr: "description", Values: [2]any{"d-1", "d-2"}, UI: "d-ui"},
	Removal: &acctest.KindRemoval{Attr: "labels", HCL: `{ env = "t9" }`, UI: map[string]any{"ui": "set"}}}

// systemAccountRow: a system account, changing its description.
var systemAccountRow = acctest.KindRow{NoKept: "configuration sets name and description; konnect_managed is Konnect's own",
	Block:     "name = \"ci\"\n  description = %s",
	Update:    &acctest.KindUpdate{Attr: "description", Values: [2]any{"d-1", "d-2"}, UI: "d-ui"},
	NoRemoval: "its only optional attribute (konnect_managed) is fixed at creation"}

// systemAccountAccessTokenRow: a token, renamed; its expiry replaces it.
var systemAccountAccessTokenRow = acctest.KindRow{NoKept: "configuration sets every field it has (name, expires_at)",
	Deps:      systemAccountDep,
	Block:     "account_id = konnect_system_account.ci.id\n  expires_at = \"2099-01-01T00:00:00Z\"\n  name = %s",
	Update:    &acctest.KindUpdate{Attr: "name", Values: [2]any{"t-1", "t-2"}, UI: "t-ui"},
	NoRemoval: "a token has no optional attribute"}

// authenticationSettingsRow: the organization's settings, one object without an id. A
// setting is a flag, so what someone sets in Konnect is the plan's value: the edit still
// makes a saved plan stale, and the revert of it is a conflict.
// (Konnect refuses to turn off the last way to log in, and to turn on OIDC or SAML before an
// identity provider is configured: the row changes how teams are assigned.)
var authenticationSettingsRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "idp_mapping_enabled", UI: true},
	Block:   "konnect_mapping_enabled = %s",
	Update:  &acctest.KindUpdate{Attr: "konnect_mapping_enabled", Values: [2]any{false, true}, UI: true},
	Removal: &acctest.KindRemoval{Attr: "idp_mapping_enabled", HCL: "true", UI: true}}

func systemAccountDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_system_account\" \"ci\" {\n  name = \"ci\"\n  description = \"CI\"\n}\n"
}

func teamDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_team\" \"platform\" {\n  name = \"platform\"\n}\n"
}

// Links: a user or a system account in a team. Konnect can only add and remove one: nothing
// to edit, every attribute replaces it. The rows run rows 1 and 5 with adding and removing.
var teamUserRow = acctest.KindRow{
	NoUpdate:  "Konnect can only add and remove a team member: nothing to edit, and every attribute replaces it",
	NoRemoval: "a membership has no optional attribute",
	Deps: func(f *acctest.KindFixture) string {
		return teamDep(f) + "\ndata \"konnect_user\" \"jane\" {\n  email = \"jane.doe@example.com\"\n}\n" +
			"\ndata \"konnect_user\" \"admin\" {\n  email = \"admin@example.com\"\n}\n"
	},
	Block: "team_id = konnect_team.platform.id\n  user_id = data.konnect_user.%s.id",
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		return linkSteps(f, "jane", "admin", "data.konnect_user.", "user_id")
	},
}

var systemAccountTeamRow = acctest.KindRow{
	NoUpdate:  "Konnect can only add and remove a team member: nothing to edit, and every attribute replaces it",
	NoRemoval: "a membership has no optional attribute",
	Deps: func(f *acctest.KindFixture) string {
		s := teamDep(f)
		for _, a := range []string{"ci", "deploy"} {
			s += fmt.Sprintf("\nresource \"konnect_system_account\" %q {\n  name = %q\n  description = \"bot\"\n}\n", a, a)
		}
		return s
	},
	Block: "team_id = konnect_team.platform.id\n  account_id = konnect_system_account.%s.id",
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		return linkSteps(f, "ci", "deploy", "konnect_system_account.", "account_id")
	},
}

// linkSteps: a link to one object, then rows 5 and 1 on it: a saved destroy plan whose link
// is removed in Konnect first (the apply writes nothing and warns), a link removed in
// Konnect that the refresh reports and the plan makes again, and a saved plan moving the
// link to a second object that someone links in Konnect first (the apply refuses, naming
// the import block; the import adopts it).
func linkSteps(f *acctest.KindFixture, first, second, ref, attr string) []resource.TestStep {
	ids := map[string]string{}
	config := func(to string) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, to)) }
	collection := func() string { return f.Path[:len(f.Path)-len(ids[first])-1] }
	wantLinked := func(what string, want ...string) {
		f.T.Helper()
		var got []string
		for _, o := range f.Env.List(collection()) {
			for name, id := range ids {
				if o["id"] == id {
					got = append(got, name)
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			f.T.Errorf("%s: Konnect links %v, want %v", what, got, want)
		}
	}
	created := func(s *terraform.State) error {
		for _, n := range []string{first, second} {
			ids[n] = s.RootModule().Resources[ref+n].Primary.ID
		}
		return f.Remember(s)
	}
	steps := []resource.TestStep{{Config: config(first), Check: created}}
	steps = append(steps, f.GoneBeforeSavedDestroy(config(first), created)...)
	return append(steps, []resource.TestStep{
		{
			// Removed in Konnect: the refresh reports it and the plan links it again.
			PreConfig: func() { f.Rec.Reset(); f.Env.Remove(f.Path) },
			Config:    config(first),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionCreate),
			}},
			Check: func(*terraform.State) error {
				wantLinked("after linking again", first)
				return f.Rec.WantWarning("Konnect object deleted outside Terraform", f.Kind.TypeName)
			},
		},
		{
			// Row 1: a saved plan moves the link to the second object, and someone links
			// that one in Konnect first. The apply refuses to take it over and says how.
			Config: config(second),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionReplace),
				acctest.OutOfBand(func() { f.Env.Post(collection(), konnect.Object{"id": ids[second]}) }),
			}},
			ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*` +
				f.Kind.TypeName + `\s+with\s+` + attr + `\s+"[0-9a-f-]{36}"\s+already\s+exists.*` +
				`import \{\s+to = ` + f.Kind.TypeName + `.<name>`),
		},
		{
			// Konnect holds the link someone made, once; adopt it as the error says.
			PreConfig:          func() { wantLinked("after the refused apply", second) },
			Config:             config(second),
			ResourceName:       f.Address(),
			ImportState:        true,
			ImportStatePersist: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				return s.RootModule().Resources["konnect_team.platform"].Primary.ID + "/" + ids[second], nil
			},
		},
		{
			Config:           config(second),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(*terraform.State) error {
				wantLinked("after adopting", second)
				return nil
			},
		},
	}...)
}

// Role grants: create and delete only. The rows grant a role on every control plane, then
// run rows 5 and 1: a grant removed in Konnect before a saved destroy, and one removed in
// Konnect that the refresh reports and the plan grants again; a role Konnect does not have is
// refused when the plan is made, naming the valid ones.
var teamRoleRow = acctest.KindRow{
	NoUpdate:  "a grant is created and deleted, never changed: every attribute replaces it",
	NoRemoval: "entity_region, its only optional attribute, replaces the grant",
	Deps:      teamDep,
	Block:     "team_id = konnect_team.platform.id\n  entity_id = \"*\"\n  entity_type_name = \"Control Planes\"\n  entity_region = \"us\"\n  role_name = %s",
	Steps:     roleSteps,
}

var systemAccountRoleRow = acctest.KindRow{
	NoUpdate:  teamRoleRow.NoUpdate,
	NoRemoval: teamRoleRow.NoRemoval,
	Deps:      systemAccountDep,
	Block:     "account_id = konnect_system_account.ci.id\n  entity_id = \"*\"\n  entity_type_name = \"Control Planes\"\n  entity_region = \"us\"\n  role_name = %s",
	Steps:     roleSteps,
}

func roleSteps(f *acctest.KindFixture) []resource.TestStep {
	config := func(role string) string { return f.WithBlock("", fmt.Sprintf(f.Row.Block, fmt.Sprintf("%q", role))) }
	steps := []resource.TestStep{
		{
			// An unknown role: refused at plan, with the valid roles; nothing is created.
			Config:      config("Superuser"),
			ExpectError: regexp.MustCompile(`(?s)Unknown role.*Konnect has no role "Superuser" for "Control\s+Planes".*"Admin".*"Viewer"`),
		},
		{Config: config("Viewer"), Check: f.Remember},
	}
	steps = append(steps, f.GoneBeforeSavedDestroy(config("Viewer"), f.Remember)...)
	return append(steps, []resource.TestStep{
		{
			PreConfig: func() { f.Rec.Reset(); f.Env.Remove(f.Path) },
			Config:    config("Viewer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.Remember(s); err != nil {
					return err
				}
				if got := f.Env.Get(f.Path); got == nil || got["role_name"] != "Viewer" {
					f.T.Errorf("after granting again: Konnect holds %v", got)
				}
				return f.Rec.WantWarning("Konnect object deleted outside Terraform", f.Kind.TypeName)
			},
		},
		{
			// Row 1 for a replace: a saved plan changes the role, and someone deletes the
			// grant first. The apply does not create a grant over that change.
			Config: config("Deployer"),
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
