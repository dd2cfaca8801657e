package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// consumerRow takes part in TestAccKinds (acc_kinds_test.go). A consumer, changing its custom id.
var consumerRow = acctest.KindRow{Block: "username = \"alice\"\n  custom_id = %s",
	Update: &acctest.KindUpdate{Attr: "custom_id", Values: [2]any{"c-1", "c-2"}, UI: "c-ui"}}
