package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// caCertificateRow takes part in TestAccKinds (acc_kinds_test.go). A CA certificate: a new
// certificate would be another object in all but id, so the row changes its tags.
var caCertificateRow = acctest.KindRow{NoKept: "tags, its one optional field besides cert, is the updated attribute",
	Deps: pemDep, Block: "cert = local.cert\n  tags = %s", Update: &acctest.KindUpdate{Attr: "tags", Values: [2]any{[]string{"ca"}, []string{"ca", "root"}}, UI: []any{"ui"}}}
