package provider

import (
	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/catalog"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// Kinds lists every resource kind the provider serves, and so the data sources of those
// with DataSource set and the <type>_list data sources of those with a Filter (the other
// lists and konnect_roles are added in DataSources). Each kind is a declaration in its own
// kind_*.go file; the engine in resource.go serves them all.
var Kinds = []engine.EntityKind{
	gateway.ControlPlaneKind, gateway.ServiceKind,
	// the proxy path: routes, plugins, consumers, consumer groups and credentials
	gateway.RouteKind, gateway.PluginKind, gateway.ConsumerKind, gateway.ConsumerGroupKind, gateway.ConsumerGroupMemberKind,
	gateway.KeyAuthKind, gateway.BasicAuthKind, gateway.ACLKind, gateway.JWTKind, gateway.HMACAuthKind,
	// load balancing and key material
	gateway.UpstreamKind, gateway.TargetKind,
	gateway.CertificateKind, gateway.CACertificateKind, gateway.SNIKind,
	gateway.VaultKind, gateway.KeySetKind, gateway.KeyKind,
	// shared plugin configuration, custom plugins, mTLS consumers, data planes, config stores
	// and control plane groups
	gateway.PartialKind, gateway.CustomPluginSchemaKind, gateway.MTLSAuthKind, gateway.DataPlaneClientCertificateKind,
	gateway.ConfigStoreKind, gateway.ConfigStoreSecretKind, gateway.ControlPlaneMembershipKind,
	// who may change Konnect: teams, system accounts, roles, tokens, SSO (internal/access)
	access.TeamKind, access.TeamUserKind, access.TeamRoleKind,
	access.SystemAccountKind, access.SystemAccountTeamKind, access.SystemAccountRoleKind, access.SystemAccountAccessTokenKind,
	access.AuthenticationSettingsKind, access.IdentityProviderKind, access.IdentityProviderTeamGroupMappingKind,
	// the Dev Portal: portals, their developers' teams and those teams' roles (internal/portal)
	portal.PortalKind, portal.TeamKind, portal.TeamRoleKind,
	// the Dev Portal's content (internal/portal)
	portal.PageKind, portal.SnippetKind,
	// who may reach a portal (internal/portal)
	portal.IPAllowListKind,
	// where a portal's audit logs go (internal/portal)
	portal.AuditLogWebhookKind,
	// the API catalog: APIs, their versions and documents, their publications (internal/catalog)
	catalog.APIKind, catalog.VersionKind, catalog.SpecificationKind, catalog.DocumentKind, catalog.PublicationKind, catalog.ImplementationKind,
	// the Dev Portal's settings (internal/portal)
	portal.AuthKind, portal.CustomizationKind, portal.CustomDomainKind, portal.LogoKind, portal.FaviconKind,
	// how applications authenticate to the APIs portals publish (internal/portal)
	portal.ApplicationAuthStrategyKind,
}

// DataOnlyKinds are read by a data source only: Konnect's users, who join by invitation.
var DataOnlyKinds = []engine.EntityKind{access.UserKind}
