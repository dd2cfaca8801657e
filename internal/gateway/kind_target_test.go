package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// targetRow takes part in TestAccKinds (acc_kinds_test.go). A target of an upstream, changing its
// weight.
var targetRow = acctest.KindRow{Deps: upstreamDep, Block: "upstream_id = konnect_gateway_upstream.u.id\n  target = \"10.0.0.7:8080\"\n  weight = %s",
	Update: &acctest.KindUpdate{Attr: "weight", Values: [2]any{100, 50}, UI: 7}}
