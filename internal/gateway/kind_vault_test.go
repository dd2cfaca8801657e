package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// vaultRow takes part in TestAccKinds (acc_kinds_test.go). An env vault, changing its description.
var vaultRow = acctest.KindRow{Block: "name = \"env\"\n  prefix = \"app-env\"\n  config = jsonencode({ prefix = \"APP_\" })\n  description = %s",
	Update: &acctest.KindUpdate{Attr: "description", Values: [2]any{"first", "second"}, UI: "edited in the UI"}}
