package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// upstreamRow takes part in TestAccKinds (acc_kinds_test.go). An upstream, changing its number of
// slots.
var upstreamRow = acctest.KindRow{Block: "name = \"orders.upstream\"\n  slots = %s", Update: &acctest.KindUpdate{Attr: "slots", Values: [2]any{100, 200}, UI: 300}}
