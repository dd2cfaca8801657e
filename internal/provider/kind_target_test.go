package provider

// targetRow takes part in TestAccKinds (acc_kinds_test.go). A target of an upstream, changing its
// weight.
var targetRow = kindRow{deps: upstreamDep, block: "upstream_id = konnect_gateway_upstream.u.id\n  target = \"10.0.0.7:8080\"\n  weight = %s",
	update: &kindUpdate{attr: "weight", values: [2]any{100, 50}, ui: 7}}
