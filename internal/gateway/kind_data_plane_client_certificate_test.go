package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// dataPlaneClientCertificateRow takes part in TestAccKinds (acc_kinds_test.go). A data-plane
// client certificate, changing its title; scenario 9 removes the title.
var dataPlaneClientCertificateRow = acctest.KindRow{NoKept: "cert and title are its only fields",
	Deps: pemDep, Block: "cert = local.cert\n  title = %s",
	Update:  &acctest.KindUpdate{Attr: "title", Values: [2]any{"first", "second"}, UI: "edited in the UI"},
	Removal: &acctest.KindRemoval{Attr: "title", HCL: `"t9"`, UI: "set in the UI"}}
