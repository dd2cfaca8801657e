package provider

// upstreamAndTLSKinds are load balancing and key material: upstreams, targets,
// certificates, CA certificates, SNIs, vaults, key sets and keys.
var upstreamAndTLSKinds = []EntityKind{
	UpstreamKind, TargetKind,
	CertificateKind, CACertificateKind, SNIKind,
	VaultKind, KeySetKind, KeyKind,
}
