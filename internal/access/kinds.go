package access

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// Kinds are the access family's resource kinds, in the order of the provider's registry
// (internal/provider's Kinds, which serves them with the other families'): what this
// package's TestAccKinds runs, and what internal/provider checks its registry against.
// UserKind is read by a data source only, and is not one.
var Kinds = []engine.EntityKind{
	TeamKind, TeamUserKind, TeamRoleKind,
	SystemAccountKind, SystemAccountTeamKind, SystemAccountRoleKind, SystemAccountAccessTokenKind,
	AuthenticationSettingsKind, IdentityProviderKind, IdentityProviderTeamGroupMappingKind,
}
