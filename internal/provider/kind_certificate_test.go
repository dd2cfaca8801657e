package provider

// certificateRow takes part in TestAccKinds (acc_kinds_test.go). A certificate: its key material
// is sensitive, so the row changes its tags.
var certificateRow = kindRow{noKept: "tags, its one optional field besides the key pairs, is the updated attribute; the alternative pair needs a second key",
	deps: pemDep, block: "cert = local.cert\n  key = local.key\n  tags = %s",
	update: &kindUpdate{attr: "tags", values: [2]any{[]string{"a"}, []string{"b"}}, ui: []any{"edited-in-ui"}}}
