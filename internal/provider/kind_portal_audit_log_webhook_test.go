package provider

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// auditDestinations are ids of the organization's audit log destinations (the mock takes any
// UUID).
var auditDestinations = acctest.AuditDestinations

// auditLogWebhookRow: a portal's audit log webhook (one per portal, its id the portal's),
// moving to another destination; scenario 9 removes enabled, which goes back to false.
var auditLogWebhookRow = kindRow{kept: &kindKept{"enabled", true},
	deps:    portalDep,
	block:   "portal_id = konnect_portal.dev.id\n  audit_log_destination_id = %s",
	update:  &kindUpdate{attr: "audit_log_destination_id", values: [2]any{auditDestinations[0], auditDestinations[1]}, ui: auditDestinations[2]},
	removal: &kindRemoval{attr: "enabled", hcl: "true", ui: true}}
