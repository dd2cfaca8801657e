package provider

// upstreamRow takes part in TestAccKinds (acc_kinds_test.go). An upstream, changing its number of
// slots.
var upstreamRow = kindRow{block: "name = \"orders.upstream\"\n  slots = %s", update: &kindUpdate{attr: "slots", values: [2]any{100, 200}, ui: 300}}
