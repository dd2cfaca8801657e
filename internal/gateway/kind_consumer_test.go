package gateway_test

import (
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// consumerRow takes part in TestAccKinds (acc_kinds_test.go). A consumer, changing its custom id;
// configuration that takes the custom id someone set in Konnect adopts it, writing nothing. A
// second consumer, crm, has a custom id and no username: state holds none.
var consumerRow = acctest.KindRow{Block: "username = \"alice\"\n  custom_id = %s",
	Update: &acctest.KindUpdate{Attr: "custom_id", Values: [2]any{"c-1", "c-2"}, UI: "c-ui"},
	Deps: func(*acctest.KindFixture) string {
		return "\nresource \"konnect_gateway_consumer\" \"crm\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  custom_id = \"crm-7\"\n}\n"
	},
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		steps := f.AdoptionSteps()
		steps[0].ConfigStateChecks = append(steps[0].ConfigStateChecks,
			statecheck.ExpectKnownValue("konnect_gateway_consumer.crm", tfjsonpath.New("username"), knownvalue.Null()))
		return steps
	}}
