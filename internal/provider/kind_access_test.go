package provider

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The access family's rows in TestAccKinds (acc_kinds_test.go): teams, system accounts and
// their tokens, the organization's authentication settings, and the links between them.

// teamRow: a team, changing its description; scenario 9 removes its labels.
var teamRow = kindRow{block: "name = \"platform\"\n  description = %s",
	update:  &kindUpdate{attr: "description", values: [2]any{"d-1", "d-2"}, ui: "d-ui"},
	removal: &kindRemoval{attr: "labels", hcl: `{ env = "t9" }`, ui: map[string]any{"ui": "set"}}}

// systemAccountRow: a system account, changing its description.
var systemAccountRow = kindRow{noKept: "configuration sets name and description; konnect_managed is Konnect's own",
	block:     "name = \"ci\"\n  description = %s",
	update:    &kindUpdate{attr: "description", values: [2]any{"d-1", "d-2"}, ui: "d-ui"},
	noRemoval: "its only optional attribute (konnect_managed) is fixed at creation"}

// systemAccountAccessTokenRow: a token, renamed; its expiry replaces it.
var systemAccountAccessTokenRow = kindRow{noKept: "configuration sets every field it has (name, expires_at)",
	deps:      systemAccountDep,
	block:     "account_id = konnect_system_account.ci.id\n  expires_at = \"2099-01-01T00:00:00Z\"\n  name = %s",
	update:    &kindUpdate{attr: "name", values: [2]any{"t-1", "t-2"}, ui: "t-ui"},
	noRemoval: "a token has no optional attribute"}

// authenticationSettingsRow: the organization's settings, one object without an id. A
// setting is a flag, so what someone sets in Konnect is the plan's value: the edit still
// makes a saved plan stale, and the revert of it is a conflict.
// (Konnect refuses to turn off the last way to log in, and to turn on OIDC or SAML before an
// identity provider is configured: the row changes how teams are assigned.)
var authenticationSettingsRow = kindRow{kept: &kindKept{"idp_mapping_enabled", true},
	block:   "konnect_mapping_enabled = %s",
	update:  &kindUpdate{attr: "konnect_mapping_enabled", values: [2]any{false, true}, ui: true},
	removal: &kindRemoval{attr: "idp_mapping_enabled", hcl: "true", ui: true}}

func systemAccountDep(*kindFixture) string {
	return "\nresource \"konnect_system_account\" \"ci\" {\n  name = \"ci\"\n  description = \"CI\"\n}\n"
}

func teamDep(*kindFixture) string {
	return "\nresource \"konnect_team\" \"platform\" {\n  name = \"platform\"\n}\n"
}

// Links: a user or a system account in a team. Konnect can only add and remove one: nothing
// to edit, every attribute replaces it. The rows run rows 1 and 5 with adding and removing.
var teamUserRow = kindRow{
	noUpdate:  "Konnect can only add and remove a team member: nothing to edit, and every attribute replaces it",
	noRemoval: "a membership has no optional attribute",
	deps: func(f *kindFixture) string {
		return teamDep(f) + "\ndata \"konnect_user\" \"jane\" {\n  email = \"jane.doe@example.com\"\n}\n" +
			"\ndata \"konnect_user\" \"admin\" {\n  email = \"admin@example.com\"\n}\n"
	},
	block: "team_id = konnect_team.platform.id\n  user_id = data.konnect_user.%s.id",
	steps: func(f *kindFixture) []resource.TestStep {
		return linkSteps(f, "jane", "admin", "data.konnect_user.", "user_id")
	},
}

var systemAccountTeamRow = kindRow{
	noUpdate:  "Konnect can only add and remove a team member: nothing to edit, and every attribute replaces it",
	noRemoval: "a membership has no optional attribute",
	deps: func(f *kindFixture) string {
		s := teamDep(f)
		for _, a := range []string{"ci", "deploy"} {
			s += fmt.Sprintf("\nresource \"konnect_system_account\" %q {\n  name = %q\n  description = \"bot\"\n}\n", a, a)
		}
		return s
	},
	block: "team_id = konnect_team.platform.id\n  account_id = konnect_system_account.%s.id",
	steps: func(f *kindFixture) []resource.TestStep {
		return linkSteps(f, "ci", "deploy", "konnect_system_account.", "account_id")
	},
}

// linkSteps: a link to one object, then rows 5 and 1 on it: a saved destroy plan whose link
// is removed in Konnect first (the apply writes nothing and warns), a link removed in
// Konnect that the refresh reports and the plan makes again, and a saved plan moving the
// link to a second object that someone links in Konnect first (the apply refuses, naming
// the import block; the import adopts it).
func linkSteps(f *kindFixture, first, second, ref, attr string) []resource.TestStep {
	ids := map[string]string{}
	config := func(to string) string { return f.withBlock("", fmt.Sprintf(f.row.block, to)) }
	collection := func() string { return f.path[:len(f.path)-len(ids[first])-1] }
	wantLinked := func(what string, want ...string) {
		f.t.Helper()
		var got []string
		for _, o := range f.env.list(collection()) {
			for name, id := range ids {
				if o["id"] == id {
					got = append(got, name)
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			f.t.Errorf("%s: Konnect links %v, want %v", what, got, want)
		}
	}
	created := func(s *terraform.State) error {
		for _, n := range []string{first, second} {
			ids[n] = s.RootModule().Resources[ref+n].Primary.ID
		}
		return f.remember(s)
	}
	steps := []resource.TestStep{{Config: config(first), Check: created}}
	steps = append(steps, f.goneBeforeSavedDestroy(config(first), created)...)
	return append(steps, []resource.TestStep{
		{
			// Removed in Konnect: the refresh reports it and the plan links it again.
			PreConfig: func() { f.rec.reset(); f.env.remove(f.path) },
			Config:    config(first),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionCreate),
			}},
			Check: func(*terraform.State) error {
				wantLinked("after linking again", first)
				return f.rec.wantWarning("Konnect object deleted outside Terraform", f.kind.TypeName)
			},
		},
		{
			// Row 1: a saved plan moves the link to the second object, and someone links
			// that one in Konnect first. The apply refuses to take it over and says how.
			Config: config(second),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionReplace),
				outOfBand(func() { f.env.post(collection(), konnect.Object{"id": ids[second]}) }),
			}},
			ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*` +
				f.kind.TypeName + `\s+with\s+` + attr + `\s+"[0-9a-f-]{36}"\s+already\s+exists.*` +
				`import \{\s+to = ` + f.kind.TypeName + `.<name>`),
		},
		{
			// Konnect holds the link someone made, once; adopt it as the error says.
			PreConfig:          func() { wantLinked("after the refused apply", second) },
			Config:             config(second),
			ResourceName:       f.address(),
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
var teamRoleRow = kindRow{
	noUpdate:  "a grant is created and deleted, never changed: every attribute replaces it",
	noRemoval: "entity_region, its only optional attribute, replaces the grant",
	deps:      teamDep,
	block:     "team_id = konnect_team.platform.id\n  entity_id = \"*\"\n  entity_type_name = \"Control Planes\"\n  entity_region = \"us\"\n  role_name = %s",
	steps:     roleSteps,
}

var systemAccountRoleRow = kindRow{
	noUpdate:  teamRoleRow.noUpdate,
	noRemoval: teamRoleRow.noRemoval,
	deps:      systemAccountDep,
	block:     "account_id = konnect_system_account.ci.id\n  entity_id = \"*\"\n  entity_type_name = \"Control Planes\"\n  entity_region = \"us\"\n  role_name = %s",
	steps:     roleSteps,
}

func roleSteps(f *kindFixture) []resource.TestStep {
	config := func(role string) string { return f.withBlock("", fmt.Sprintf(f.row.block, fmt.Sprintf("%q", role))) }
	steps := []resource.TestStep{
		{
			// An unknown role: refused at plan, with the valid roles; nothing is created.
			Config:      config("Superuser"),
			ExpectError: regexp.MustCompile(`(?s)Unknown role.*Konnect has no role "Superuser" for "Control\s+Planes".*"Admin".*"Viewer"`),
		},
		{Config: config("Viewer"), Check: f.remember},
	}
	steps = append(steps, f.goneBeforeSavedDestroy(config("Viewer"), f.remember)...)
	return append(steps, []resource.TestStep{
		{
			PreConfig: func() { f.rec.reset(); f.env.remove(f.path) },
			Config:    config("Viewer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.remember(s); err != nil {
					return err
				}
				if got := f.env.get(f.path); got == nil || got["role_name"] != "Viewer" {
					f.t.Errorf("after granting again: Konnect holds %v", got)
				}
				return f.rec.wantWarning("Konnect object deleted outside Terraform", f.kind.TypeName)
			},
		},
		{
			// Row 1 for a replace: a saved plan changes the role, and someone deletes the
			// grant first. The apply does not create a grant over that change.
			Config: config("Deployer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionReplace),
				outOfBand(func() { f.env.remove(f.path) }),
			}},
			Check: func(*terraform.State) error {
				return f.rec.wantWarning("Konnect object already deleted", f.kind.TypeName)
			},
		},
	}...)
}
