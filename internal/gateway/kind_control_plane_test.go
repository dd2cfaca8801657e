package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// controlPlaneRow takes part in TestAccKinds (acc_kinds_test.go). Control planes are PATCHed; the
// row changes the description.
var controlPlaneRow = acctest.KindRow{Block: "name = \"under-test\"\n  description = %s",
	Update:  &acctest.KindUpdate{Attr: "description", Values: [2]any{"v0", "v1"}, UI: "edited in the UI"},
	Removal: &acctest.KindRemoval{Attr: "labels", HCL: `{ team = "t9" }`, UI: map[string]any{"team": "ui"}}}
