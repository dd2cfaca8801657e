package access_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// access kind, from its row in kind_access_test.go or kind_identity_provider_test.go;
// internal/provider's TestKindRowsCoverEveryKind checks that this runs access.Kinds, the
// family's part of the provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, access.Kinds, kindRows, newServer)
}

// TestAccKindsBothCLIs runs the rows of the family's kinds that OpenTofu runs too
// (acctest.KindsBothCLIs: one per API style).
func TestAccKindsBothCLIs(t *testing.T) {
	acctest.RunKindsBothCLIs(t, access.Kinds, kindRows, newServer)
}

// kindRows: one row per access kind.
var kindRows = map[string]acctest.KindRow{
	// the access family (kind_access_test.go)
	access.TeamKind.TypeName:                     teamRow,
	access.TeamUserKind.TypeName:                 teamUserRow,
	access.TeamRoleKind.TypeName:                 teamRoleRow,
	access.SystemAccountKind.TypeName:            systemAccountRow,
	access.SystemAccountTeamKind.TypeName:        systemAccountTeamRow,
	access.SystemAccountRoleKind.TypeName:        systemAccountRoleRow,
	access.SystemAccountAccessTokenKind.TypeName: systemAccountAccessTokenRow,
	access.AuthenticationSettingsKind.TypeName:   authenticationSettingsRow,
	// single sign-on (kind_identity_provider_test.go)
	access.IdentityProviderKind.TypeName:                 identityProviderRow,
	access.IdentityProviderTeamGroupMappingKind.TypeName: identityProviderTeamGroupMappingRow,
}
