package gateway

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// Kinds are the gateway family's resource kinds, in the order of the provider's registry
// (internal/provider's Kinds, which serves them with the other families'): what this
// package's TestAccKinds runs, and what internal/provider checks its registry against.
var Kinds = []engine.EntityKind{
	ControlPlaneKind, ServiceKind,
	RouteKind, PluginKind, ConsumerKind, ConsumerGroupKind, ConsumerGroupMemberKind,
	KeyAuthKind, BasicAuthKind, ACLKind, JWTKind, HMACAuthKind,
	UpstreamKind, TargetKind,
	CertificateKind, CACertificateKind, SNIKind,
	VaultKind, KeySetKind, KeyKind,
	PartialKind, CustomPluginSchemaKind, MTLSAuthKind, DataPlaneClientCertificateKind,
	ConfigStoreKind, ConfigStoreSecretKind, ControlPlaneMembershipKind,
}
