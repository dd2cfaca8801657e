package organization_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// The organization family's rows in TestAccKinds (acc_kinds_test.go).

// auditLogDestinationRow: an audit log destination moving to another endpoint; someone
// turning off TLS verification in Konnect keeps it through the update (a PATCH of what the
// plan changes); scenario 9 removes log_format, which goes back to cef.
var auditLogDestinationRow = acctest.KindRow{
	Block:   "name = \"siem\"\n  authorization = \"Bearer dest-row-token\"\n  endpoint = %s",
	Update:  &acctest.KindUpdate{Attr: "endpoint", Values: [2]any{"https://siem.example.com/a", "https://siem.example.com/b"}, UI: "https://siem.example.com/ui"},
	Kept:    &acctest.KindKept{Field: "skip_ssl_verification", UI: true},
	Removal: &acctest.KindRemoval{Attr: "log_format", HCL: `"json"`, UI: "cps"},
}

// auditLogRow: the organization's audit log webhook (one per organization, id audit_log),
// sending to a destination of the configuration, switched off; scenario 9 removes enabled,
// which goes back to false.
var auditLogRow = acctest.KindRow{NoKept: "the webhook has two fields, and the row's configuration sets both",
	Deps:    func(*acctest.KindFixture) string { return acctest.AuditDestinationHCL("org_logs") },
	Block:   "audit_log_destination_id = konnect_audit_log_destination.org_logs.id\n  enabled = %s",
	Update:  &acctest.KindUpdate{Attr: "enabled", Values: [2]any{true, false}, UI: false},
	Removal: &acctest.KindRemoval{Attr: "enabled", HCL: "true", UI: true},
}

// cmekRow: the organization's CMEK (id default) moving to another KMS key; a description
// someone sets in Konnect survives the update (a PUT of the whole object, with what Konnect
// holds of what configuration leaves unset); scenario 9 removes the description, which goes.
var cmekRow = acctest.KindRow{
	Block:   "name = \"konnect-data\"\n  key_arn = %s",
	Update:  &acctest.KindUpdate{Attr: "key_arn", Values: [2]any{"arn:aws:kms:us-east-1:123456789012:key/mrk-a", "arn:aws:kms:us-east-1:123456789012:key/mrk-b"}, UI: "arn:aws:kms:us-east-1:123456789012:key/mrk-ui"},
	Kept:    &acctest.KindKept{Field: "description", UI: "set in the UI"},
	Removal: &acctest.KindRemoval{Attr: "description", HCL: `"Konnect data"`, UI: "set in the UI"},
}
