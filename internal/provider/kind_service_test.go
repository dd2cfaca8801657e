package provider

// serviceRow takes part in TestAccKinds (acc_kinds_test.go). A service, changing its read timeout.
var serviceRow = kindRow{block: "name = \"orders\"\n  host = \"orders.internal\"\n  read_timeout = %s",
	update: &kindUpdate{attr: "read_timeout", values: [2]any{60000, 90000}, ui: 120000}}
