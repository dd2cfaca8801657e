package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// serviceRow takes part in TestAccKinds (acc_kinds_test.go). A service, changing its read timeout.
var serviceRow = acctest.KindRow{Block: "name = \"orders\"\n  host = \"orders.internal\"\n  read_timeout = %s",
	Update: &acctest.KindUpdate{Attr: "read_timeout", Values: [2]any{60000, 90000}, UI: 120000}}
