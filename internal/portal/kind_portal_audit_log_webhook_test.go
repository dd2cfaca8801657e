package portal_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// Where a portal's audit logs go: its row in TestAccKinds (acc_kinds_test.go).

// auditLogWebhookRow: a portal's audit log webhook (one per portal, its id the portal's),
// sending to a konnect_audit_log_destination of the configuration, switched off; scenario 9
// removes enabled, which goes back to false. Both of its fields are configured.
var auditLogWebhookRow = acctest.KindRow{NoKept: "the webhook has two fields, and the row's configuration sets both",
	Deps: func(f *acctest.KindFixture) string {
		return portalDep(f) + acctest.AuditDestinationHCL("portal_logs")
	},
	Block:   "portal_id = konnect_portal.dev.id\n  audit_log_destination_id = konnect_audit_log_destination.portal_logs.id\n  enabled = %s",
	Update:  &acctest.KindUpdate{Attr: "enabled", Values: [2]any{true, false}, UI: false},
	Removal: &acctest.KindRemoval{Attr: "enabled", HCL: "true", UI: true}}
