package provider

import "slices"

// Kinds lists every resource kind the provider serves. Each kind is a declaration in its
// own kind_*.go file; the engine in resource.go serves them all.
var Kinds = slices.Concat(
	[]EntityKind{ControlPlaneKind, ServiceKind},
	proxyKinds,          // kinds_proxy.go: routes, plugins, consumers and their credentials
	upstreamAndTLSKinds, // kinds_tls.go: upstreams, targets, certificates, SNIs, vaults, keys
)

// DataSourceKinds are the kinds that also have a by-id-or-name data source.
var DataSourceKinds = []string{
	"konnect_gateway_control_plane",
	"konnect_gateway_service",
	"konnect_gateway_route",
	"konnect_gateway_consumer",
	"konnect_gateway_upstream",
}
