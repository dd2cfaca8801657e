package provider

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// auditDestinations are ids of the organization's audit log destinations (the mock takes any
// UUID).
var auditDestinations = acctest.AuditDestinations
