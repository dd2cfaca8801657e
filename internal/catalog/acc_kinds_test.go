package catalog_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/catalog"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// kind of the API catalog, from its row in kind_catalog_test.go; internal/provider's
// TestKindRowsCoverEveryKind checks that this runs catalog.Kinds, the family's part of the
// provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, catalog.Kinds, kindRows, newServer)
}

// TestAccKindsBothCLIs runs the rows of the family's kinds that OpenTofu runs too
// (acctest.KindsBothCLIs: one per API style).
func TestAccKindsBothCLIs(t *testing.T) {
	acctest.RunKindsBothCLIs(t, catalog.Kinds, kindRows, newServer)
}

// kindRows: one row per kind of the API catalog (kind_catalog_test.go).
var kindRows = map[string]acctest.KindRow{
	catalog.APIKind.TypeName:            apiRow,
	catalog.VersionKind.TypeName:        apiVersionRow,
	catalog.SpecificationKind.TypeName:  apiSpecificationRow,
	catalog.DocumentKind.TypeName:       apiDocumentRow,
	catalog.PublicationKind.TypeName:    apiPublicationRow,
	catalog.ImplementationKind.TypeName: apiImplementationRow,
}
