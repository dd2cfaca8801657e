package provider

// controlPlaneRow takes part in TestAccKinds (acc_kinds_test.go). Control planes are PATCHed; the
// row changes the description.
var controlPlaneRow = kindRow{block: "name = \"under-test\"\n  description = %s",
	update:  &kindUpdate{attr: "description", values: [2]any{"v0", "v1"}, ui: "edited in the UI"},
	removal: &kindRemoval{attr: "labels", hcl: `{ team = "t9" }`, ui: map[string]any{"team": "ui"}}}
