package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// certificateRow takes part in TestAccKinds (acc_kinds_test.go). A certificate: its key material
// is sensitive, so the row changes its tags.
var certificateRow = acctest.KindRow{NoKept: "tags, its one optional field besides the key pairs, is the updated attribute; the alternative pair needs a second key",
	Deps: pemDep, Block: "cert = local.cert\n  key = local.key\n  tags = %s",
	Update: &acctest.KindUpdate{Attr: "tags", Values: [2]any{[]string{"a"}, []string{"b"}}, UI: []any{"edited-in-ui"}}}
