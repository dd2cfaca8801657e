package organization_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/organization"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// kind of the organization family, from its row in kind_organization_test.go;
// internal/provider's TestKindRowsCoverEveryKind checks that this runs organization.Kinds,
// the family's part of the provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, organization.Kinds, kindRows, newServer)
}

// kindRows: one row per kind of the organization family (kind_organization_test.go).
var kindRows = map[string]acctest.KindRow{
	organization.AuditLogDestinationKind.TypeName: auditLogDestinationRow,
	organization.AuditLogKind.TypeName:            auditLogRow,
	organization.CMEKKind.TypeName:                cmekRow,
}
