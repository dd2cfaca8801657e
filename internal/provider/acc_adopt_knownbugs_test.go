//go:build knownbugs

package provider

import "testing"

// Known bug of the plugin resource's import: the plan that imports a plugin shows its
// config as Konnect holds it, secrets included (a redis password in clear), because the
// imported state keeps all of Konnect's document and the CLI renders it. The list data
// source leaves secrets out (TestAccDataSourceEntityLists); the resource's import does not.
// Fails today; passes once no CLI output of the adoption shows the password. Run with
//
//	make testacc-migrate MIGRATE_CLIS=terraform-1.8 TESTARGS='-tags knownbugs -run ^TestMigrateAccKnownBug'
func TestMigrateAccKnownBugImportShowsPluginSecret(t *testing.T) {
	adoptScenario(t, "Adopt-Redis-Pa55-91be0c")
}
