package consumers_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/consumers"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// kind of the centralized consumers family, from its row in kind_consumers_test.go;
// internal/provider's TestKindRowsCoverEveryKind checks that this runs consumers.Kinds, the
// family's part of the provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, consumers.Kinds, kindRows, newServer)
}

// kindRows: one row per kind of the centralized consumers family (kind_consumers_test.go).
var kindRows = map[string]acctest.KindRow{
	consumers.RealmKind.TypeName:    realmRow,
	consumers.ConsumerKind.TypeName: consumerRow,
	consumers.KeyKind.TypeName:      keyRow,
}
