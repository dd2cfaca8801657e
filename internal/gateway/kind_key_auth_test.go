package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// keyAuthRow takes part in TestAccKinds (acc_kinds_test.go). A key-auth credential, changing its
// time to live.
var keyAuthRow = acctest.KindRow{Deps: consumerDep, Block: "consumer_id = konnect_gateway_consumer.alice.id\n  ttl = %s",
	Update: &acctest.KindUpdate{Attr: "ttl", Values: [2]any{3600, 7200}, UI: 60}}
