package cloudgateway

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// Kinds are the family's resource kinds, the part of the provider's registry
// (internal/provider's Kinds) that this family declares, and what this package's
// TestAccKinds runs.
var Kinds = []engine.EntityKind{NetworkKind, ConfigurationKind, TransitGatewayKind, PrivateDNSKind, CustomDomainKind, AddOnKind, ServerlessKind}

// DataOnlyKinds are read by data sources only: the organization's provider accounts, which
// Konnect links (konnect_cloud_gateway_provider_account_list).
var DataOnlyKinds = []engine.EntityKind{ProviderAccountKind}
