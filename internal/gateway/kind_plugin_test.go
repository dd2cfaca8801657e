package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// pluginRow takes part in TestAccKinds (acc_kinds_test.go). A global plugin, changing one key of
// its JSON config (Konnect fills in the other keys).
var pluginRow = acctest.KindRow{Block: "name = \"rate-limiting\"\n  config = %s",
	Update: &acctest.KindUpdate{Attr: "config", Field: "config.minute", HCL: `jsonencode({ minute = %v, policy = "local" })`, Values: [2]any{10, 20}, UI: 30}}
