package provider

// Kinds lists every resource kind the provider serves, and so every data source but the
// control plane list (those with DataSource set). Each kind is a declaration in its own
// kind_*.go file; the engine in resource.go serves them all.
var Kinds = []EntityKind{
	ControlPlaneKind, ServiceKind,
	// the proxy path: routes, plugins, consumers, consumer groups and credentials
	RouteKind, PluginKind, ConsumerKind, ConsumerGroupKind, ConsumerGroupMemberKind,
	KeyAuthKind, BasicAuthKind, ACLKind, JWTKind, HMACAuthKind,
	// load balancing and key material
	UpstreamKind, TargetKind,
	CertificateKind, CACertificateKind, SNIKind,
	VaultKind, KeySetKind, KeyKind,
	// shared plugin configuration, custom plugins, mTLS consumers, data planes, config stores
	// and control plane groups
	PartialKind, CustomPluginSchemaKind, MTLSAuthKind, DataPlaneClientCertificateKind,
	ConfigStoreKind, ConfigStoreSecretKind, ControlPlaneMembershipKind,
}
