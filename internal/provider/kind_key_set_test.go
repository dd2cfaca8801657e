package provider

// keySetRow takes part in TestAccKinds (acc_kinds_test.go). A key set, renamed in place.
var keySetRow = kindRow{block: "name = %s", update: &kindUpdate{attr: "name", values: [2]any{"signing", "signing-2"}, ui: "signing-ui"}}
