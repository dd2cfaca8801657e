package gateway

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// Kinds are the gateway family's resource kinds, the part of the provider's registry
// (internal/provider's Kinds) that this family declares, and what this package's
// TestAccKinds runs.
var Kinds = []engine.EntityKind{
	ControlPlaneKind, ServiceKind,
	RouteKind, PluginKind, ConsumerKind, ConsumerGroupKind, ConsumerGroupMemberKind,
	KeyAuthKind, BasicAuthKind, ACLKind, JWTKind, HMACAuthKind,
	UpstreamKind, TargetKind,
	CertificateKind, CACertificateKind, SNIKind,
	VaultKind, KeySetKind, KeyKind,
	PartialKind, CustomPluginSchemaKind, CustomPluginStreamingKind, MTLSAuthKind, DataPlaneClientCertificateKind,
	ConfigStoreKind, ConfigStoreSecretKind, ControlPlaneMembershipKind,
}
