package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// configStoreRow takes part in TestAccKinds (acc_kinds_test.go). A config store, renamed.
var configStoreRow = acctest.KindRow{NoKept: "name is its one field",
	Block:     "name = %s",
	Update:    &acctest.KindUpdate{Attr: "name", Values: [2]any{"first", "second"}, UI: "renamed in the UI"},
	NoRemoval: "a config store's only attribute, name, is required: nothing to remove from configuration"}
