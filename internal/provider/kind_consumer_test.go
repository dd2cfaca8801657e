package provider

// consumerRow takes part in TestAccKinds (acc_kinds_test.go). A consumer, changing its custom id.
var consumerRow = kindRow{block: "username = \"alice\"\n  custom_id = %s",
	update: &kindUpdate{attr: "custom_id", values: [2]any{"c-1", "c-2"}, ui: "c-ui"}}
