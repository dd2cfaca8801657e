package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// jwtRow takes part in TestAccKinds (acc_kinds_test.go). A JWT credential, changing its key (the
// issuer claim).
var jwtRow = acctest.KindRow{Deps: consumerDep, Block: "consumer_id = konnect_gateway_consumer.alice.id\n  key = %s",
	Update: &acctest.KindUpdate{Attr: "key", Values: [2]any{"alice-issuer", "alice-issuer-2"}, UI: "ui-issuer"}}
