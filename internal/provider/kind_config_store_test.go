package provider

// configStoreRow takes part in TestAccKinds (acc_kinds_test.go). A config store, renamed.
var configStoreRow = kindRow{noKept: "name is its one field",
	block:     "name = %s",
	update:    &kindUpdate{attr: "name", values: [2]any{"first", "second"}, ui: "renamed in the UI"},
	noRemoval: "a config store's only attribute, name, is required: nothing to remove from configuration"}
