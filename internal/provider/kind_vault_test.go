package provider

// vaultRow takes part in TestAccKinds (acc_kinds_test.go). An env vault, changing its description.
var vaultRow = kindRow{block: "name = \"env\"\n  prefix = \"app-env\"\n  config = jsonencode({ prefix = \"APP_\" })\n  description = %s",
	update: &kindUpdate{attr: "description", values: [2]any{"first", "second"}, ui: "edited in the UI"}}
