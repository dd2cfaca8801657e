package provider

// proxyKinds are the kinds that shape the proxy path: routes, plugins, consumers,
// consumer groups and consumer credentials.
var proxyKinds = []EntityKind{
	RouteKind, PluginKind, ConsumerKind, ConsumerGroupKind, ConsumerGroupMemberKind,
	KeyAuthKind, BasicAuthKind, ACLKind, JWTKind, HMACAuthKind,
}
