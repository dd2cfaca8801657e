package provider

// consumerGroupRow takes part in TestAccKinds (acc_kinds_test.go). A consumer group, renamed in
// place.
var consumerGroupRow = kindRow{block: "name = %s", update: &kindUpdate{attr: "name", values: [2]any{"gold", "gold-2"}, ui: "gold-ui"}}
