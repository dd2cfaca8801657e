package access_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The identity data sources as Kong's provider declares them (konnect_team, konnect_team_list,
// konnect_system_account, konnect_system_account_list, with Kong's `filter`), and the role
// catalogue (konnect_roles), against the mock's organization: its predefined teams, objects
// made in Konnect, and objects this configuration manages.

// accessObjects makes, in Konnect, the teams and system accounts the tests read: a pair of
// teams sharing a name, three system accounts (one managed by Konnect), and bulk objects
// (named prefix-000, prefix-001, …) that make a listing longer than one page.
func accessObjects(e *acctest.Env, bulkTeams, bulkAccounts int) {
	e.T.Helper()
	for _, tm := range []konnect.Object{
		{"name": "web-a", "description": "the web front end"},
		{"name": "web-b"},
		{"name": "api-x", "labels": map[string]any{"env": "prod"}},
		{"name": "twin", "description": "first"},
		{"name": "twin", "description": "second"},
	} {
		e.Post("/v3/teams", tm)
	}
	for _, sa := range []konnect.Object{
		{"name": "ci-deploy", "description": "deploys the services"},
		{"name": "ci-test", "description": "runs the tests"},
		{"name": "integration", "description": "an integration, managed by Konnect", "konnect_managed": true},
	} {
		e.Post("/v3/system-accounts", sa)
	}
	for i := range bulkTeams {
		e.Post("/v3/teams", konnect.Object{"name": fmt.Sprintf("bulk-%03d", i)})
	}
	for i := range bulkAccounts {
		e.Post("/v3/system-accounts", konnect.Object{"name": fmt.Sprintf("robot-%03d", i), "description": "a robot"})
	}
}

// One team or system account: a predefined team by name and by Kong's filter, a team this
// configuration manages by id, and system accounts by name and by each of Kong's filter fields.
func TestAccDataSourceAccessOne(t *testing.T) {
	e := acctest.NewEnv(t, konnectmock.Options{})
	accessObjects(e, 0, 0)
	adminID := e.TeamID("Organization Admin")
	admin := func(address string) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			statecheck.ExpectKnownValue(address, tfjsonpath.New("id"), knownvalue.StringExact(adminID)),
			statecheck.ExpectKnownValue(address, tfjsonpath.New("name"), knownvalue.StringExact("Organization Admin")),
			statecheck.ExpectKnownValue(address, tfjsonpath.New("system_team"), knownvalue.Bool(true)),
			statecheck.ExpectKnownValue(address, tfjsonpath.New("description"),
				knownvalue.StringExact("Users can fully manage all entities and configuration in the organization.")),
		}
	}
	checks := append(admin("data.konnect_team.admin_by_name"), admin("data.konnect_team.admin_by_filter")...)
	checks = append(checks,
		statecheck.ExpectKnownValue("data.konnect_team.admin_by_filter", tfjsonpath.New("filter").AtMapKey("name").AtMapKey("eq"), knownvalue.StringExact("Organization Admin")),
		statecheck.ExpectKnownValue("data.konnect_team.admin_by_filter", tfjsonpath.New("filter").AtMapKey("name").AtMapKey("contains"), knownvalue.Null()),
		statecheck.ExpectKnownValue("data.konnect_team.admin_by_name", tfjsonpath.New("filter"), knownvalue.Null()),
		statecheck.ExpectKnownValue("data.konnect_team.viewer", tfjsonpath.New("name"), knownvalue.StringExact("Analytics Viewer")),
		statecheck.ExpectKnownValue("data.konnect_team.viewer", tfjsonpath.New("system_team"), knownvalue.Bool(true)),
		statecheck.ExpectKnownValue("data.konnect_team.managed", tfjsonpath.New("name"), knownvalue.StringExact("managed-team")),
		statecheck.ExpectKnownValue("data.konnect_team.managed", tfjsonpath.New("description"), knownvalue.StringExact("Managed by Terraform")),
		statecheck.ExpectKnownValue("data.konnect_team.managed", tfjsonpath.New("labels"), knownvalue.MapExact(map[string]knownvalue.Check{"env": knownvalue.StringExact("test")})),
		statecheck.ExpectKnownValue("data.konnect_team.managed", tfjsonpath.New("system_team"), knownvalue.Bool(false)),
		statecheck.ExpectKnownValue("data.konnect_team.labelled", tfjsonpath.New("labels"), knownvalue.MapExact(map[string]knownvalue.Check{"env": knownvalue.StringExact("prod")})),
		statecheck.ExpectKnownValue("data.konnect_system_account.deploy", tfjsonpath.New("description"), knownvalue.StringExact("deploys the services")),
		statecheck.ExpectKnownValue("data.konnect_system_account.deploy", tfjsonpath.New("konnect_managed"), knownvalue.Bool(false)),
		statecheck.ExpectKnownValue("data.konnect_system_account.tests", tfjsonpath.New("name"), knownvalue.StringExact("ci-test")),
		statecheck.ExpectKnownValue("data.konnect_system_account.by_eq", tfjsonpath.New("name"), knownvalue.StringExact("ci-deploy")),
		statecheck.ExpectKnownValue("data.konnect_system_account.managed", tfjsonpath.New("name"), knownvalue.StringExact("integration")),
		statecheck.ExpectKnownValue("data.konnect_system_account.managed", tfjsonpath.New("konnect_managed"), knownvalue.Bool(true)),
		statecheck.ExpectKnownValue("data.konnect_system_account.managed", tfjsonpath.New("filter").AtMapKey("konnect_managed"), knownvalue.Bool(true)),
	)
	config := e.ProviderBlock("") + `
resource "konnect_team" "managed" {
  name        = "managed-team"
  description = "Managed by Terraform"
  labels      = { env = "test" }
}

data "konnect_team" "managed" {
  id = konnect_team.managed.id
}

data "konnect_team" "admin_by_name" {
  name = "Organization Admin"
}

data "konnect_team" "admin_by_filter" {
  filter = { name = { eq = "Organization Admin" } }
}

data "konnect_team" "viewer" {
  filter = { name = { contains = "Analytics V" } }
}

data "konnect_team" "labelled" {
  name = "api-x"
}

data "konnect_system_account" "deploy" {
  name = "ci-deploy"
}

data "konnect_system_account" "by_eq" {
  filter = { name = { eq = "ci-deploy" } }
}

data "konnect_system_account" "tests" {
  filter = { description = { contains = "tests" } }
}

data "konnect_system_account" "managed" {
  filter = { konnect_managed = true }
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			Config:            config,
			ConfigStateChecks: checks,
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttrPair("data.konnect_team.managed", "id", "konnect_team.managed", "id"),
				resource.TestCheckResourceAttrPair("data.konnect_system_account.deploy", "id", "data.konnect_system_account.by_eq", "id"),
			),
		}},
	})
}

// A name or a filter that matches no object or several is an error naming the lookup, and
// the objects it matched; the lookups and a filter's operators exclude each other.
func TestAccDataSourceAccessNotOne(t *testing.T) {
	e := acctest.NewEnv(t, konnectmock.Options{})
	accessObjects(e, 0, 0)
	adminID := e.TeamID("Organization Admin")
	step := func(block string, want *regexp.Regexp) resource.TestStep {
		return resource.TestStep{Config: e.ProviderBlock("") + block, ExpectError: want}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			step(`data "konnect_team" "x" { filter = { name = { contains = "Organization Admin" } } }`,
				acctest.Both("More than one team matches", `2 teams in Konnect match filter.name.contains = "Organization Admin": Organization Admin (`+adminID+`), Organization Admin (Read Only) (`)),
			// Two teams may share a name: reading one by that name is ambiguous too.
			step(`data "konnect_team" "x" { name = "twin" }`,
				acctest.Both("More than one team matches", `2 teams in Konnect match name = "twin": twin (`)),
			step(`data "konnect_team" "x" { filter = { name = { eq = "nobody" } } }`,
				acctest.Both("No such Konnect object", `No konnect_team with filter.name.eq = "nobody" exists in Konnect.`)),
			step(`data "konnect_team" "x" { name = "nobody" }`,
				acctest.Both("No such Konnect object", `No konnect_team with name = "nobody" exists in Konnect.`)),
			step(`data "konnect_system_account" "x" { filter = { name = { contains = "ci-" } } }`,
				acctest.Both("More than one system account matches", `2 system accounts in Konnect match filter.name.contains = "ci-": ci-deploy (`)),
			step(`data "konnect_system_account" "x" { filter = { name = { eq = "ci-deploy" }, konnect_managed = true } }`,
				acctest.Both("No such Konnect object", `No konnect_system_account with filter.konnect_managed = true, filter.name.eq = "ci-deploy" exists in Konnect.`)),
			step(`data "konnect_team" "x" {
  id     = "`+adminID+`"
  filter = { name = { eq = "Organization Admin" } }
}`, regexp.MustCompile(`Invalid Attribute Combination`)),
			step(`data "konnect_team" "x" {}`, regexp.MustCompile(`Invalid Attribute Combination`)),
			step(`data "konnect_system_account" "x" { filter = { description = { eq = "a", contains = "b" } } }`,
				regexp.MustCompile(`Invalid Attribute Combination`)),
		},
	})
}

// The lists: Kong's filter on every field, predefined teams included, and listings longer
// than Konnect's largest page (100), which the data sources follow to the end.
func TestAccDataSourceAccessLists(t *testing.T) {
	e := acctest.NewEnv(t, konnectmock.Options{})
	const bulkTeams, bulkAccounts = 105, 102
	accessObjects(e, bulkTeams, bulkAccounts)
	predefined := len(e.List("/v3/teams")) - bulkTeams - 5

	list := func(typ, name, args string) string {
		return fmt.Sprintf("data %q %q {\n%s\n}\noutput %q {\n  value = [for o in data.%s.%s.data : o.name]\n}\n", typ, name, args, name, typ, name)
	}
	teams := func(name, args string) string { return list("konnect_team_list", name, args) }
	accounts := func(name, args string) string { return list("konnect_system_account_list", name, args) }
	config := e.ProviderBlock("") +
		teams("all_teams", "") +
		teams("bulk", `filter = { name = { contains = "bulk-" } }`) +
		teams("web", `filter = { name = { contains = "web-" } }`) +
		teams("api", `filter = { name = { eq = "api-x" } }`) +
		teams("admins", `filter = { name = { contains = "Admin" } }`) +
		teams("no_team", `filter = { name = { eq = "nobody" } }`) +
		accounts("all_accounts", "") +
		accounts("robots", `filter = { name = { contains = "robot-" } }`) +
		accounts("ci", `filter = { name = { contains = "ci-" } }`) +
		accounts("tests", `filter = { description = { eq = "runs the tests" } }`) +
		accounts("described", `filter = { description = { contains = "the" } }`) +
		accounts("konnect_managed", `filter = { konnect_managed = true }`) +
		accounts("ci_unmanaged", `filter = {
  name            = { contains = "ci-" }
  konnect_managed = false
}`)
	size := func(address string, n int) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(address, tfjsonpath.New("data"), knownvalue.ListSizeExact(n))
	}
	elem := func(address string, i int, attr string, want knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(address, tfjsonpath.New("data").AtSliceIndex(i).AtMapKey(attr), want)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				size("data.konnect_team_list.all_teams", predefined+5+bulkTeams),
				elem("data.konnect_team_list.all_teams", 0, "name", knownvalue.StringExact("Organization Admin")),
				elem("data.konnect_team_list.all_teams", 0, "system_team", knownvalue.Bool(true)),
				size("data.konnect_team_list.bulk", bulkTeams),
				elem("data.konnect_team_list.bulk", 0, "name", knownvalue.StringExact("bulk-000")),
				elem("data.konnect_team_list.bulk", bulkTeams-1, "name", knownvalue.StringExact(fmt.Sprintf("bulk-%03d", bulkTeams-1))),
				statecheck.ExpectKnownOutputValue("web", acctest.Names("web-a", "web-b")),
				elem("data.konnect_team_list.web", 0, "description", knownvalue.StringExact("the web front end")),
				elem("data.konnect_team_list.web", 0, "system_team", knownvalue.Bool(false)),
				elem("data.konnect_team_list.web", 0, "id", knownvalue.StringExact(e.TeamID("web-a"))),
				elem("data.konnect_team_list.web", 1, "description", knownvalue.Null()),
				statecheck.ExpectKnownOutputValue("api", acctest.Names("api-x")),
				elem("data.konnect_team_list.api", 0, "labels", knownvalue.MapExact(map[string]knownvalue.Check{"env": knownvalue.StringExact("prod")})),
				statecheck.ExpectKnownOutputValue("admins", acctest.Names("Organization Admin", "Organization Admin (Read Only)", "Analytics Admin",
					"API Product Admin", "Control Plane Admin", "Portal Admin")),
				statecheck.ExpectKnownOutputValue("no_team", acctest.Names()),
				statecheck.ExpectKnownValue("data.konnect_team_list.api", tfjsonpath.New("filter").AtMapKey("name").AtMapKey("eq"), knownvalue.StringExact("api-x")),

				size("data.konnect_system_account_list.all_accounts", 3+bulkAccounts),
				size("data.konnect_system_account_list.robots", bulkAccounts),
				elem("data.konnect_system_account_list.robots", bulkAccounts-1, "name", knownvalue.StringExact(fmt.Sprintf("robot-%03d", bulkAccounts-1))),
				statecheck.ExpectKnownOutputValue("ci", acctest.Names("ci-deploy", "ci-test")),
				statecheck.ExpectKnownOutputValue("tests", acctest.Names("ci-test")),
				statecheck.ExpectKnownOutputValue("described", acctest.Names("ci-deploy", "ci-test")),
				statecheck.ExpectKnownOutputValue("konnect_managed", acctest.Names("integration")),
				elem("data.konnect_system_account_list.konnect_managed", 0, "konnect_managed", knownvalue.Bool(true)),
				elem("data.konnect_system_account_list.konnect_managed", 0, "description", knownvalue.StringExact("an integration, managed by Konnect")),
				statecheck.ExpectKnownOutputValue("ci_unmanaged", acctest.Names("ci-deploy", "ci-test")),
			},
		}},
	})
}

// Konnect's role catalogue, whole and for one entity type (in either spelling of the mesh
// type); an entity type the catalogue does not describe is an error listing the ones it does.
func TestAccDataSourceAccessRoles(t *testing.T) {
	e := acctest.NewEnv(t, konnectmock.Options{})
	config := e.ProviderBlock("") + `
data "konnect_roles" "all" {}

data "konnect_roles" "control_planes" {
  entity_type_name = "Control Planes"
}

# The catalogue's own (singular) spelling of the mesh type.
data "konnect_roles" "mesh" {
  entity_type_name = "Mesh Control Plane"
}

output "control_plane_roles" {
  value = [for r in data.konnect_roles.control_planes.roles : r.role_name]
}

output "entity_types" {
  value = distinct([for r in data.konnect_roles.all.roles : r.entity_type_name])
}
`
	role := func(address string, i int, attr, want string) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(address, tfjsonpath.New("roles").AtSliceIndex(i).AtMapKey(attr), knownvalue.StringExact(want))
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.konnect_roles.all", tfjsonpath.New("roles"), knownvalue.ListSizeExact(34)),
					// Each type as a role grant spells it: the catalogue's "Mesh Control Plane" is a
					// grant's "Mesh Control Planes".
					statecheck.ExpectKnownOutputValue("entity_types", acctest.Names("API Products", "Audit Logs", "Control Planes", "Dashboards",
						"Identity", "Mesh Control Planes", "Reports")),
					statecheck.ExpectKnownValue("data.konnect_roles.mesh", tfjsonpath.New("roles"), knownvalue.ListSizeExact(4)),
					role("data.konnect_roles.mesh", 0, "entity_type_name", "Mesh Control Planes"),
					role("data.konnect_roles.mesh", 0, "role_name", "Admin"),
					role("data.konnect_roles.all", 0, "entity_type_name", "API Products"),
					role("data.konnect_roles.all", 0, "role_name", "Admin"),
					role("data.konnect_roles.all", 0, "description", "This role grants full write access to an API product and its versions."),
					statecheck.ExpectKnownOutputValue("control_plane_roles", acctest.Names("Admin", "Certificate Admin", "Consumer Admin", "Creator",
						"Debug Session Creator", "Deployer", "Gateway Service Admin", "Plugin Admin", "Route Admin", "SNI Admin", "Upstream Admin", "Viewer")),
					role("data.konnect_roles.control_planes", 11, "entity_type_name", "Control Planes"),
					role("data.konnect_roles.control_planes", 11, "description", "This role grants read only access to all entities within a control plane."),
				},
			},
			{
				Config: e.ProviderBlock("") + `data "konnect_roles" "x" { entity_type_name = "Networks" }`,
				ExpectError: acctest.Both("Unknown entity type",
					`Konnect's catalogue of roles has no entity type "Networks". Its entity types: "API Products", "Audit Logs", "Control Planes", "Dashboards", "Identity", "Mesh Control Planes", "Reports".`),
			},
		},
	})
}
