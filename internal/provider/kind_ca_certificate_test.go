package provider

// caCertificateRow takes part in TestAccKinds (acc_kinds_test.go). A CA certificate: a new
// certificate would be another object in all but id, so the row changes its tags.
var caCertificateRow = kindRow{noKept: "tags, its one optional field besides cert, is the updated attribute",
	deps: pemDep, block: "cert = local.cert\n  tags = %s", update: &kindUpdate{attr: "tags", values: [2]any{[]string{"ca"}, []string{"ca", "root"}}, ui: []any{"ui"}}}
