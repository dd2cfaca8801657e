package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 32, part 6: an import by a name two teams share (Konnect takes that) is refused
// naming both ids, never the first match; one by a name no team has says so (it was
// Konnect's "teamID: invalid ID format").
func TestAccImportByName(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	config := env.providerBlock("") + `
resource "konnect_team" "t" {
  name = "ops"
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					env.post("/v3/teams", konnect.Object{"name": "ops", "description": "the first"})
					env.post("/v3/teams", konnect.Object{"name": "ops", "description": "the second"})
				},
				Config: config, ResourceName: "konnect_team.t", ImportState: true, ImportStateId: "ops",
				ExpectError: regexp.MustCompile(`(?s)More than one Konnect object has this name.*2 objects of type\s+konnect_team have name "ops" in Konnect: ids\s+` +
					uuidPattern + `,\s+` + uuidPattern + `\.\s+Import the one you mean by its id`),
			},
			{
				Config: config, ResourceName: "konnect_team.t", ImportState: true, ImportStateId: "nobody",
				ExpectError: regexp.MustCompile(`(?s)Cannot import a Konnect object that does not exist.*Konnect has no konnect_team with name\s+"nobody"`),
			},
		},
	})
}
