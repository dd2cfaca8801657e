package access

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// Kinds are the access family's resource kinds, the part of the provider's registry
// (internal/provider's Kinds) that this family declares, and what this package's
// TestAccKinds runs.
// UserKind is read by a data source only, and is not one.
var Kinds = []engine.EntityKind{
	TeamKind, TeamUserKind, TeamRoleKind,
	SystemAccountKind, SystemAccountTeamKind, SystemAccountRoleKind, SystemAccountAccessTokenKind,
	AuthenticationSettingsKind, IdentityProviderKind, IdentityProviderTeamGroupMappingKind,
}
