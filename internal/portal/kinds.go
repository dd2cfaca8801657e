package portal

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// Kinds are the Dev Portal family's resource kinds, in the order of the provider's registry
// (internal/provider's Kinds, which serves them with the other families'): what this
// package's TestAccKinds runs, and what internal/provider checks its registry against.
var Kinds = []engine.EntityKind{
	PortalKind, TeamKind, TeamRoleKind,
	PageKind, SnippetKind,
	IPAllowListKind,
	AuditLogWebhookKind,
	AuthKind, CustomizationKind, CustomDomainKind, LogoKind, FaviconKind,
	ApplicationAuthStrategyKind,
}
