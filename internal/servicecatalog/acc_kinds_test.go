package servicecatalog_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/servicecatalog"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// kind of the service catalog family, from its row in kind_servicecatalog_test.go;
// internal/provider's TestKindRowsCoverEveryKind checks that this runs servicecatalog.Kinds,
// the family's part of the provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, servicecatalog.Kinds, kindRows, newServer)
}

// kindRows: one row per kind of the service catalog family (kind_servicecatalog_test.go).
var kindRows = map[string]acctest.KindRow{
	servicecatalog.CatalogServiceKind.TypeName:      catalogServiceRow,
	servicecatalog.IntegrationInstanceKind.TypeName: integrationInstanceRow,
	servicecatalog.AuthConfigKind.TypeName:          authConfigRow,
	servicecatalog.AuthCredentialKind.TypeName:      authCredentialRow,
}
