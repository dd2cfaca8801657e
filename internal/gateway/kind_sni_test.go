package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// sniRow takes part in TestAccKinds (acc_kinds_test.go). An SNI: its name changes in place.
var sniRow = acctest.KindRow{Deps: certificateDep, Block: "certificate = { id = konnect_gateway_certificate.c.id }\n  name = %s",
	Update: &acctest.KindUpdate{Attr: "name", Values: [2]any{"api.example.com", "www.example.com"}, UI: "ui.example.com"}}
