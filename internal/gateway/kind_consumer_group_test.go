package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// consumerGroupRow takes part in TestAccKinds (acc_kinds_test.go). A consumer group, renamed in
// place; configuration that takes the name someone set in Konnect adopts it, writing nothing.
var consumerGroupRow = acctest.KindRow{Block: "name = %s", Update: &acctest.KindUpdate{Attr: "name", Values: [2]any{"gold", "gold-2"}, UI: "gold-ui"},
	Steps: (*acctest.KindFixture).AdoptionSteps}
