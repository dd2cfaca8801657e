package portal_test

import (
	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// The Dev Portal's acceptance tests run the provider in process, each against its own mock
// Konnect: the harness is internal/acctest, shared with the other packages' tests.

// newServer is the provider under test, as the CLI starts it.
var newServer = provider.NewServer("test")

// protoV6Factories serves the provider to a test case.
var protoV6Factories = acctest.Factories(newServer)
