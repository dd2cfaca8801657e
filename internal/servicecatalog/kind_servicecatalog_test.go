package servicecatalog_test

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// The service catalog family's rows in TestAccKinds (acc_kinds_test.go).

// catalogServiceRow: a catalog service renamed for display; a label someone adds in Konnect
// survives the update (a PATCH of what the plan changes, labels key by key); scenario 9
// removes the description, which goes.
var catalogServiceRow = acctest.KindRow{
	Block:   "name = \"orders\"\n  custom_fields = jsonencode({ owner = \"team-a\", tier = null })\n  display_name = %s",
	Update:  &acctest.KindUpdate{Attr: "display_name", Values: [2]any{"Orders", "Orders API"}, UI: "Orders (set in the UI)"},
	Removal: &acctest.KindRemoval{Attr: "description", HCL: `"Takes orders"`, UI: "set in the UI"},
}

// instanceDep is an integration instance for the auth config and credential rows.
func instanceDep(*acctest.KindFixture) string {
	return `
resource "konnect_integration_instance" "dep" {
  integration_name = "datadog"
  name             = "datadog-prod"
  display_name     = "Datadog (prod)"
  config           = jsonencode({ region = "us1" })
}
`
}

// integrationInstanceRow: a Datadog instance renamed for display; a label someone adds in
// Konnect survives the update; scenario 9 removes the description, which goes.
var integrationInstanceRow = acctest.KindRow{
	Block:   "integration_name = \"datadog\"\n  name = \"datadog-eu\"\n  config = jsonencode({ region = \"eu1\" })\n  display_name = %s",
	Update:  &acctest.KindUpdate{Attr: "display_name", Values: [2]any{"Datadog (EU)", "Datadog EU"}, UI: "Datadog (set in the UI)"},
	Removal: &acctest.KindRemoval{Attr: "description", HCL: `"Europe's monitors"`, UI: "set in the UI"},
}

// authConfigRow: the instance's OAuth client moving to another token endpoint; someone's
// change in Konnect (a PUT of the whole config, the secret included, as the UI sends it) is
// a conflict on that endpoint. Konnect replaces the config whole: nothing configuration
// leaves unset to keep.
var authConfigRow = acctest.KindRow{
	NoKept:    "Konnect writes the auth config whole (PUT), and configuration sets every field",
	NoRemoval: "every field of the OAuth client is required",
	Deps:      instanceDep,
	Block: "integration_instance_id = konnect_integration_instance.dep.id\n  oauth_config = {\n    client_id = \"catalog\"\n    client_secret = \"row-client-secret\"\n" +
		"    authorization_endpoint = \"https://idp.example.com/authorize\"\n    token_endpoint = %s\n  }",
	Update: &acctest.KindUpdate{Attr: "oauth_config.token_endpoint", Field: "token_endpoint",
		Values: [2]any{"https://idp.example.com/token", "https://idp.example.com/oauth/token"}, UI: "https://idp.example.com/ui/token",
		Also: map[string]any{"client_secret": "set-in-the-ui"}},
}

// authCredentialRow: Konnect creates and deletes a credential, never changes one. The row
// creates one, then runs row 5 for an object with nothing to edit: someone deletes it
// before a saved destroy is applied.
var authCredentialRow = acctest.KindRow{
	NoUpdate:  "Konnect creates and deletes a credential, never changes one: every attribute replaces it",
	NoRemoval: "a credential has no optional attribute",
	Deps:      instanceDep,
	Block:     "integration_instance_id = konnect_integration_instance.dep.id\n  multi_key_auth = {\n    config = {\n      headers = [{ name = \"DD-API-KEY\", key = %s }]\n    }\n  }",
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		config := f.WithBlock("", fmt.Sprintf(f.Row.Block, `"row-api-key-1"`))
		return append([]resource.TestStep{{Config: config, Check: f.Remember}}, f.GoneBeforeSavedDestroy(config, f.Remember)...)
	},
}
