package kongidentity_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/kongidentity"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// kind of the Kong Identity family, from its row in kind_kongidentity_test.go;
// internal/provider's TestKindRowsCoverEveryKind checks that this runs kongidentity.Kinds,
// the family's part of the provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, kongidentity.Kinds, kindRows, newServer)
}

// kindRows: one row per kind of the Kong Identity family (kind_kongidentity_test.go).
var kindRows = map[string]acctest.KindRow{
	kongidentity.AuthServerKind.TypeName: authServerRow,
	kongidentity.ScopeKind.TypeName:      scopeRow,
	kongidentity.ClaimKind.TypeName:      claimRow,
	kongidentity.ClientKind.TypeName:     clientRow,
}
