package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// aclRow takes part in TestAccKinds (acc_kinds_test.go). An ACL entry: its group changes in place;
// configuration that takes the group someone set in Konnect adopts it, writing nothing.
var aclRow = acctest.KindRow{Deps: consumerDep, Block: "consumer_id = konnect_gateway_consumer.alice.id\n  group = %s",
	Update: &acctest.KindUpdate{Attr: "group", Values: [2]any{"admins", "auditors"}, UI: "ui-group"},
	Steps:  (*acctest.KindFixture).AdoptionSteps}
