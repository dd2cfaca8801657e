package servicecatalog

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// Kinds are the service catalog's resource kinds, the part of the provider's registry
// (internal/provider's Kinds) that this family declares, and what this package's
// TestAccKinds runs.
var Kinds = []engine.EntityKind{CatalogServiceKind, IntegrationInstanceKind, AuthConfigKind, AuthCredentialKind}
