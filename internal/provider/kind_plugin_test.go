package provider

// pluginRow takes part in TestAccKinds (acc_kinds_test.go). A global plugin, changing one key of
// its JSON config (Konnect fills in the other keys).
var pluginRow = kindRow{block: "name = \"rate-limiting\"\n  config = %s",
	update: &kindUpdate{attr: "config", field: "config.minute", hcl: `jsonencode({ minute = %v, policy = "local" })`, values: [2]any{10, 20}, ui: 30}}
