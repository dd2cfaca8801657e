package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// keySetRow takes part in TestAccKinds (acc_kinds_test.go). A key set, renamed in place.
var keySetRow = acctest.KindRow{Block: "name = %s", Update: &acctest.KindUpdate{Attr: "name", Values: [2]any{"signing", "signing-2"}, UI: "signing-ui"}}
