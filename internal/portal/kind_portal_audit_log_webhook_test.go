package portal_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// Where a portal's audit logs go: its row in TestAccKinds (acc_kinds_test.go).

// auditLogWebhookRow: a portal's audit log webhook (one per portal, its id the portal's),
// moving to another destination; scenario 9 removes enabled, which goes back to false.
var auditLogWebhookRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "enabled", UI: true},
	Deps:    portalDep,
	Block:   "portal_id = konnect_portal.dev.id\n  audit_log_destination_id = %s",
	Update:  &acctest.KindUpdate{Attr: "audit_log_destination_id", Values: [2]any{acctest.AuditDestinations[0], acctest.AuditDestinations[1]}, UI: acctest.AuditDestinations[2]},
	Removal: &acctest.KindRemoval{Attr: "enabled", HCL: "true", UI: true}}
